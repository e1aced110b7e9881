/**
 * The backend's QBO playground and NetSuite SuiteQL console (issue 19, decision 0045) over real SQL,
 * against the local QBO and NetSuite reached through the configured base URLs, with the accounts'
 * own connections made by the OAuth round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboQueryResult, SuiteQlPage, TokenSet } from '@ledgerport/contract';
import { localEndpoints, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { startTestServer, type TestServer } from '../../../test/test-app';

const QBO_ACCOUNT = 'acme-amazon-us';
const NETSUITE_ACCOUNT = 'acme-shopify';
let vendors: VendorServer;
let server: TestServer;
let demo: TokenSet;
let support: TokenSet;
let admin: TokenSet;
const auth = (t: TokenSet) => ({ authorization: `Bearer ${t.accessToken}`, host: 'ledgerport.test' });

/** The merchant connects the account to the system through the local consent page. */
async function connect(accountKey: string, system: 'QBO' | 'NETSUITE') {
  const payload = system === 'NETSUITE' ? { accountKey, system, netSuiteAccountId: 'TSTDRV123' } : { accountKey, system };
  const start = await server.app.inject({ method: 'POST', url: '/accounting/connect', headers: auth(demo), payload });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const res = await server.app.inject({ method: 'POST', url: '/accounting/callback', headers: auth(demo), payload: { system, query: Object.fromEntries(back.searchParams) } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  vendors = await startVendorServer();
  server = await startTestServer({ config: { accounting: localEndpoints(vendors.url) } });
  [demo, support, admin] = await server.signInAll('demo@ledgerport.local', 'support@ledgerport.local', 'admin@ledgerport.local');
  await connect(QBO_ACCOUNT, 'QBO');
  await connect(NETSUITE_ACCOUNT, 'NETSUITE');
});
afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

const qbo = (accountKey: string, query: string, tokens = support) => server.app.inject({ method: 'POST', url: `/backend/${accountKey}/qbo/query`, headers: auth(tokens), payload: { query } });
const suiteql = (accountKey: string, payload: Record<string, unknown>, tokens = support) =>
  server.app.inject({ method: 'POST', url: `/backend/${accountKey}/netsuite/suiteql`, headers: auth(tokens), payload });
const get = (url: string, tokens = support) => server.app.inject({ method: 'GET', url, headers: auth(tokens) });
const auditOf = (accountKey: string, action: string) =>
  server.testDb.db.selectFrom('audit_log').selectAll().where('account_key', '=', accountKey).where('action', '=', action).orderBy('created_at').execute();
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

describe('POST /backend/{accountKey}/qbo/query', () => {
  it("reads the account's QuickBooks company with a row limit added, and audits the query with the staff member's name", async () => {
    const res = await qbo(QBO_ACCOUNT, "SELECT * FROM Account WHERE AccountType = 'Expense'");
    expect(res.statusCode).toBe(200);
    const body = res.json<QboQueryResult>();
    expect(body).toMatchObject({ query: "SELECT * FROM Account WHERE AccountType = 'Expense' MAXRESULTS 100", entity: 'Account', realmId: '9341453012345678', startPosition: 1, maxResults: 2, totalCount: null });
    expect(body.rows.map((r) => r.Name)).toEqual(['Amazon Seller Fees', 'Amazon FBA Fees']);
    expect(body.raw).toMatchObject({ QueryResponse: { Account: expect.any(Array) as unknown[] } });
    const sent = vendors.qbo.requests.at(-1)!;
    expect(new URLSearchParams(sent.query).get('query')).toBe(body.query);
    const [line] = await auditOf(QBO_ACCOUNT, 'backend.qbo-queried');
    expect(json(line!.after_state)).toMatchObject({ query: body.query, staffName: 'Sam Support', staffEmail: 'support@ledgerport.local' });
  });

  it("shows the audit line in the merchant's Settings > History", async () => {
    const res = await get(`/account-settings/history?accountKey=${QBO_ACCOUNT}`, demo);
    expect(res.body).toContain("Read QuickBooks Online: SELECT * FROM Account WHERE AccountType = 'Expense' MAXRESULTS 100 (support: Sam Support)");
  });

  it('answers count(*) with the total', async () => {
    expect((await qbo(QBO_ACCOUNT, 'select count(*) from Class', admin)).json<QboQueryResult>()).toMatchObject({ totalCount: 2, rows: [] });
  });

  it('refuses anything but one SELECT with a 400 that says the console only reads, and sends nothing', async () => {
    const before = vendors.qbo.requests.length;
    const res = await qbo(QBO_ACCOUNT, "DELETE FROM Account WHERE Id = '35'");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'backend.query-refused', message: expect.stringContaining('Only SELECT queries can be run here') as string });
    expect((await qbo(QBO_ACCOUNT, 'SELECT * FROM Account MAXRESULTS 5000')).json()).toMatchObject({ code: 'backend.query-refused' });
    expect(vendors.qbo.requests.length).toBe(before);
  });

  it("gives QuickBooks' own words for a query it cannot parse (422)", async () => {
    const res = await qbo(QBO_ACCOUNT, 'SELECT * FROM Invoicez');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toContain('QueryParserError: Invalid entity name: Invoicez');
  });

  it('says clearly when the account is not connected to QuickBooks Online (409), and 404 for an unknown account', async () => {
    const manual = await qbo('acme-ebay', 'SELECT * FROM Account');
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toMatchObject({ code: 'accounting.not-connected', message: 'Acme Outdoor eBay is not connected to QuickBooks Online (its accounting system is the built-in ledger), so there is nothing to query.' });
    const netsuite = await qbo(NETSUITE_ACCOUNT, 'SELECT * FROM Account');
    expect(netsuite.json<{ message: string }>().message).toContain('(its accounting system is NetSuite)');
    const unknown = await qbo('no-such-account', 'SELECT * FROM Account');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'account.not-found' });
  });

  it('does not exist for a merchant, even the owner of the account (404, like an unknown path), and writes no audit line', async () => {
    const before = (await auditOf(QBO_ACCOUNT, 'backend.qbo-queried')).length;
    const res = await qbo(QBO_ACCOUNT, 'SELECT * FROM Account', demo);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toContain('There is no endpoint');
    expect(await auditOf(QBO_ACCOUNT, 'backend.qbo-queried')).toHaveLength(before);
  });
});

describe('POST /backend/{accountKey}/netsuite/suiteql', () => {
  it('reads one page of a SuiteQL query by limit and offset, without NetSuite links, and audits it', async () => {
    const first = await suiteql(NETSUITE_ACCOUNT, { query: 'SELECT id, acctnumber, accttype FROM account ORDER BY id', limit: 2, offset: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json<SuiteQlPage>()).toEqual({
      query: 'SELECT id, acctnumber, accttype FROM account ORDER BY id',
      accountId: 'TSTDRV123',
      items: [{ id: '1', acctnumber: '1000', accttype: 'Bank' }, { id: '54', acctnumber: '4010', accttype: 'Income' }],
      limit: 2,
      offset: 0,
      hasMore: true,
      totalResults: 4,
    });
    const last = (await suiteql(NETSUITE_ACCOUNT, { query: 'SELECT id FROM account ORDER BY id', limit: 2, offset: 2 })).json<SuiteQlPage>();
    expect([last.items.map((i) => i.id), last.hasMore]).toEqual([['67', '120'], false]);
    const lines = await auditOf(NETSUITE_ACCOUNT, 'backend.netsuite-queried');
    expect(lines.map((l) => json(l.after_state))).toEqual([
      expect.objectContaining({ query: 'SELECT id, acctnumber, accttype FROM account ORDER BY id', limit: 2, offset: 0, staffName: 'Sam Support' }),
      expect.objectContaining({ query: 'SELECT id FROM account ORDER BY id', offset: 2 }),
    ]);
  });

  it('refuses a write and a second statement, and a limit over 1000', async () => {
    expect((await suiteql(NETSUITE_ACCOUNT, { query: "UPDATE account SET acctnumber = '1'" })).json()).toMatchObject({ code: 'backend.query-refused' });
    expect((await suiteql(NETSUITE_ACCOUNT, { query: 'SELECT id FROM account; DROP TABLE account' })).statusCode).toBe(400);
    expect((await suiteql(NETSUITE_ACCOUNT, { query: 'SELECT id FROM account', limit: 1001 })).statusCode).toBe(400);
  });

  it("gives NetSuite's words for a bad query, and a clear 409 for an account on QuickBooks", async () => {
    const bad = await suiteql(NETSUITE_ACCOUNT, { query: 'SELECT id FROM nothing' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe("NetSuite could not run the query. NetSuite refused the query: Invalid search query. Search error occurred: Record 'nothing' was not found.");
    expect((await suiteql(QBO_ACCOUNT, { query: 'SELECT id FROM account' })).json<{ message: string }>().message).toBe(
      'Acme Outdoor US is not connected to NetSuite (its accounting system is QuickBooks Online), so there is nothing to query.',
    );
  });

  it('does not exist for a merchant', async () => {
    expect((await suiteql(NETSUITE_ACCOUNT, { query: 'SELECT id FROM account' }, demo)).statusCode).toBe(404);
  });
});

describe('the records of one NetSuite record type', () => {
  it('lists a type by id, paged, and reads one record through the record API, both audited', async () => {
    const list = await get(`/backend/${NETSUITE_ACCOUNT}/netsuite/records/subsidiary?limit=1`);
    expect(list.json<SuiteQlPage>()).toMatchObject({ query: 'SELECT * FROM subsidiary ORDER BY id', items: [{ id: '1', name: 'Honeycomb Holdings Inc.' }], hasMore: true, totalResults: 4 });
    const record = await get(`/backend/${NETSUITE_ACCOUNT}/netsuite/records/subsidiary/2`);
    expect(record.json()).toEqual({ recordType: 'subsidiary', id: '2', record: { id: '2', name: 'Honeycomb UK Ltd', fullname: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd', country: 'GB', currency: '2', iselimination: 'F', isinactive: 'F' } });
    expect(json((await auditOf(NETSUITE_ACCOUNT, 'backend.netsuite-record-read'))[0]!.after_state)).toMatchObject({ recordType: 'subsidiary', id: '2', staffName: 'Sam Support' });
  });

  it('refuses a record type that is not a plain name (400) and answers 404 for a missing record', async () => {
    expect((await get(`/backend/${NETSUITE_ACCOUNT}/netsuite/records/${encodeURIComponent('account where 1=1')}`)).statusCode).toBe(400);
    expect((await get(`/backend/${NETSUITE_ACCOUNT}/netsuite/records/subsidiary/99`)).statusCode).toBe(404);
  });

  it('does not exist for a merchant, and 404s an unknown account for staff', async () => {
    expect((await get(`/backend/${NETSUITE_ACCOUNT}/netsuite/records/account`, demo)).statusCode).toBe(404);
    expect((await get('/backend/nobody/netsuite/records/account', admin)).json()).toMatchObject({ code: 'account.not-found' });
  });
});
