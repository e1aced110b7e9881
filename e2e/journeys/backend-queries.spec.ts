/**
 * Issue 19, the backend's query consoles (decision 0045): the merchant's accounts are connected to
 * the local QuickBooks Online and NetSuite (OAuth round trip through the API); a support admin then
 * reads QBO in the playground (table, raw JSON, a DELETE refused), runs SuiteQL, lists NetSuite
 * subsidiaries and opens one record. Own server on 8780, local vendors on 8781.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { useLocalVendors } from './fake-channels';
import { useOwnServer } from './own-server';
import { DEMO_PASSWORD, saveScreenshot, signIn } from './sign-in';

const VENDORS = useLocalVendors(8781);

const BASE = useOwnServer(8780, 'backend-queries', (env) => {
  env.LEDGERPORT_ACCOUNTING_VENDOR_URL = VENDORS;
});

/** The merchant connects one account to a system: connect, consent at the local system, callback. */
async function connect(token: string, accountKey: string, system: 'QBO' | 'NETSUITE') {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const start = await fetch(`${BASE}/accounting/connect`, { method: 'POST', headers, body: JSON.stringify({ accountKey, system, ...(system === 'NETSUITE' ? { netSuiteAccountId: 'TSTDRV123' } : {}) }) });
  const started = (await start.json()) as { authorizeUrl?: string; message?: string; details?: unknown };
  if (!started.authorizeUrl) throw new Error(`Connecting ${accountKey} to ${system} failed: ${started.message} ${JSON.stringify(started.details)}`);
  const authorize = new URL(started.authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const done = await fetch(`${BASE}/accounting/callback`, { method: 'POST', headers, body: JSON.stringify({ system, query: Object.fromEntries(back.searchParams) }) });
  expect(done.status).toBe(200);
}

async function shot(page: Page, name: string) {
  await saveScreenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/bequery-${name}.png`, fullPage: true });
}

test('a support admin reads QuickBooks in the playground and NetSuite with SuiteQL and its record views', async ({ page }) => {
  test.setTimeout(120_000);
  const login = await fetch(`${BASE}/oauth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@ledgerport.local', password: DEMO_PASSWORD }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await connect(accessToken, 'acme-amazon-us', 'QBO');
  await connect(accessToken, 'acme-shopify', 'NETSUITE');

  await signIn(page, 'support@ledgerport.local', `${BASE}/app/backend/acme-amazon-us/qbo/playground`);
  await expect(page).toHaveTitle(/Backend \| Ledgerport$/);
  await expect(page.getByRole('heading', { name: 'QuickBooks Online playground' })).toBeVisible();
  await page.getByRole('button', { name: 'Run query' }).click();
  const results = page.getByRole('table', { name: 'Query results' });
  await expect(results.getByRole('row').filter({ hasText: 'Amazon Seller Fees' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('7 Account rows from company 9341453012345678');
  await results.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(results.getByRole('row').nth(1)).toContainText('Amazon Clearing');
  await shot(page, 'qbo-1-table');
  await page.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(page.getByLabel('QuickBooks answer as JSON')).toContainText('"QueryResponse"');
  await shot(page, 'qbo-2-raw-json');
  await page.getByRole('textbox', { name: 'QBO query' }).fill("DELETE FROM Account WHERE Id = '35'");
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByRole('alert')).toContainText('Only SELECT queries can be run here');
  await shot(page, 'qbo-3-refused');

  await page.goto(`${BASE}/app/backend/acme-shopify/netsuite/suiteql`);
  await expect(page.getByRole('heading', { name: 'NetSuite SuiteQL' })).toBeVisible();
  await page.getByRole('button', { name: 'Run query' }).click();
  const rows = page.getByRole('table', { name: 'SuiteQL results' });
  await expect(rows.getByRole('row').filter({ hasText: 'Amazon Clearing' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Rows 1–4 of 4 from NetSuite account TSTDRV123');
  await shot(page, 'netsuite-1-suiteql');

  await page.getByRole('group', { name: 'Records by type' }).getByRole('link', { name: 'subsidiary' }).click();
  const subsidiaries = page.getByRole('table', { name: 'NetSuite subsidiary records' });
  // A header and the local NetSuite's four subsidiaries (one inactive, one elimination: the record list shows them all).
  await expect(subsidiaries.getByRole('row')).toHaveCount(5);
  await shot(page, 'netsuite-2-subsidiaries');
  await subsidiaries.getByRole('link', { name: 'Open subsidiary 2' }).click();
  await expect(page.getByRole('table', { name: 'NetSuite subsidiary 2' }).getByRole('row').filter({ hasText: 'country' })).toContainText('GB');
  await shot(page, 'netsuite-3-record');

  // The internal account area links to the account's console.
  await page.goto(`${BASE}/app/account/acme-amazon-us/connections`);
  await expect(page.getByRole('link', { name: 'QBO playground' })).toBeVisible();
});
