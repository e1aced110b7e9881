/**
 * Issue 7 in Chromium against the local Amazon SP-API and Shopify servers (started by the Playwright
 * config): connect each channel through its consent page, the fetch that follows brings their
 * settlements (Amazon's still-running one from the Finances API too) into the settlements list, a
 * history request brings an older one, a revoked token shows
 * Connection Error in Settings > Connections and a reconnect clears it.
 */
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

/** The local Amazon of the Playwright config (moved by LEDGERPORT_E2E_FAKE_PORT). */
const FAKE_AMAZON_URL = process.env.LEDGERPORT_E2E_FAKE_AMAZON_URL ?? 'http://127.0.0.1:8181';

async function openSettlements(page: Page) {
  await page.goto('/app/settlements');
  await expect(page.getByRole('table', { name: 'Settlements' })).toBeVisible();
}

/** Reloads the settlements list until the text shows (the fetch runs as a background job). */
async function waitForSettlement(page: Page, text: string) {
  await expect(async () => {
    await openSettlements(page);
    await expect(page.getByText(text)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 45_000, intervals: [1000, 2000, 3000] });
}

async function historyPeriod(page: Page, daysBackFrom: number, daysBackTo: number) {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From date').fill(day(daysBackFrom));
  await page.getByLabel('To date').fill(day(daysBackTo));
  await page.getByRole('button', { name: 'Request history' }).click();
}

test('Amazon: connect, fetched settlements listed, history, revoked token and reconnect', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local');
  await page.goto('/app/admin/sales-channel/amazon');
  await saveScreenshot(page, 'channels-01-connect-amazon');
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await expect(page.getByRole('status').getByText('Amazon is connected')).toBeVisible();
  await saveScreenshot(page, 'channels-02-amazon-connected');

  await waitForSettlement(page, '#91000000001');
  await expect(page.getByText('#91000000002')).toBeVisible();
  await expect(page.getByText('#91000000000')).toHaveCount(0);
  // The settlement still running comes from the Finances API, open, under the id its report will have.
  const status = (id: string) => page.getByRole('row', { name: new RegExp(`#${id}`) }).getByRole('list', { name: 'Status' });
  await expect(status('91000000003').getByRole('listitem')).toHaveText(['Not posted', 'Open']);
  await expect(status('91000000001').getByRole('listitem')).toHaveText(['Not posted']);
  await saveScreenshot(page, 'channels-03-amazon-settlements');

  await page.goto('/app/account-settings/history');
  await historyPeriod(page, 80, 70);
  await expect(page.getByRole('table', { name: 'History requests' }).getByText('Done')).toBeVisible({ timeout: 45_000 });
  await saveScreenshot(page, 'channels-04-history');
  await waitForSettlement(page, '#91000000000');

  // The seller removes our app in Seller Central: the next fetch fails and says so.
  expect((await page.request.post(`${FAKE_AMAZON_URL}/__control/revoke`)).status()).toBe(204);
  await page.goto('/app/account-settings/connections');
  const table = page.getByRole('table', { name: 'Connections' });
  await expect(table.getByText('Connected').first()).toBeVisible();
  await page.getByRole('button', { name: 'Fetch Amazon now' }).click();
  await expect(table.getByText('Connection Error')).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText(/Please reconnect/)).toBeVisible();
  await saveScreenshot(page, 'channels-05-connection-error');

  await page.getByRole('link', { name: 'Reconnect Amazon' }).click();
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await expect(page.getByRole('status').getByText('Amazon is connected')).toBeVisible();
  await page.getByRole('button', { name: 'Open connections' }).click();
  await expect(page.getByRole('table', { name: 'Connections' }).getByText('Connection Error')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Connections' }).getByRole('row', { name: /Amazon/ }).getByText('Connected')).toBeVisible();
  await saveScreenshot(page, 'channels-06-reconnected');
  // Every request the server sent the local SP-API matched Amazon's models.
  expect(await (await page.request.get(`${FAKE_AMAZON_URL}/__control/violations`)).json()).toEqual([]);
});

test('Shopify: connect with the store address, payouts listed, history brings an older payout', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local');
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'Acme Outdoor Shop (Shopify)' }).click();
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor Shop' })).toBeVisible();
  await page.goto('/app/admin/sales-channel/shopify');
  await page.getByLabel('Shopify store address').fill('e2e-outdoor.myshopify.com');
  await saveScreenshot(page, 'channels-07-connect-shopify');
  await page.getByRole('button', { name: 'Connect Shopify' }).click();
  await expect(page.getByRole('status').getByText('Shopify is connected')).toBeVisible();
  await waitForSettlement(page, '#7300001');
  await expect(page.getByText('#7300002')).toBeVisible();
  await saveScreenshot(page, 'channels-08-shopify-payouts');
  await page.goto('/app/account-settings/history');
  await historyPeriod(page, 75, 65);
  await expect(page.getByRole('table', { name: 'History requests' }).getByText('Done')).toBeVisible({ timeout: 45_000 });
  await waitForSettlement(page, '#7299990');
  await page.goto('/app/account-settings/connections');
  await saveScreenshot(page, 'channels-09-connections');
});
