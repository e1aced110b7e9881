/**
 * Issue 19, the backend's PayPal and Amazon pages (decision 0046): a merchant's PayPal (Acme Outdoor
 * eBay) and Amazon (Acme Outdoor US) are connected to local fakes and fetched; a support admin then
 * reads the PayPal transactions as received (a type filter, one raw JSON), refreshes the PayPal
 * statements of a period and follows it to Done, lists Amazon's financial event groups with the
 * settlement Ledgerport holds for each, and opens one group's events by type. An account without
 * PayPal says so. Its own server (8791) and its own fakes (8796 PayPal, 8797 Amazon).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';
import { DEMO_PASSWORD, saveScreenshot, signIn } from './sign-in';

const PAYPAL_PORT = 8796;
const AMAZON_PORT = 8797;
const AMAZON_URL = `http://127.0.0.1:${AMAZON_PORT}`;
let fakes: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fakes = spawn(process.execPath, ['--import', 'tsx', 'packages/integrations/src/testing/serve-backend-channel-fakes.ts'], { cwd: REPO_ROOT, env: { ...process.env, FAKE_PAYPAL_PORT: String(PAYPAL_PORT), FAKE_AMAZON_PORT: String(AMAZON_PORT) }, stdio: 'ignore' });
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${AMAZON_URL}/__control/health`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The local PayPal and Amazon did not start.');
});
test.afterAll(() => {
  if (fakes?.pid) process.kill(fakes.pid, 'SIGTERM');
});

const BASE = useOwnServer(8791, 'backend-channels', (env) => {
  env.LEDGERPORT_PAYPAL_API_URL = `http://127.0.0.1:${PAYPAL_PORT}`;
  env.LEDGERPORT_AMAZON_API_URL = AMAZON_URL;
  env.LEDGERPORT_AMAZON_TOKEN_URL = `${AMAZON_URL}/auth/o2/token`;
  env.LEDGERPORT_AMAZON_CONSENT_URL = `${AMAZON_URL}/apps/authorize/consent`;
  env.LEDGERPORT_AMAZON_CLIENT_ID = 'e2e-client';
  env.LEDGERPORT_AMAZON_CLIENT_SECRET = 'e2e-secret';
});

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${BASE}/oauth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The merchant connects PayPal (keys) to Acme Outdoor eBay and Amazon (consent) to Acme Outdoor US. */
async function connectChannels(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'demo@ledgerport.local')}` };
  const paypal = await request.post(`${BASE}/sales-channel/connect-keys`, { headers, data: { accountKey: 'acme-ebay', channel: 'PAYPAL', fields: { clientId: 'seller-app', clientSecret: 'seller-secret' } } });
  expect(paypal.ok()).toBe(true);
  const start = await request.post(`${BASE}/sales-channel/connect`, { headers, data: { accountKey: 'acme-amazon-us', channel: 'AMAZON' } });
  const consent = await fetch(((await start.json()) as { authorizeUrl: string }).authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const callback = await request.post(`${BASE}/sales-channel/callback`, { headers, data: { channel: 'AMAZON', query: Object.fromEntries(back.searchParams) } });
  expect(callback.ok()).toBe(true);
}

async function shot(page: Page, name: string) {
  await saveScreenshot(page, `backend-channels-${name}`);
}

test("support reads an account's PayPal transactions, refreshes its statements, and reads Amazon's event groups and events", async ({ page, request }) => {
  test.setTimeout(180_000);
  await connectChannels(request);
  // The connects queue each account's first fetch; wait until both are stored.
  const support = { authorization: `Bearer ${await tokenOf(request, 'support@ledgerport.local')}` };
  await expect.poll(async () => ((await (await request.get(`${BASE}/backend/acme-ebay/paypal/transactions-raw`, { headers: support })).json()) as { total?: number }).total, { timeout: 60_000 }).toBe(5);
  await expect
    .poll(async () => ((await (await request.get(`${BASE}/backend/acme-amazon-us/amazon/finance-api-settlements`, { headers: support })).json()) as { groups?: { groupId: string; settlement: unknown }[] }).groups?.find((g) => g.groupId === 'GRP-HELD-0001')?.settlement ?? null, { timeout: 60_000 })
    .not.toBeNull();

  await signIn(page, 'support@ledgerport.local', `${BASE}/app/backend/acme-ebay/paypal/transactions-raw`);
  await expect(page).toHaveTitle(/Backend \| Ledgerport$/);
  const transactions = page.getByRole('table', { name: 'PayPal transactions' });
  await expect(transactions.getByRole('row')).toHaveCount(6);
  await expect(transactions.getByRole('row', { name: /5TY05013RG002845M/ })).toContainText('Express Checkout Payment');
  await expect(page.getByText('PayPal: Connected')).toBeVisible();
  await shot(page, '1-paypal-raw');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Payment Refund (T1107)' }).click();
  await expect(transactions.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'View raw JSON of 4CF18861HF410323U' }).click();
  await expect(page.getByLabel('Raw JSON of 4CF18861HF410323U', { exact: true })).toContainText('"transaction_event_code": "T1107"');
  await shot(page, '2-paypal-raw-json');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Refresh PayPal statements' }).click();
  await expect(page).toHaveURL(/\/backend\/acme-ebay\/paypal\/settlements-refresh$/);
  // The lazy page replaces the raw transactions page (which has date fields too) once loaded.
  await expect(page.getByRole('table', { name: 'Statement refreshes' })).toBeVisible();
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From date').fill(day(10));
  await page.getByLabel('To date').fill(day(0));
  await page.getByRole('button', { name: 'Refresh statements' }).click();
  const refreshes = page.getByRole('table', { name: 'Statement refreshes' });
  await expect(refreshes.getByRole('row', { name: new RegExp(`${day(10)} to ${day(0)}`) })).toContainText('Done', { timeout: 60_000 });
  await shot(page, '3-paypal-refresh');

  await page.goto(`${BASE}/app/backend/acme-amazon-us/amazon/finance-api-settlements`);
  const groups = page.getByRole('table', { name: 'Financial event groups' });
  await expect(groups.getByRole('row')).toHaveCount(4);
  await expect(groups.getByRole('row', { name: /GRP-HELD-0001/ })).toContainText('Settlement 92000000001');
  await expect(groups.getByRole('row', { name: /GRP-MISSING-0002/ })).toContainText('Not held');
  await shot(page, '4-amazon-groups');
  await page.getByRole('link', { name: 'Open the events of group GRP-HELD-0001' }).click();
  const events = page.getByRole('table', { name: 'Events by type' });
  await expect(events.getByRole('row', { name: /^Shipment ShipmentEventList/ })).toContainText('$46.23');
  await expect(events.getByRole('row', { name: /RemovalShipmentEventList/ })).toContainText('Not itemized by Ledgerport');
  await shot(page, '5-amazon-events');
  await page.getByRole('button', { name: 'View the raw Shipment events' }).click();
  await expect(page.getByLabel('Raw Shipment events', { exact: true })).toContainText('113-0000000-0000001');
  await shot(page, '6-amazon-events-json');
  await page.keyboard.press('Escape');

  await page.goto(`${BASE}/app/backend/acme-shopify/paypal/transactions-raw`);
  await expect(page.getByRole('alert')).toContainText('has no PayPal connection');
  await shot(page, '7-no-paypal');
});
