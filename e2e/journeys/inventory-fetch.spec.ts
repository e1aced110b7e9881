/**
 * Issue 17, inventory through SP-API (decision 0050): a merchant connects Amazon (a local SP-API of
 * its own), turns on the monthly inventory fetch in Account Settings > Inventory, fetches last month
 * now and follows it to "Stored", sees on the Monthly Inventory Summary that the month came from
 * Amazon, and the settings change in History. Own server and own fakes, on ports of its own.
 */
import { expect, test } from '@playwright/test';
import { useFakeChannels } from './fake-channels';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const channels = useFakeChannels(8836, 8837);
const BASE = useOwnServer(8830, 'inventory-fetch', (env) => channels.pointAmazonAt(env));

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

test('turn on the monthly inventory fetch, fetch last month from Amazon, and see where the month came from', async ({ page }) => {
  test.setTimeout(120_000);
  const month = lastMonth();
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  if (!(await page.getByRole('button', { name: 'Current account: Acme Outdoor US' }).isVisible())) await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/admin/sales-channel/amazon`);
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await expect(page.getByRole('status').getByText('Amazon is connected')).toBeVisible();

  await page.goto(`${BASE}/app/account-settings/inventory`);
  const form = page.getByRole('form', { name: 'Inventory settings' });
  await form.getByRole('switch', { name: 'Fetch the inventory report from Amazon every month' }).check({ force: true });
  await form.getByRole('radio', { name: /^Fulfilment centre/ }).check();
  await form.getByLabel('Valuation currency', { exact: true }).click();
  await page.getByRole('option', { name: 'USD', exact: true }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The inventory settings are saved.')).toBeVisible();
  await saveScreenshot(page, 'invfetch-1-settings');

  await page.getByRole('textbox', { name: 'Month' }).fill(month);
  await page.getByRole('button', { name: 'Fetch month now' }).click();
  const fetches = page.getByRole('table', { name: 'Inventory fetches' });
  await expect(fetches.getByRole('row').filter({ hasText: month })).toContainText('Stored', { timeout: 45_000 });
  await expect(fetches.getByRole('row').filter({ hasText: month })).toContainText(/5 rows of Amazon report \d+ stored/);
  await saveScreenshot(page, 'invfetch-2-fetched');

  await page.goto(`${BASE}/app/inventory`);
  await page.getByRole('textbox', { name: 'Month' }).fill(month);
  await expect(page.getByRole('status').filter({ hasText: 'units on hand' })).toContainText(/fetched from Amazon \(report \d+\)/);
  await expect(page.getByRole('table', { name: 'Stored inventory months' }).getByRole('row').filter({ hasText: month })).toContainText('Amazon SP-API');
  await saveScreenshot(page, 'invfetch-3-summary');

  await page.goto(`${BASE}/app/account-settings/history`);
  await expect(page.getByText(/Changed the inventory fetch settings: .*Fetch inventory monthly off → on/)).toBeVisible();
  await expect(page.getByText(new RegExp(`Fetched the inventory report from Amazon for ${month}`))).toBeVisible();
  await saveScreenshot(page, 'invfetch-4-history');
});
