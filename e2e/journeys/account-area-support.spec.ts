/**
 * Issue 19, the internal account area's remaining pages (decision 0047): a support admin opens an
 * Amazon account's received reports, one report's stored transactions and totals, its Amazon data
 * state, runs a confirmed utility (seen in the account's history with their name), and opens a
 * Walmart account's utilities; a non-Amazon account is told it has no Amazon data.
 */
import { expect, test, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(Number(process.env.LEDGERPORT_E2E_ACCOUNT_AREA_PORT ?? 8801), 'account-area-support');

/** In the journey's artifacts, and in /tmp/shots when LEDGERPORT_E2E_SHOTS_DIR names it. */
async function shoot(page: Page, name: string) {
  await saveScreenshot(page, `account-area-support-${name}`);
  if (process.env.LEDGERPORT_E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.LEDGERPORT_E2E_SHOTS_DIR}/acctarea-${name}.png`, fullPage: true });
}

test("support reads an account's reports, transactions and Amazon data, runs a utility and opens Walmart utilities", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'support@ledgerport.local', `${BASE}/app/account/acme-amazon-us/transactions/raw`);
  const reports = page.getByRole('table', { name: 'Reports received by Acme Outdoor US' });
  const upload = reports.getByRole('row').filter({ hasText: 'us-v2-promotion-reserve.txt' });
  await expect(upload).toContainText('Upload');
  await expect(upload.getByRole('link', { name: /^Open settlement / })).toBeVisible();
  await shoot(page, '1-raw-transactions');

  await upload.getByRole('link', { name: 'Open report us-v2-promotion-reserve.txt' }).click();
  await expect(page).toHaveURL(/\/app\/account\/acme-amazon-us\/transactions\/us-v2-promotion-reserve\.txt$/);
  await expect(page.getByRole('table', { name: 'Totals by type' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions of this report' }).getByRole('row').nth(1)).toBeVisible();
  await shoot(page, '2-report');

  await page.getByRole('tab', { name: 'Amazon data' }).click();
  await expect(page.getByRole('table', { name: 'Amazon data held' })).toContainText('Uploaded settlement files');
  await shoot(page, '3-amazon-data-state');

  await page.getByRole('tab', { name: 'Utilities' }).click();
  await expect(page.getByRole('table', { name: 'Sends in progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Recompute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recompute the mapping state?' });
  await shoot(page, '4-utilities-confirm');
  await dialog.getByRole('button', { name: 'Run it' }).click();
  await expect(page.getByRole('status')).toContainText('were recomputed');
  await shoot(page, '5-utilities-done');

  await page.goto(`${BASE}/app/account-settings/history?userId=user-demo&accountKey=acme-amazon-us`);
  const line = page.getByRole('table', { name: 'Setting changes' }).getByRole('row').filter({ hasText: 'Support ran refresh-mapping-state' });
  await expect(line).toContainText('support: Sam Support');

  await page.goto(`${BASE}/app/account/acme-ebay/amazon/data-state`);
  await expect(page.getByText(/sells on eBay, not Amazon/)).toBeVisible();
  await shoot(page, '6-not-amazon');

  await page.goto(`${BASE}/app/account/birch-walmart/walmart/utilities`);
  await expect(page.getByRole('heading', { name: 'Walmart connection' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fetch a period again' })).toBeVisible();
  await shoot(page, '7-walmart-utilities');
});
