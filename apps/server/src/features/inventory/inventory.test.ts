/**
 * Inventory on a real database: upload of an Amazon Inventory Ledger summary (all or nothing), the
 * month's summary by SKU with a missing cost listed, by location, the reconciliation against COGS
 * posted, the Amazon-only refusal, and account B getting 404 on account A's inventory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ErrorBody,
  InventoryLocationsBody,
  InventoryReconciliationBody,
  InventorySummaryBody,
  TokenSet,
} from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
const FIXTURE = fs.readFileSync(
  path.join(__dirname, '../../../../../packages/core/src/inventory/__fixtures__/ledger-summary-2026-10.tsv'),
);
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;

function upload(name: string, content: Buffer | string, tokens = demo, accountKey = ACCOUNT) {
  const boundary = '----inventorytest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/tab-separated-values\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `/inventory/reports?accountKey=${accountKey}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(tokens) },
  });
}
const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });

function settlement(): Settlement {
  const at = Date.parse('2026-10-20T12:00:00Z');
  return {
    channel: 'AMAZON', settlementId: '88001', format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD',
    startDate: at, endDate: at, depositDate: at, total: 100_000n, status: 'closed', sellerId: null, sourceFile: 'inv.txt',
    lines: [{ postedAt: at, typeKey: 'Order|ItemPrice|Principal', orderId: 'O-9', sku: 'SKU-A', quantity: 1, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount: 100_000n, source: { file: 'inv.txt', row: 2 } }],
  };
}

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  const { db } = server.testDb;
  await db.deleteFrom('products').execute();
  const at = new Date('2026-11-01T00:00:00Z');
  const { catalogKeyOf } = await import('../cogs/cogs-account');
  const account = await db.selectFrom('accounts').select(['account_key', 'organization_id']).where('account_key', '=', ACCOUNT).executeTakeFirstOrThrow();
  const catalogKey = catalogKeyOf(account);
  await db.insertInto('product_costs').values([
    { catalog_key: catalogKey, sku: 'SKU-A', currency: 'USD', effective_date: '2026-01-01', unit_cost: '4.1500', updated_at: at, updated_by: null },
    { catalog_key: catalogKey, sku: 'SKU-B', currency: 'USD', effective_date: '2026-10-31', unit_cost: '1.2345', updated_at: at, updated_by: null },
  ]).execute();
  const stored = await db.transaction().execute((trx) =>
    storeSettlements(trx, ACCOUNT, { settlements: [settlement()], problems: [] }, { kind: 'file', at }),
  );
  const settlementKey = stored.settlements[0]!.settlementKey;
  const cells = [
    { month: '2026-10', productType: 'Kitchen', marketplace: 'Amazon.com', soldUnits: 50, soldCost: '200.0000', restockedUnits: 2, restockedCost: '8.3000', writtenOffUnits: 0 },
    { month: '2026-11', productType: 'Kitchen', marketplace: 'Amazon.com', soldUnits: 9, soldCost: '90.0000', restockedUnits: 0, restockedCost: '0.0000', writtenOffUnits: 0 },
  ];
  await db.insertInto('settlement_cogs').values({ settlement_key: settlementKey, account_key: ACCOUNT, method: 'standard', currency: 'USD', total: '281.7000', cells: JSON.stringify(cells), missing: '[]', settings_version: 0, computed_at: at }).execute();
  await db.insertInto('settlement_cogs_documents').values({
    document_id: 'inv-doc-1', settlement_key: settlementKey, account_key: ACCOUNT, part_index: 0, part_count: 1, month: '2026-10', number: 'COGS-88001',
    document_date: '2026-10-20', system: 'MANUAL', kind: 'journal', currency: 'USD', total: '191.7000', status: 'POSTED', idempotency_key: 'inv-1',
    remote_id: null, remote_number: null, document: '{}', error: null, posted_at: at, updated_at: at, created_at: at as never,
  }).execute();
}, 120_000);
afterAll(() => server.close());

describe('inventory', () => {
  it('a report with a bad cell is refused naming file, row and column, and nothing is stored', async () => {
    const res = await upload('bad.tsv', FIXTURE.toString('utf8').replace('\t-38\t', '\t-3x\t'));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe('Nothing was uploaded from bad.tsv: bad.tsv, row 2, column Customer Shipments: "-3x" is not a whole number of units.');
    expect(await server.testDb.db.selectFrom('inventory_reports').selectAll().execute()).toEqual([]);
  });

  it('uploads the month and values it by SKU at month-end cost, listing the SKU without one', async () => {
    const res = await upload('ledger-2026-10.tsv', FIXTURE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ months: ['2026-10'], rowCount: 5, positionCount: 4 });
    const summary = (await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-10`)).json<InventorySummaryBody>();
    expect(summary).toMatchObject({ hasReport: true, currency: 'USD', valuedOn: '2026-10-31', fileName: 'ledger-2026-10.tsv', units: 396 });
    expect(summary.value).toBe('924.1380'); // 162 × 4.15 + 204 × 1.2345
    expect(summary.skus.map((s) => [s.sku, s.units, s.unitCost, s.value, s.isMissingCost])).toEqual([
      ['SKU-A', 162, '4.1500', '672.3000', false],
      ['SKU-B', 204, '1.2345', '251.8380', false],
      ['SKU-C', 30, null, null, true],
    ]);
    expect(summary.missing).toEqual([{ sku: 'SKU-C', units: 30 }]);
    expect(summary.months).toEqual([{ month: '2026-10', units: 396, value: '924.1380', missingCostCount: 1, source: 'UPLOAD', storedAt: summary.uploadedAt }]);
    const audit = await server.testDb.db.selectFrom('audit_log').select('action').where('action', '=', 'inventory.report-uploaded').execute();
    expect(audit).toHaveLength(1);
  });

  it('shows the month by fulfilment centre, the values adding up to the total', async () => {
    const body = (await get(`/inventory/locations?accountKey=${ACCOUNT}&month=2026-10`)).json<InventoryLocationsBody>();
    expect(body.locations).toEqual([
      { location: 'ONT8', units: 69, value: '161.8500', skuCount: 2, missingCostUnits: 30 },
      { location: 'PHX7', units: 327, value: '762.2880', skuCount: 2, missingCostUnits: 0 },
    ]);
    expect(body.value).toBe('924.1380');
  });

  it("reconciles the month's shipments less returns at cost against the COGS posted", async () => {
    const body = (await get(`/inventory/reconciliation?accountKey=${ACCOUNT}&month=2026-10`)).json<InventoryReconciliationBody>();
    // (50 − 3) × 4.15 + (95 − 4) × 1.2345 = 195.05 + 112.3395; posted 200 − 8.30.
    expect(body).toMatchObject({ shippedUnits: 151, returnedUnits: 7, movementCost: '307.3895', cogsPosted: '191.7000', difference: '115.6895' });
    expect(body.missing).toEqual([{ sku: 'SKU-C', units: 6 }]);
  });

  it('a month without a report is empty, not an error; a bad month is a 400 naming it', async () => {
    const empty = (await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-09`)).json<InventorySummaryBody>();
    expect(empty).toMatchObject({ hasReport: false, units: 0, value: '0.0000', skus: [] });
    const bad = await get(`/inventory/summary?accountKey=${ACCOUNT}&month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toContain('YYYY-MM');
  });

  it('refuses a non-Amazon account with a 422', async () => {
    const res = await get('/inventory/summary?accountKey=acme-shopify&month=2026-10');
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().message).toBe('Inventory is for Amazon accounts, and Acme Outdoor Shop does not sell on Amazon. Open an Amazon account to see its inventory.');
  });

  it("a user of account B gets 404 for every inventory call on account A's data", async () => {
    for (const url of ['summary', 'locations', 'reconciliation'])
      expect((await get(`/inventory/${url}?accountKey=${ACCOUNT}&month=2026-10`, other)).statusCode, url).toBe(404);
    expect((await upload('ledger.tsv', FIXTURE, other)).statusCode).toBe(404);
  });
});
