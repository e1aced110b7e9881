import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Settlement, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { coreFixture, startSettlementTestServer, upload, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

const amazonV2 = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'));
const shopify16 = fs.readFileSync(coreFixture('shopify', 'payment_transactions_export_16col.csv'), 'utf8');

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let amazonKey: string;
let seeded: string[];

const search = (tokens: TokenSet, clause: unknown, query = 'page=0&size=10') =>
  server.app.inject({ method: 'POST', url: `/spanner-settlements-with-pagination?${query}`, payload: { paginatedSearchCriteriaClause: clause }, headers: bearer(tokens) });

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  seeded = (await server.testDb.db.selectFrom('settlements').select(['account_key', 'settlement_id', 'line_count']).orderBy('account_key').orderBy('settlement_id').execute()).map((r) => `${r.account_key} ${r.settlement_id} ${r.line_count}`);
  // The demo seed's settlements would make these uploads duplicates: start from none.
  await server.testDb.db.deleteFrom('settlements').execute();
  const res = await upload(server, demo, 'acme-amazon-us', [{ name: 'us-v2-promotion-reserve.txt', content: amazonV2 }]);
  expect(res.statusCode).toBe(200);
  const done = await waitForImport(server, demo, res.json<SettlementImport>().importId);
  amazonKey = done.files[0]!.settlements[0]!.settlementKey;
}, 120_000);
afterAll(() => server.close());

describe('demo seed', () => {
  it('loads real fixture settlements into the demo accounts', () => {
    expect(seeded).toContain('acme-amazon-us 11223344556 9');
    expect(seeded.filter((s) => s.startsWith('acme-shopify '))).toHaveLength(5);
    expect(seeded.some((s) => s.startsWith('acme-ebay '))).toBe(true);
    expect(seeded.some((s) => s.startsWith('acme-amazon-ca '))).toBe(true);
  });
});

describe('upload', () => {
  it('parses an Amazon V2 file in a background job and lists what it created, with progress at 100', async () => {
    const list = await server.app.inject({ method: 'GET', url: '/settlement-imports?accountKey=acme-amazon-us', headers: bearer(demo) });
    const file = list.json<{ imports: SettlementImport[] }>().imports[0]!.files[0]!;
    expect(file).toMatchObject({ status: 'LOADED', progressPercent: 100, format: 'amazon-v2', problems: [], message: '1 settlement loaded.' });
    expect(file.settlements).toEqual([{ settlementKey: amazonKey, settlementId: '11223344556', currency: 'USD', total: '36.5200', lineCount: 9, outcome: 'created', duplicateOf: null }]);
  });

  it('recognises the same file loaded again as a duplicate of the first settlement', async () => {
    const res = await upload(server, demo, 'acme-amazon-us', [{ name: 'again.txt', content: amazonV2 }]);
    const done = await waitForImport(server, demo, res.json<SettlementImport>().importId);
    expect(done.files[0]!.settlements[0]).toMatchObject({ outcome: 'duplicate', duplicateOf: amazonKey });
    const page = await search(demo, [[{ filterKey: 'accountKey', operation: 'eq', value: 'acme-amazon-us' }], [{ filterKey: 'duplicateOf', operation: 'nn' }]]);
    expect(page.json<{ settlements: Settlement[] }>().settlements.map((s) => s.badges)).toEqual([['not-posted', 'duplicate']]);
  });

  it("refuses a file of another channel than the account's, naming the file, and queues nothing", async () => {
    const res = await upload(server, demo, 'acme-amazon-us', [{ name: 'shopify.csv', content: shopify16 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'settlement.wrong-channel' });
    expect(res.json<ErrorBody>().message).toContain('shopify.csv');
    const count = await server.testDb.db.selectFrom('settlement_import_files').select((eb) => eb.fn.countAll<string>().as('n')).where('file_name', '=', 'shopify.csv').executeTakeFirstOrThrow();
    expect(count.n).toBe('0');
  });

  it('refuses a file over the upload limit with the limit in the message', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    const res = await upload(server, demo, 'acme-amazon-us', [{ name: 'huge.txt', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>().message).toBe('The file huge.txt is larger than the upload limit of 5 MB; nothing was loaded.');
  });

  it('loads nothing from a file with a bad row, and loads the readable settlements when the user chooses so', async () => {
    const broken = shopify16.replace('-60.00,15.00,-75.00', 'abc,15.00,-75.00');
    const first = await waitForImport(server, demo, (await upload(server, demo, 'acme-shopify', [{ name: 'broken.csv', content: broken }])).json<SettlementImport>().importId);
    expect(first.files[0]!.status).toBe('PROBLEMS');
    expect(first.files[0]!.problems[0]).toMatchObject({ file: 'broken.csv', row: 11 });
    expect(first.files[0]!.settlements).toEqual([]);
    const again = await waitForImport(server, demo, (await upload(server, demo, 'acme-shopify', [{ name: 'broken.csv', content: broken }], '&loadReadable=true')).json<SettlementImport>().importId);
    expect(again.files[0]!.status).toBe('LOADED');
    expect(again.files[0]!.settlements.map((s) => s.settlementId).sort()).toEqual(['2025-07-01', '2025-07-02']);
  });

  it('with billing off (no Stripe key) a trial account is unlimited: a fourth file loads too', async () => {
    const etsy = fs.readFileSync(coreFixture('etsy', 'etsy_statement_2025_10.csv'));
    for (let i = 1; i <= 4; i++) {
      const res = await upload(server, demo, 'trial-etsy', [{ name: `etsy-${i}.csv`, content: etsy }]);
      expect(res.statusCode).toBe(200);
    }
    // The trial's three files with billing on: features/billing/billing.test.ts.
  });

  it("answers not found for another account's upload, send and import list", async () => {
    const mine = (await server.app.inject({ method: 'GET', url: '/settlement-imports?accountKey=acme-amazon-us', headers: bearer(demo) })).json<{ imports: SettlementImport[] }>().imports[0]!;
    const res = await server.app.inject({ method: 'GET', url: `/settlement-import?importId=${mine.importId}`, headers: bearer(other) });
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'import.not-found', httpStatusCode: 404 });
    expect((await server.app.inject({ method: 'GET', url: '/settlement-imports?accountKey=acme-amazon-us', headers: bearer(other) })).statusCode).toBe(404);
    const send = await server.app.inject({ method: 'POST', url: '/settlementSend', payload: `settlementKey=${amazonKey}&action=send`, headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(other) } });
    expect(send.json<ErrorBody>().code).toBe('settlement.not-found');
    const row = await server.testDb.db.selectFrom('settlements').select('send_state').where('settlement_key', '=', amazonKey).executeTakeFirstOrThrow();
    expect(row.send_state).toBe('IDLE');
  });

  it("refuses an upload into another user's account as not found", async () => {
    const res = await upload(server, other, 'acme-amazon-us', [{ name: 'x.txt', content: amazonV2 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('account.not-found');
  });
});

describe('POST /spanner-settlements-with-pagination', () => {
  const account = [{ filterKey: 'accountKey', operation: 'eq', value: 'acme-amazon-us' }];

  it('returns every Settlement field of spec section 3 and the pagination', async () => {
    const res = await search(demo, [account, [{ filterKey: 'duplicateOf', operation: 'nu' }]], 'page=0&size=10&sort=start,desc');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ settlements: Settlement[]; pagination: unknown }>();
    expect(body.pagination).toEqual({ perPage: 10, currentPage: 0, cursor: null, totalRows: 1, pageOptions: [10, 25, 50, 100] });
    expect(body.settlements[0]).toMatchObject({
      accountKey: 'acme-amazon-us',
      start: '2026-10-01T07:12:05.000Z',
      end: '2026-10-15T07:12:05.000Z',
      total: '36.5200',
      channel: 'Amazon.com',
      gateway: null,
      currency: 'USD',
      salesSource: 'AMAZON',
      reportId: 'us-v2-promotion-reserve.txt',
      postedToXero: false,
      cogsPosted: false,
      postingStatus: 'NOT_POSTED',
      cogsPostingStatus: 'NOT_POSTED',
      cogsInvoicesTotal: null,
      allProductCostsAvailable: false,
      duplicateOf: null,
      inconsistent: false,
      onHold: false,
      keyAsString: amazonKey,
      settlementId: '11223344556',
      lineCount: 9,
      sourceKind: 'file',
    });
  });

  it('filters with two criteria and text search, ORs inside a group', async () => {
    const hit = await search(demo, [account, [{ filterKey: 'currency', operation: 'in', value: ['USD', 'EUR'] }], [{ filterKey: 'text', operation: 'like', value: '1122334' }]]);
    expect(hit.json<{ settlements: Settlement[] }>().settlements.map((s) => s.settlementKey)).toContain(amazonKey);
    const miss = await search(demo, [account, [{ filterKey: 'postingStatus', operation: 'eq', value: 'POSTED' }, { filterKey: 'total', operation: 'gt', value: '1000' }]]);
    expect(miss.json<{ settlements: Settlement[] }>().settlements).toEqual([]);
  });

  it('answers a page past the end with no settlements and the full count, and keeps the sort across pages', async () => {
    const all = (await search(demo, [account], 'page=0&size=10&sort=total,asc')).json<{ settlements: Settlement[]; pagination: { totalRows: number } }>();
    expect(all.settlements.length).toBe(all.pagination.totalRows);
    const totals = all.settlements.map((s) => Number(s.total));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const second = (await search(demo, [account], 'page=1&size=1&sort=total,asc')).json<{ settlements: Settlement[] }>();
    expect(second.settlements.map((s) => s.settlementKey)).toEqual([all.settlements[1]!.settlementKey]);
    const past = (await search(demo, [account], 'page=9&size=10')).json<{ settlements: Settlement[]; pagination: { totalRows: number } }>();
    expect(past).toMatchObject({ settlements: [], pagination: { totalRows: all.pagination.totalRows } });
  });

  it('finds the settlement holding an order id (eq and like), and none for an order it does not hold', async () => {
    const keys = async (operation: string, value: string) =>
      (await search(demo, [account, [{ filterKey: 'order', operation, value, joinTableName: 'lines' }]])).json<{ settlements: Settlement[] }>().settlements.map((s) => s.settlementKey);
    expect(await keys('eq', '112-1234567-7654321')).toEqual([amazonKey]);
    expect(await keys('like', '1234567-765')).toEqual([amazonKey]);
    expect(await keys('eq', '112-0000000-0000000')).toEqual([]);
  });

  it('refuses an unknown operation or column, and a search without its account, saying what and where', async () => {
    const op = await search(demo, [account, [{ filterKey: 'currency', operation: 'contains', value: 'USD' }]]);
    expect(op.statusCode).toBe(400);
    expect(op.json<ErrorBody>().message).toContain('Unknown filter operation "contains"');
    const col = await search(demo, [account, [{ filterKey: 'password', operation: 'eq', value: 'x' }]]);
    expect(col.statusCode).toBe(400);
    expect(col.json<ErrorBody>().message).toContain('Unknown filter column "password"');
    const none = await search(demo, [[{ filterKey: 'currency', operation: 'eq', value: 'USD' }]]);
    expect(none.json<ErrorBody>()).toMatchObject({ code: 'settlement.search-invalid', httpStatusCode: 400 });
  });

  it("answers not found for another account's settlements", async () => {
    const res = await search(other, [account]);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('account.not-found');
  });
});

describe('settlement detail and filter values', () => {
  it('shows why documents cannot be built yet (an unmapped type) and drills down from a type to its source rows', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${amazonKey}`, headers: bearer(demo) });
    expect(res.statusCode).toBe(200);
    const detail = res.json<SettlementDetail>();
    expect(detail.settlement).toMatchObject({ accountsMapped: false, flagsSet: { unmappedTypes: true } });
    expect(detail.documents).toEqual([]);
    expect(detail.problems).toEqual([
      {
        code: 'unmapped-type',
        typeKey: 'other-transaction|other-transaction|New Mystery Fee',
        amount: '0.0000',
        message: 'Transaction type "Amazon - New Mystery Fee" of Amazon (1 line, 0.00 USD) in settlement 11223344556 has no mapping; map it to an account to post this settlement.',
      },
    ]);
    const principal = detail.byType.find((t) => t.typeKey === 'Order|ItemPrice|Principal')!;
    expect(principal).toMatchObject({ amount: '49.9900', lineCount: 1, category: 'sales' });
    const drill = await server.app.inject({ method: 'GET', url: `/settlement/lines?settlementKey=${amazonKey}&typeKey=${encodeURIComponent('Order|ItemPrice|Principal')}`, headers: bearer(demo) });
    const lines = drill.json<{ lines: { sourceRow: number; amount: string; sourceFile: string }[] }>().lines;
    expect(lines).toEqual([expect.objectContaining({ sourceRow: 3, amount: '49.9900', sourceFile: 'us-v2-promotion-reserve.txt' })]);
  });

  it("drills down by product type (the account's rules over the settlement's SKUs) and by country (its marketplaces; lines without one are in the settlement's)", async () => {
    const rows = async (filter: string) => {
      const res = await server.app.inject({ method: 'GET', url: `/settlement/lines?settlementKey=${amazonKey}&size=50&${filter}`, headers: bearer(demo) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ lines: { sku: string | null; marketplace: string | null }[]; pagination: { totalRows: number } }>();
      expect(body.pagination.totalRows).toBe(body.lines.length);
      return body.lines;
    };
    // No rule matches SKU-RED-1: its six lines are Unassigned; the three lines without a SKU have no product type.
    const unassigned = await rows('productType=Unassigned');
    expect(unassigned).toHaveLength(6);
    expect(unassigned.every((l) => l.sku === 'SKU-RED-1')).toBe(true);
    expect(await rows('productType=Tents')).toEqual([]);
    // Amazon.com is the US, and so are the settlement's lines without a marketplace.
    expect(await rows('country=US')).toHaveLength(9);
    expect(await rows('country=GB')).toEqual([]);
  });

  it("answers not found for another account's settlementKey on every settlement call", async () => {
    for (const url of [`/settlement/detail?settlementKey=${amazonKey}`, `/settlement/lines?settlementKey=${amazonKey}`, `/settlement?ajax=true&action=delete&settlementKey=${amazonKey}`]) {
      const res = await server.app.inject({ method: 'GET', url, headers: bearer(other) });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('settlement.not-found');
    }
    const still = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('settlement_key', '=', amazonKey).executeTakeFirst();
    expect(still).toBeDefined();
  });

  it('lists channels, gateways and currencies of the account, and whether settlements are available', async () => {
    const headers = bearer(demo);
    const channels = await server.app.inject({ method: 'GET', url: '/account-channels-or-gateways?account=acme-shopify&salesChannel=SHOPIFY', headers });
    expect(channels.json()).toEqual({ channels: ['Shopify'], gateways: ['Shopify Payments'] });
    expect((await server.app.inject({ method: 'GET', url: '/account-currencies?account=acme-amazon-us', headers })).json()).toEqual({ currencies: ['USD'] });
    expect((await server.app.inject({ method: 'GET', url: '/spanner-settlements-available?account=acme-amazon-us', headers })).json()).toEqual({ available: true, count: 2 });
    expect((await server.app.inject({ method: 'GET', url: '/spanner-settlements-available?account=acme-amazon-us', headers: bearer(other) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/account-currencies?account=acme-amazon-us', headers: bearer(other) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/account-channels-or-gateways?account=acme-shopify&salesChannel=SHOPIFY', headers: bearer(other) })).statusCode).toBe(404);
  });

  it('exports the settlements of a date range as CSV and XLSX, and refuses more than 92 days', async () => {
    const csv = await server.app.inject({ method: 'GET', url: '/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-09-15&end=2026-10-31&report=summary&includeMarketplace=true', headers: bearer(demo) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[1]).toBe('11223344556,2026-10-01,2026-10-15,2026-10-17,USD,36.5200,36.5200,0.0000,closed,NOT_POSTED,Amazon.com');
    const xlsx = await server.app.inject({ method: 'GET', url: '/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-09-15&end=2026-10-31&report=transactions&format=xlsx&includeTaxRatesAndCountries=true', headers: bearer(demo) });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const long = await server.app.inject({ method: 'GET', url: '/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-01-01&end=2026-10-31', headers: bearer(demo) });
    expect(long.json<ErrorBody>().message).toBe('Choose at most 92 days to export.');
    const foreign = await server.app.inject({ method: 'GET', url: '/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-09-15&end=2026-10-31', headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
  });

  it('escapes text that would run as a spreadsheet formula in the CSV export, and keeps amounts plain numbers', async () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    const settlement = server.testDb.db.updateTable('settlements').where('account_key', '=', 'acme-amazon-us').where('settlement_id', '=', '11223344556');
    await settlement.set({ marketplace: formula }).execute();
    try {
      const url = (report: string) => `/spanner/settlements/export?accountKey=acme-amazon-us&start=2026-09-15&end=2026-10-31&report=${report}&includeMarketplace=true`;
      const summary = await server.app.inject({ method: 'GET', url: url('summary'), headers: bearer(demo) });
      expect(summary.body.split('\n')[1]).toBe(`11223344556,2026-10-01,2026-10-15,2026-10-17,USD,36.5200,36.5200,0.0000,closed,NOT_POSTED,"'=HYPERLINK(""http://evil.example"",""click"")"`);
      const transactions = (await server.app.inject({ method: 'GET', url: url('transactions'), headers: bearer(demo) })).body.split('\n');
      // A fee is a negative amount: still a number, not escaped text.
      expect(transactions.some((row) => /,-\d+\.\d{4},\d+,/.test(row))).toBe(true);
      expect(transactions.some((row) => row.includes(",'-"))).toBe(false);
    } finally {
      await settlement.set({ marketplace: 'Amazon.com' }).execute();
    }
  });
});

// The list and the detail read the signed-in user inside their own statement (addSignedInRoute):
// the same access rule as every other call, and a removed user is still turned away.
describe('the user read inside the list and detail statements', () => {
  const accountOf = (key: string) => [[{ filterKey: 'accountKey', operation: 'eq', value: key }]];
  const detail = (tokens: TokenSet) => server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${amazonKey}`, headers: bearer(tokens) });

  it('lets an admin search any account, and a partner the accounts that carry its partner code', async () => {
    const admin = await server.signIn('admin@ledgerport.local');
    expect((await search(demo, accountOf('other-seller'))).statusCode).toBe(404);
    const foreign = await search(admin, accountOf('other-seller'));
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json<{ pagination: { totalRows: number } }>().pagination.totalRows).toBe(0);

    const partner = await server.signIn('partner@ledgerport.local');
    expect((await search(partner, accountOf('acme-amazon-us'))).statusCode).toBe(404);
    expect((await detail(partner)).statusCode).toBe(404);
    await server.testDb.db.updateTable('accounts').set({ partner_code: 'PARTNER1' }).where('account_key', '=', 'acme-amazon-us').execute();
    try {
      const page = await search(partner, accountOf('acme-amazon-us'));
      expect(page.statusCode).toBe(200);
      expect(page.json<{ settlements: Settlement[] }>().settlements.map((s) => s.keyAsString)).toContain(amazonKey);
      expect((await detail(partner)).statusCode).toBe(200);
    } finally {
      await server.testDb.db.updateTable('accounts').set({ partner_code: null }).where('account_key', '=', 'acme-amazon-us').execute();
    }
  });

  it('answers 401 to a user removed after signing in, on a page with rows and on an empty one', async () => {
    await server.testDb.db
      .insertInto('users')
      .columns(['user_id', 'email', 'name', 'password_hash'])
      .expression((eb) => eb.selectFrom('users').select([eb.val('gone-user').as('user_id'), eb.val('gone@ledgerport.local').as('email'), eb.val('Gone').as('name'), 'password_hash']).where('email', '=', 'demo@ledgerport.local'))
      .execute();
    await server.testDb.db.insertInto('account_memberships').values({ account_key: 'acme-amazon-us', user_id: 'gone-user', role: 'member' }).execute();
    const gone = await server.signIn('gone@ledgerport.local');
    expect((await search(gone, accountOf('acme-amazon-us'))).statusCode).toBe(200);
    expect((await detail(gone)).statusCode).toBe(200);
    await server.testDb.db.deleteFrom('account_memberships').where('user_id', '=', 'gone-user').execute();
    await server.testDb.db.deleteFrom('refresh_tokens').where('user_id', '=', 'gone-user').execute();
    await server.testDb.db.deleteFrom('users').where('user_id', '=', 'gone-user').execute();
    for (const res of [await search(gone, accountOf('acme-amazon-us')), await search(gone, accountOf('other-seller')), await detail(gone)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>().code).toBe('auth.unauthenticated');
    }
  });
});
