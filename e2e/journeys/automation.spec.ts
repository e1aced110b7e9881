/**
 * Issue 15, automation: a merchant makes an Amazon account posting to the built-in ledger, connects
 * Amazon (a local SP-API of its own here), turns on Settings > Automation, and sees the fetched
 * settlements posted with no Send clicked: in the settlements list, in Automation's "Sent
 * automatically", as a notification under the bell, and in History as sent by Ledgerport.
 */
import { expect, test, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { useFakeChannels } from './fake-channels';
import { saveScreenshot, signIn } from './sign-in';

const PORT = 8205;
const channels = useFakeChannels(8206, 8207);

const BASE = useOwnServer(PORT, 'automation', (env) => {
  channels.pointAmazonAt(env);
  env.LEDGERPORT_CHANNEL_FETCH_INTERVAL_MINUTES = '1';
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function newAmazonAccount(page: Page, name: string) {
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'New account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill(name);
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'Amazon' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Built-in ledger' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: `Current account: ${name}` })).toBeVisible();
}

test('with automation on, fetched settlements are posted with no click, and History says Ledgerport sent them', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await newAmazonAccount(page, 'Acme Autopilot');

  await page.goto(`${BASE}/app/admin/sales-channel/amazon`);
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await expect(page.getByRole('status').getByText('Amazon is connected')).toBeVisible();

  await page.goto(`${BASE}/app/account-settings/automation`);
  const form = page.getByRole('form', { name: 'Automatic sending' });
  await expect(form.getByText('Never changed: automation is off until you turn it on.')).toBeVisible();
  await form.getByRole('switch', { name: 'Send new settlements automatically' }).check({ force: true });
  await form.getByRole('textbox', { name: 'Wait before sending (hours)' }).fill('0');
  // The fetched settlements are a few days old: include the last month.
  await form.getByLabel('First day sent').fill(daysAgo(30));
  await form.getByRole('button', { name: 'Save automation' }).click();
  await expect(form.getByText(/Last changed by demo@ledgerport.local/)).toBeVisible();

  // No Send is clicked: the fetch and the automation job post them.
  const sent = page.getByLabel('Sent automatically');
  await expect(async () => {
    await page.reload();
    await expect(sent.getByText('Settlement 91000000001')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 90_000, intervals: [2000, 3000, 5000] });
  // The open one (still running at Amazon) waits; the old one (75 days) is before the first day sent.
  const outlook = page.getByRole('table', { name: 'What automation does with each unposted settlement' });
  await expect(outlook.getByRole('row', { name: /91000000003/ })).toContainText('still open');
  await saveScreenshot(page, 'automation-1-settings');

  await page.goto(`${BASE}/app/settlements`);
  const row = page.getByRole('row', { name: /#91000000001/ });
  await expect(row.getByRole('list', { name: 'Status' })).toContainText('Posted');
  await saveScreenshot(page, 'automation-2-posted');

  // The bell says so, and the notification opens the settlement.
  await expect(page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).or(page.getByRole('link', { name: /^Notifications, [1-9]\d* unread$/ }))).toBeVisible({ timeout: 70_000 });
  await page.goto(`${BASE}/app/notifications`);
  await expect(page.getByText('Settlement 91000000001 was sent automatically')).toBeVisible();
  await saveScreenshot(page, 'automation-3-notification');

  await page.goto(`${BASE}/app/account-settings/history`);
  await expect(page.getByRole('row', { name: /Automatically sent settlement 91000000001/ })).toContainText('Ledgerport');
  await expect(page.getByRole('row', { name: /Changed the automation: Automatic sending off → on/ })).toContainText('demo@ledgerport.local');
  await saveScreenshot(page, 'automation-4-history');
});
