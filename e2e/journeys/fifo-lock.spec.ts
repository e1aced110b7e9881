/**
 * The FIFO lock (decision 0049) and the COGS accounts checked against the connected chart. Its own
 * server (port 8821; the shared journey server of this range is 8820): the demo data with Acme Outdoor US on FIFO (premium) posting to the built-in
 * ledger, a September and an October settlement and an August lot; Acme Outdoor CA with COGS on and
 * a cached QuickBooks chart. September's COGS is posted; a July lot is recorded late; October's COGS
 * then shows September's correction as its own part, and posts it. Settings > Cost of Goods Sold of
 * Acme Outdoor CA names an account the chart lacks, and the one picked from the chart is found.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIResponse } from '@playwright/test';
import { REPO_ROOT as root, useOwnServer } from './own-server';
import { DEMO_PASSWORD, saveScreenshot, signIn, switchTo } from './sign-in';

let keysFile = '';

/** An API answer's status and body, so a refusal shows its words. */
const answer = async (res: APIResponse) => `${res.status()} ${await res.text()}`.slice(0, 300);

function prepareScript(keys: string): string {
  const src = (p: string) => JSON.stringify(join(root, p));
  return `
import { writeFileSync } from 'node:fs';
import { openDb } from ${src('packages/db/src/index.ts')};
import { loadConfig } from ${src('apps/server/src/config/index.ts')};
import { seedDemoData } from ${src('apps/server/src/seed/seed-demo-data.ts')};
import { storeSettlements } from ${src('apps/server/src/features/imports/store-settlements.ts')};
import { insertAccountingConnection } from ${src('apps/server/test/connection-rows.ts')};
const opened = await openDb({ dataDir: loadConfig().dbDir });
const db = opened.db;
const now = new Date();
await seedDemoData(db, now);
await db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-amazon-us').execute();
await db.updateTable('account_features').set({ premium: true }).where('account_key', '=', 'acme-amazon-us').execute();
await db.updateTable('account_features').set({ cogs_enabled: true }).where('account_key', '=', 'acme-amazon-ca').execute();
const settlement = (settlementId, day, units) => {
  const postedAt = Date.parse(day + 'T12:00:00Z');
  const lines = [{ postedAt, typeKey: 'Order|ItemPrice|Principal', orderId: 'O-' + settlementId, sku: 'TENT', quantity: units, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount: 500000n, source: { file: 'lock.txt', row: 2 } }];
  return { channel: 'AMAZON', settlementId, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD', startDate: postedAt, endDate: postedAt, depositDate: postedAt, total: 500000n, status: 'closed', sellerId: null, sourceFile: 'lock.txt', lines };
};
const keys = {};
for (const [id, day, units] of [['66009', '2026-09-10', 5], ['66010', '2026-10-10', 3]]) {
  const stored = await db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', { settlements: [settlement(id, day, units)], problems: [] }, { kind: 'file', at: now }));
  keys[id] = stored.settlements[0].settlementKey;
}
await db.insertInto('purchase_lots').values({ catalog_key: 'org:org-acme', lot_id: 'AUG-2026', sku: 'TENT', currency: 'USD', purchased_on: '2026-08-01', quantity: 10, unit_cost: '20', created_at: now }).execute();
// A connection as the connect path leaves it (sealed tokens), so its state is connected (decision 0056).
await insertAccountingConnection(db, 'acme-amazon-ca', 'QBO', now, loadConfig().secret);
const account = (code, name, kind, path) => ({ code, name, kind, path });
await db.insertInto('accounting_reference_data').values({
  account_key: 'acme-amazon-ca', system: 'QBO', fetched_at: now,
  data: JSON.stringify({
    accounts: [account('1450', 'Inventory Asset', 'asset', 'Assets:InventoryAsset'), account('4000', 'Sales', 'income', 'Income:Sales'), account('5000', 'Cost of Goods Sold', 'expense', 'Expenses:CostOfGoodsSold'), account('6100', 'Freight In', 'expense', 'Expenses:FreightIn')],
    taxRates: [], trackingCategories: [], bankAccounts: [], currencies: ['CAD'],
  }),
}).execute();
writeFileSync(${JSON.stringify(keys)}, JSON.stringify(keys));
await opened.close();
`;
}

const BASE = useOwnServer(8821, 'fifolock', (env, dataDir) => {
  keysFile = join(dataDir, 'keys.json');
  const script = join(dataDir, 'prepare.mts');
  writeFileSync(script, prepareScript(keysFile));
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: 'pipe' });
});

test('a posted FIFO month is corrected in the next settlement\'s own part; the COGS accounts are checked against the connected chart', async ({ page, request }) => {
  test.setTimeout(180_000);
  const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as Record<string, string>;
  const tokens = (await (await request.post(`${BASE}/oauth/login`, { data: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } })).json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  expect(await answer(await request.put(`${BASE}/account-settings/cogs?accountKey=acme-amazon-us`, { data: { costingMethod: 'fifo' }, headers }))).toMatch(/^200 /);
  // September: refreshed and posted with the August lot (5 × 20.00).
  expect(await answer(await request.get(`${BASE}/settlement?ajax=true&action=refreshcogs&settlementKey=${keys['66009']}`, { headers }))).toMatch(/^200 /);
  expect(await answer(await request.post(`${BASE}/settlementSend`, { form: { settlementKey: keys['66009']!, action: 'sendCogs' }, headers }))).toMatch(/^200 /);
  await expect.poll(async () => ((await (await request.get(`${BASE}/settlement/cogs?settlementKey=${keys['66009']}`, { headers })).json()) as { postingStatus: string }).postingStatus, { timeout: 30_000 }).toBe('POSTED');
  // A July lot recorded late.
  expect(await answer(await request.post(`${BASE}/cost-admin/lots?accountKey=acme-amazon-us`, { data: { lotId: 'JUL-2026', sku: 'TENT', currency: 'USD', purchasedOn: '2026-07-01', quantity: 5, unitCost: '10' }, headers }))).toMatch(/^200 /);

  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await page.goto(`${BASE}/app/settlement?settlementKey=${keys['66010']}`);
  const cogs = page.getByLabel('Cost of goods sold', { exact: true });
  await cogs.getByRole('button', { name: 'Refresh COGS' }).click();
  const adjustments = cogs.getByRole('table', { name: 'FIFO lock adjustments' });
  await expect(adjustments.getByRole('row').nth(1)).toContainText('September 2026');
  await expect(adjustments.getByRole('row').nth(1)).toContainText('October 2026');
  await expect(adjustments.getByRole('row').nth(1)).toContainText('-$50.00');
  await adjustments.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'fifolock-1-adjustment');
  await cogs.getByRole('button', { name: 'Send COGS' }).click();
  await expect(cogs.getByText('COGS posted')).toBeVisible({ timeout: 30_000 });
  const journals = cogs.getByRole('table', { name: 'Cost of goods sold journals' });
  await expect(journals).toContainText('COGS-AMZ-66010-2');
  await journals.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'fifolock-2-posted');

  // Settings > Cost of Goods Sold of the account connected to QuickBooks: a code the chart lacks, then one picked from it.
  await page.goto(`${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor CA');
  await page.goto(`${BASE}/app/account-settings/cogs`);
  const check = page.getByRole('group', { name: 'Checked against the QuickBooks Online chart of accounts' });
  await expect(check).toContainText('COGS account: found in QuickBooks Online as 5000 Cost of Goods Sold.');
  await page.getByRole('textbox', { name: 'Inventory account code' }).fill('1999');
  await page.getByRole('textbox', { name: 'Inventory account name' }).fill('Stock in transit');
  await page.getByRole('form', { name: 'Cost of goods sold settings' }).getByRole('button', { name: 'Save' }).click();
  await expect(check.getByRole('alert')).toContainText('QuickBooks Online has no account matching the inventory account "1999 Stock in transit"');
  await saveScreenshot(page, 'fifolock-3-settings-missing');
  await check.getByRole('combobox', { name: 'Inventory account from QuickBooks Online' }).selectOption('1450');
  await page.getByRole('form', { name: 'Cost of goods sold settings' }).getByRole('button', { name: 'Save' }).click();
  await expect(check).toContainText('Inventory account: found in QuickBooks Online as 1450 Inventory Asset.');
  await expect(check.getByRole('alert')).toHaveCount(0);
  await saveScreenshot(page, 'fifolock-4-settings-found');
});
