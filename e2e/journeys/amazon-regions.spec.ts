/**
 * Issue 28, every Amazon marketplace through the API: a seller of Amazon.de picks the marketplace
 * before connecting; Amazon asks for consent on that marketplace's Seller Central (the local Europe
 * SP-API's page), the connection is stored with the Europe region, and the fetch that follows brings
 * the seller's EUR settlements from the Europe SP-API, none of North America's. Own server (8962) and
 * own local SP-APIs (North America 8963, Shopify 8964, Europe 8965), the region's base URL a setting
 * of its own (LEDGERPORT_AMAZON_API_URL_EU).
 */
import { expect, test, type Page } from '@playwright/test';
import { useFakeChannels } from './fake-channels';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const channels = useFakeChannels(8963, 8964, { amazonEuPort: 8965 });
const BASE = useOwnServer(8962, 'amazon-regions', (env) => {
  channels.pointAmazonAt(env);
  env.LEDGERPORT_CHANNEL_FETCH_INTERVAL_MINUTES = '1';
});

/** Reloads the settlements list until the text shows (the fetch runs as a background job). */
async function waitForSettlement(page: Page, text: string) {
  await expect(async () => {
    await page.goto(`${BASE}/app/settlements`);
    await expect(page.getByRole('table', { name: 'Settlements' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000, intervals: [1000, 2000, 3000] });
}

test('an Amazon.de seller connects through Seller Central Europe and its settlements come from the Europe SP-API', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  if (!(await page.getByRole('button', { name: 'Current account: Acme Outdoor US' }).isVisible())) await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/admin/sales-channel/amazon`);
  const marketplace = page.getByRole('combobox', { name: 'Amazon marketplace' });
  await expect(marketplace).toHaveValue('Amazon.com (US)');
  await marketplace.click();
  await page.getByRole('option', { name: 'Amazon.de (DE)', exact: true }).click();
  await expect(marketplace).toHaveValue('Amazon.de (DE)');
  await saveScreenshot(page, 'amazon-regions-1-marketplace');
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await expect(page.getByRole('status').getByText('Amazon is connected')).toBeVisible();

  await waitForSettlement(page, '#92000000001');
  await expect(page.getByText('#92000000002')).toBeVisible();
  await expect(page.getByText('#91000000001')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /#92000000001/ }).getByText(/€|EUR/).first()).toBeVisible();
  await saveScreenshot(page, 'amazon-regions-2-settlements');

  await page.goto(`${BASE}/app/account-settings/connections`);
  const amazonRow = page.getByRole('table', { name: 'Connections' }).getByRole('row', { name: /Amazon/ });
  await expect(amazonRow.getByText('Amazon seller A1E2EDESELLER (Amazon.de)')).toBeVisible();
  await expect(amazonRow.getByText('Connected')).toBeVisible();
  await saveScreenshot(page, 'amazon-regions-3-connections');
  // Every request reached the region's SP-API as Amazon's models describe it.
  for (const url of [channels.amazonUrl, channels.amazonEuUrl!]) expect(await (await page.request.get(`${url}/__control/violations`)).json()).toEqual([]);
});
