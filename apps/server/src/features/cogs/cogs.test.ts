/**
 * Cost of goods sold end to end on a real database: cost sheets, the catalog that fills itself from
 * settlements, refreshcogs with a missing cost flagged, sendCogs into the built-in ledger (once), the
 * COGS export passing hledger check, the gates, and account B getting 404 on account A's data.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CogsSettingsBody,
  ErrorBody,
  SendResult,
  SettlementActionResult,
  SettlementCogsBody,
  TokenSet,
} from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import {
  form,
  startSettlementTestServer,
  waitFor,
  type SettlementTestServer,
} from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let settlementKey: string;

const day = (d: string) => Date.parse(`${d}T12:00:00Z`);
function settlement(): Settlement {
  const line = (
    typeKey: string,
    d: string,
    orderId: string,
    sku: string,
    quantity: number,
    amount: bigint,
  ) => ({
    postedAt: day(d),
    typeKey,
    orderId,
    sku,
    quantity,
    marketplace: 'Amazon.com',
    fulfilmentChannel: 'AFN',
    amount,
    source: { file: 'cogs.txt', row: 2 },
  });
  const lines = [
    line('Order|ItemPrice|Principal', '2026-10-30', 'O-1', 'SKU-A', 2, 400_000n),
    line('Order|ItemPrice|Tax', '2026-10-30', 'O-1', 'SKU-A', 2, 32_000n),
    line('Order|ItemPrice|Principal', '2026-11-02', 'O-2', 'SKU-B', 1, 150_000n),
    line('Refund|ItemPrice|Principal', '2026-11-03', 'O-1', 'SKU-A', 1, -200_000n),
  ];
  return {
    channel: 'AMAZON',
    settlementId: '77001',
    format: 'amazon-v2',
    marketplace: 'Amazon.com',
    currency: 'USD',
    startDate: day('2026-10-28'),
    endDate: day('2026-11-05'),
    depositDate: day('2026-11-07'),
    total: lines.reduce((s, l) => s + l.amount, 0n),
    status: 'closed',
    sellerId: null,
    sourceFile: 'cogs.txt',
    lines,
  };
}

function sheet(name: string, content: string | Buffer) {
  const boundary = '----cogstest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  const { db } = server.testDb;
  await db.deleteFrom('settlements').execute();
  await db.deleteFrom('products').execute();
  await db
    .updateTable('accounts')
    .set({ accounting_system: 'MANUAL' })
    .where('account_key', '=', ACCOUNT)
    .execute();
  await db
    .updateTable('account_features')
    .set({ cogs_enabled: true, cogs_refunds_enabled: true })
    .where('account_key', '=', ACCOUNT)
    .execute();
  const stored = await db
    .transaction()
    .execute((trx) =>
      storeSettlements(
        trx,
        ACCOUNT,
        { settlements: [settlement()], problems: [] },
        { kind: 'file', at: new Date('2026-11-08T00:00:00Z') },
      ),
    );
  settlementKey = stored.settlements[0]!.settlementKey;
}, 120_000);
afterAll(() => server.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, tokens = demo) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const sendCogs = async () => {
  const f = form([
    ['settlementKey', settlementKey],
    ['action', 'sendCogs'],
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/settlementSend',
    payload: f.payload,
    headers: { ...f.headers, ...bearer(demo) },
  });
};

describe('cost of goods sold', () => {
  it('SKUs of a stored settlement join the organization catalog without costs', async () => {
    const res = await call('GET', `/cost-admin/products?accountKey=${ACCOUNT}&isMissingCost=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ products: { sku: string }[] }>().products.map((p) => p.sku)).toEqual([
      'SKU-A',
      'SKU-B',
    ]);
    // Another account of the same organization sees the same catalog.
    const sibling = await call('GET', '/cost-admin/products?accountKey=acme-amazon-ca');
    expect(sibling.json<{ catalogSize: number }>().catalogSize).toBe(2);
  });

  it('a cost sheet with a bad cell is refused naming its row and column, and nothing is saved', async () => {
    const bad = sheet(
      'costs.csv',
      'SKU,Currency,Effective Date,Unit Cost\nSKU-A,USD,2026-01-01,4.00\nSKU-B,USD,2026-13-01,3\n',
    );
    const res = await server.app.inject({
      method: 'POST',
      url: `/cost-admin/costs/import?accountKey=${ACCOUNT}`,
      payload: bad.payload,
      headers: { ...bad.headers, ...bearer(demo) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toBe(
      'Nothing was imported from costs.csv: Row 3, column Effective Date: "2026-13-01" is not a date written YYYY-MM-DD (such as 2026-01-31).',
    );
    expect(await server.testDb.db.selectFrom('product_costs').selectAll().execute()).toEqual([]);
  });

  it('imports costs from a spreadsheet, effective-dated', async () => {
    const ok = sheet(
      'costs.csv',
      'SKU,Currency,Effective Date,Unit Cost,Title\nSKU-A,USD,2026-01-01,4.00,Red shirt\nSKU-A,USD,2026-11-01,5.00,Red shirt\n',
    );
    const res = await server.app.inject({
      method: 'POST',
      url: `/cost-admin/costs/import?accountKey=${ACCOUNT}`,
      payload: ok.payload,
      headers: { ...ok.headers, ...bearer(demo) },
    });
    expect(res.json()).toEqual({ imported: 2, newProducts: 0, message: '2 costs imported from costs.csv.' });
    const costs = await call('GET', `/cost-admin/costs?accountKey=${ACCOUNT}&sku=SKU-A`);
    expect(
      costs
        .json<{ costs: { effectiveDate: string; unitCost: string }[] }>()
        .costs.map((c) => [c.effectiveDate, c.unitCost]),
    ).toEqual([
      ['2026-11-01', '5.0000'],
      ['2026-01-01', '4.0000'],
    ]);
  });

  it('refreshcogs costs the units sold, flags the SKU with no cost, and sendCogs refuses until it has one', async () => {
    const res = await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${settlementKey}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<SettlementActionResult>()).toMatchObject({
      message: 'Cost of goods sold of settlement 77001: 3.00 USD. 1 SKU has no cost: SKU-B.',
      settlement: { allProductCostsAvailable: false, cogsInvoicesTotal: '3.0000' },
    });
    const cogs = (
      await call('GET', `/settlement/cogs?settlementKey=${settlementKey}`)
    ).json<SettlementCogsBody>();
    expect(cogs.missing).toEqual([{ sku: 'SKU-B', currency: 'USD', units: 1, firstDate: '2026-11-02' }]);
    // October: 2 units at 4.00 (the tax line repeats the quantity and does not count); November: 1 restocked at 5.00.
    expect(
      cogs.cells.map((c) => [c.month, c.soldUnits, c.soldCost, c.restockedUnits, c.restockedCost]),
    ).toEqual([
      ['2026-10', 2, '8.0000', 0, '0.0000'],
      ['2026-11', 0, '0.0000', 1, '5.0000'],
    ]);
    const refused = (await sendCogs()).json<SendResult>();
    expect(refused.queued).toEqual([]);
    expect(refused.message).toContain('SKU-B');
  });

  it('once the cost is filled in, refresh and send post a balanced COGS journal per month into the ledger, once', async () => {
    expect(
      (
        await call('PUT', `/cost-admin/costs?accountKey=${ACCOUNT}`, {
          sku: 'SKU-B',
          currency: 'usd',
          effectiveDate: '2026-01-01',
          unitCost: '2.5',
        })
      ).statusCode,
    ).toBe(200);
    await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${settlementKey}`);
    expect((await sendCogs()).json<SendResult>().queued).toEqual([settlementKey]);
    const { db } = server.testDb;
    await waitFor(
      () =>
        db
          .selectFrom('settlements')
          .select('cogs_posting_status')
          .where('settlement_key', '=', settlementKey)
          .executeTakeFirstOrThrow(),
      (r) => r.cogs_posting_status === 'POSTED',
      'the COGS send',
    );
    const journals = await db
      .selectFrom('ledger_journals')
      .select(['journal_id', 'number', 'settlement_key'])
      .where('account_key', '=', ACCOUNT)
      .orderBy('number')
      .execute();
    expect(journals.map((j) => [j.number, j.settlement_key])).toEqual([
      ['COGS-AMZ-77001-1', settlementKey],
      ['COGS-AMZ-77001-2', settlementKey],
    ]);
    const lines = await db
      .selectFrom('ledger_lines')
      .select(['account_code', 'side', 'amount'])
      .where('journal_id', '=', journals[1]!.journal_id)
      .orderBy('line_no')
      .execute();
    expect(lines).toEqual([
      { account_code: 'Expenses:CostOfGoodsSold', side: 'debit', amount: '2.5000' },
      { account_code: 'Assets:Inventory', side: 'credit', amount: '2.5000' },
      { account_code: 'Expenses:CostOfGoodsSold', side: 'credit', amount: '5.0000' },
      { account_code: 'Assets:Inventory', side: 'debit', amount: '5.0000' },
    ]);
    expect((await sendCogs()).json<SendResult>().skipped[0]?.reason).toBe(
      'The cost of goods sold of settlement 77001 is already posted.',
    );
    expect(
      (await call('GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${settlementKey}`))
        .statusCode,
    ).toBe(409);
  });

  it.runIf(fs.existsSync('/usr/bin/hledger'))('the COGS export passes hledger check', async () => {
    const res = await call(
      'GET',
      `/export-cogs/download?accountKey=${ACCOUNT}&format=hledger&start=2026-11-01&end=2026-11-30`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Assets:Inventory');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cogs-hledger-')), 'cogs.journal');
    fs.writeFileSync(file, res.body);
    expect(() => execFileSync('/usr/bin/hledger', ['-f', file, 'check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('FIFO needs premium; an account without cogsEnabled is refused with the reason', async () => {
    const fifo = await call('PUT', `/account-settings/cogs?accountKey=${ACCOUNT}`, { costingMethod: 'fifo' });
    expect(fifo.statusCode).toBe(409);
    expect(fifo.json<ErrorBody>().message).toContain('premium');
    const settings = (
      await call('PUT', `/account-settings/cogs?accountKey=${ACCOUNT}`, { refundTreatment: 'write-off' })
    ).json<CogsSettingsBody>();
    expect(settings).toMatchObject({
      refundTreatment: 'write-off',
      version: 1,
      isEnabled: true,
      canUseFifo: false,
    });
    const off = await call(
      'GET',
      '/export-cogs/download?accountKey=acme-amazon-ca&format=csv&start=2026-11-01&end=2026-11-30',
    );
    expect(off.statusCode).toBe(409);
    expect(off.json<ErrorBody>().code).toBe('cogs.not-enabled');
    const bulk = form([
      ['bulkAction', 'cogsRefresh'],
      ['bulkSettlement', settlementKey],
    ]);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/bulkActionSettlement',
      payload: bulk.payload,
      headers: { ...bulk.headers, ...bearer(demo) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toContain('SHOW_COGS_ONLY_REFRESH_BULK_ACTION');
  });

  it("a user of account B gets 404 for every COGS call on account A's data", async () => {
    const urls: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object][] = [
      ['GET', `/account-settings/cogs?accountKey=${ACCOUNT}`],
      ['PUT', `/account-settings/cogs?accountKey=${ACCOUNT}`, { refundTreatment: 'restock' }],
      ['GET', `/cost-admin/products?accountKey=${ACCOUNT}`],
      ['GET', `/cost-admin/costs?accountKey=${ACCOUNT}&sku=SKU-A`],
      [
        'PUT',
        `/cost-admin/costs?accountKey=${ACCOUNT}`,
        { sku: 'SKU-A', currency: 'USD', effectiveDate: '2026-01-01', unitCost: '1' },
      ],
      ['DELETE', `/cost-admin/costs?accountKey=${ACCOUNT}&sku=SKU-A&currency=USD&effectiveDate=2026-01-01`],
      ['GET', `/cost-admin/costs/export?accountKey=${ACCOUNT}`],
      [
        'PUT',
        `/cost-admin/bundles?accountKey=${ACCOUNT}`,
        { bundleSku: 'KIT', components: [{ sku: 'SKU-A', quantity: 2 }] },
      ],
      ['GET', `/cost-admin/lots?accountKey=${ACCOUNT}`],
      [
        'POST',
        `/cost-admin/lots?accountKey=${ACCOUNT}`,
        { lotId: 'L1', sku: 'SKU-A', currency: 'USD', purchasedOn: '2026-01-01', quantity: 5, unitCost: '1' },
      ],
      ['GET', `/settlement/cogs?settlementKey=${settlementKey}`],
      ['GET', `/settlement?ajax=true&action=refreshcogs&settlementKey=${settlementKey}`],
      ['GET', `/export-cogs/download?accountKey=${ACCOUNT}&format=csv&start=2026-11-01&end=2026-11-30`],
    ];
    for (const [method, url, body] of urls)
      expect((await call(method, url, body, other)).statusCode, `${method} ${url}`).toBe(404);
    const upload = sheet('costs.csv', 'SKU,Currency,Effective Date,Unit Cost\nSKU-A,USD,2026-01-01,9\n');
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `/cost-admin/costs/import?accountKey=${ACCOUNT}`,
          payload: upload.payload,
          headers: { ...upload.headers, ...bearer(other) },
        })
      ).statusCode,
    ).toBe(404);
    const f = form([
      ['settlementKey', settlementKey],
      ['action', 'sendCogs'],
    ]);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/settlementSend',
          payload: f.payload,
          headers: { ...f.headers, ...bearer(other) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      await server.testDb.db
        .selectFrom('product_costs')
        .select('unit_cost')
        .where('sku', '=', 'SKU-A')
        .orderBy('effective_date')
        .execute(),
    ).toEqual([{ unit_cost: '4.0000' }, { unit_cost: '5.0000' }]);
  });
});
