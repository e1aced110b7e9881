import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountReportDetail, AccountReportRow, AmazonDataState, AuditEntryBody, StuckWork, TokenSet } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../../test/test-app';
import type { Jobs } from '../../jobs/start-jobs';
import { parseDemoSettlements } from '../../seed/seed-demo-settlements';
import { storeSettlements } from '../imports/store-settlements';

/** Jobs that run nothing and remember what was queued; `pending` says which singleton keys still have a job. */
const sent: { queue: string; data: Record<string, unknown> }[] = [];
const pending = new Set<string>();
const jobs: Jobs = {
  ...createDiscardingJobs(),
  send: (queue, data) => {
    sent.push({ queue, data });
    return Promise.resolve('job');
  },
  countPending: (_queue, key) => Promise.resolve(pending.has(key) ? 1 : 0),
};

let server: TestServer;
let demo: TokenSet;
let support: TokenSet;
let admin: TokenSet;
const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  server = await startTestServer({ jobs });
  [demo, support, admin] = await server.signInAll('demo@ledgerport.local', 'support@ledgerport.local', 'admin@ledgerport.local');
  // Fetched Amazon data: two contiguous settlement reports, a third after an 11-day hole, one open event group.
  const base = (await parseDemoSettlements()).find((p) => p.accountKey === 'acme-amazon-us')!.result.settlements[0]!;
  const copy = (settlementId: string, fromDay: number, toDay: number, status: Settlement['status'] = 'closed'): Settlement => ({
    ...base,
    settlementId,
    sourceFile: settlementId,
    startDate: START + fromDay * DAY,
    endDate: START + toDay * DAY,
    status,
    total: status === 'open' ? null : base.total,
  });
  const at = server.clock();
  for (const s of [copy('9001', 0, 14), copy('9002', 14, 28), copy('9003', 39, 53), copy('open:G-77', 53, 60, 'open')]) {
    await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', { settlements: [s], problems: [] }, { kind: 'api', reportId: s.settlementId, loadReadable: true, at }));
  }
});
afterAll(() => server.close());

const get = (url: string, tokens: TokenSet) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const run = (accountKey: string, payload: Record<string, unknown>, tokens: TokenSet) =>
  server.app.inject({ method: 'POST', url: `/backend/account/${accountKey}/utilities`, headers: bearer(tokens), payload });

describe('GET /backend/account/:accountKey/reports', () => {
  it('lists uploads and fetched reports with their period, rows, status and resulting settlement', async () => {
    const res = await get('/backend/account/acme-amazon-us/reports?sort=reportId', support);
    expect(res.statusCode).toBe(200);
    const { reports, total } = res.json<{ reports: AccountReportRow[]; total: number }>();
    expect(total).toBe(5);
    const fetched = reports.find((r) => r.reportId === '9002')!;
    expect(fetched).toMatchObject({ source: 'api', channel: 'AMAZON', periodStart: '2030-01-15', periodEnd: '2030-01-29', status: 'STORED', settlementCount: 1, settlementId: '9002' });
    expect(fetched.rowCount).toBeGreaterThan(0);
    expect(fetched.settlementKey).toEqual(expect.any(String));
    expect(reports.find((r) => r.reportId === 'open:G-77')?.status).toBe('OPEN');
    const upload = reports.find((r) => r.source === 'upload')!;
    expect(upload.reportId).toBe('us-v2-promotion-reserve.txt');
  });

  it('filters by source and search, sorts and pages with the total of the filtered list', async () => {
    const api = (await get('/backend/account/acme-amazon-us/reports?source=api&sort=periodEnd&desc=true', admin)).json<{ reports: AccountReportRow[]; total: number }>();
    expect(api.reports.map((r) => r.reportId)).toEqual(['open:G-77', '9003', '9002', '9001']);
    const page = (await get('/backend/account/acme-amazon-us/reports?source=api&sort=periodEnd&desc=true&limit=2&offset=2', admin)).json<{ reports: AccountReportRow[]; total: number }>();
    expect(page).toMatchObject({ total: 4, reports: [{ reportId: '9002' }, { reportId: '9001' }] });
    const searched = (await get('/backend/account/acme-amazon-us/reports?search=900', admin)).json<{ total: number }>();
    expect(searched.total).toBe(3);
    expect((await get('/backend/account/acme-amazon-us/reports?search=%25', admin)).json<{ total: number }>().total).toBe(0);
    const beyond = (await get('/backend/account/acme-amazon-us/reports?source=api&offset=10', admin)).json<{ reports: AccountReportRow[]; total: number }>();
    expect(beyond).toEqual({ reports: [], total: 4 });
  });

  it('shows an upload that stored nothing with its file status and message', async () => {
    const at = server.clock();
    await server.testDb.db.insertInto('settlement_imports').values({ import_id: 'imp-failed', account_key: 'acme-ebay', user_id: 'user-demo', status: 'DONE', created_at: at, finished_at: at }).execute();
    await server.testDb.db
      .insertInto('settlement_import_files')
      .values({ import_id: 'imp-failed', file_index: 0, account_key: 'acme-ebay', file_name: 'broken.csv', size_bytes: 10, status: 'FAILED', message: 'The file is not an eBay report.', updated_at: at })
      .execute();
    const { reports } = (await get('/backend/account/acme-ebay/reports?status=FAILED', support)).json<{ reports: AccountReportRow[] }>();
    expect(reports).toEqual([expect.objectContaining({ reportId: 'broken.csv', source: 'upload', status: 'FAILED', rowCount: 0, settlementKey: null, message: 'The file is not an eBay report.' })]);
    const detail = (await get('/backend/account/acme-ebay/report/broken.csv', support)).json<AccountReportDetail>();
    expect(detail.settlements).toEqual([]);
    expect(detail.files).toEqual([expect.objectContaining({ importId: 'imp-failed', status: 'FAILED', message: 'The file is not an eBay report.' })]);
  });

  it('refuses a bad sort or limit with a 400', async () => {
    expect((await get('/backend/account/acme-amazon-us/reports?sort=secret', support)).statusCode).toBe(400);
    expect((await get('/backend/account/acme-amazon-us/reports?limit=201', support)).statusCode).toBe(400);
  });
});

describe('GET /backend/account/:accountKey/report/:reportId', () => {
  it("answers the report's settlements, exact totals by type that sum to the lines' total, and a page of lines", async () => {
    const res = await get('/backend/account/acme-amazon-us/report/9001?limit=5', support);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AccountReportDetail>();
    expect(detail.settlements).toHaveLength(1);
    const s = detail.settlements[0]!;
    expect(s).toMatchObject({ settlementId: '9001', startDate: '2030-01-01', endDate: '2030-01-15', duplicateOf: null });
    const toUnits = (d: string) => parseDecimalUnits(d) ?? 0n;
    const sum = detail.totalsByType.reduce((n, t) => n + toUnits(t.amount), 0n);
    expect(sum).toBe(toUnits(s.linesTotal));
    expect(detail.totalsByType.reduce((n, t) => n + t.lineCount, 0)).toBe(s.lineCount);
    expect(detail.lines).toHaveLength(Math.min(5, s.lineCount));
    expect(detail.lines[0]).toMatchObject({ settlementKey: s.settlementKey, currency: 'USD' });
    expect(detail.lines[0]!.lineNo).toBeTypeOf('number');
    expect(detail.lineTotal).toBe(s.lineCount);
    const next = (await get('/backend/account/acme-amazon-us/report/9001?limit=5&offset=5', support)).json<AccountReportDetail>();
    if (s.lineCount > 5) expect(next.lines[0]!.lineNo).toBeGreaterThan(detail.lines[4]!.lineNo);
  });

  it('answers 404 report.not-found for a report the account never received, and for another account', async () => {
    const missing = await get('/backend/account/acme-amazon-us/report/nope', support);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'report.not-found' });
    expect((await get('/backend/account/acme-ebay/report/9001', support)).statusCode).toBe(404);
  });
});

describe('GET /backend/account/:accountKey/amazon/data-state', () => {
  it('tells the kinds of Amazon data held, the open event groups and the gap in the settlement sequence', async () => {
    const state = (await get('/backend/account/acme-amazon-us/amazon/data-state', support)).json<AmazonDataState>();
    expect(state.kinds.find((k) => k.kind === 'settlement-report')).toMatchObject({ count: 3, firstStart: '2030-01-01', lastEnd: '2030-02-23' });
    expect(state.kinds.find((k) => k.kind === 'open-event-group')).toMatchObject({ count: 1 });
    expect(state.openGroups).toEqual([expect.objectContaining({ groupId: 'G-77', startDate: '2030-02-23', endDate: '2030-03-02' })]);
    expect(state.gaps).toContainEqual(expect.objectContaining({ afterSettlementId: '9002', beforeSettlementId: '9003', fromAt: '2030-01-29T00:00:00.000Z', toAt: '2030-02-09T00:00:00.000Z', days: 11 }));
    expect(state.gaps.some((g) => g.afterSettlementId === '9001')).toBe(false);
    expect(state.connection).toBeNull();
  });

  it("tells the connection's last fetch, error, next window start and history requests", async () => {
    const at = server.clock();
    const history = { requestId: 'h1', fromDate: '2030-01-29', toDate: '2030-02-09', status: 'FAILED', requestedAt: at.toISOString(), finishedAt: at.toISOString(), settlementCount: null, message: 'Amazon refused the request.' };
    await server.testDb.db
      .insertInto('connections')
      .values({ connection_id: 'c-amz', account_key: 'acme-amazon-us', role: 'sales-channel', system: 'AMAZON', status: 'PROBLEM', remote_id: 'A1SELLER', remote_name: 'Amazon seller A1SELLER', credentials_sealed: null, access_token_expires_at: null, settings: JSON.stringify({ fetchFrom: Date.UTC(2030, 2, 1), historyRequests: [history] }), last_error: 'Throttled by Amazon.', last_error_at: at, last_synced_at: at, created_at: at, updated_at: at })
      .execute();
    const state = (await get('/backend/account/acme-amazon-us/amazon/data-state', admin)).json<AmazonDataState>();
    expect(state.connection).toEqual({ status: 'PROBLEM', sellerId: 'A1SELLER', lastFetchedAt: at.toISOString(), lastError: 'Throttled by Amazon.', lastErrorAt: at.toISOString(), nextFetchFrom: '2030-03-01T00:00:00.000Z' });
    expect(state.historyRequests).toEqual([{ requestId: 'h1', fromDate: '2030-01-29', toDate: '2030-02-09', status: 'FAILED', requestedAt: at.toISOString(), finishedAt: at.toISOString(), message: 'Amazon refused the request.' }]);
  });

  it('refuses an account that does not sell on Amazon with a sentence saying so', async () => {
    const res = await get('/backend/account/birch-walmart/amazon/data-state', support);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe('account.not-amazon');
    expect(body.message).toContain('WALMART');
  });
});

describe('the support utilities', () => {
  it('lists a stuck send and resumes it once its job is gone, audited with the staff member in the account history', async () => {
    const db = server.testDb.db;
    const row = await db.selectFrom('settlements').select(['settlement_key', 'settlement_id']).where('account_key', '=', 'acme-amazon-us').where('settlement_id', '=', '9001').executeTakeFirstOrThrow();
    await db.updateTable('settlements').set({ send_state: 'SENDING' }).where('account_key', '=', 'acme-amazon-us').where('settlement_key', '=', row.settlement_key).execute();
    pending.add(row.settlement_key);
    const stuck = (await get('/backend/account/acme-amazon-us/utilities', support)).json<StuckWork>();
    expect(stuck.sends).toEqual([expect.objectContaining({ settlementKey: row.settlement_key, sendState: 'SENDING', hasJob: true })]);
    const refused = await run('acme-amazon-us', { utility: 'resume-stuck-send', settlementKey: row.settlement_key }, support);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('still has its send job');
    pending.delete(row.settlement_key);
    sent.length = 0;
    const res = await run('acme-amazon-us', { utility: 'resume-stuck-send', settlementKey: row.settlement_key }, support);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ utility: 'resume-stuck-send', count: 1 });
    expect(sent).toEqual([{ queue: 'send-settlement', data: { accountKey: 'acme-amazon-us', settlementKey: row.settlement_key } }]);
    const after = await db.selectFrom('settlements').select('send_state').where('account_key', '=', 'acme-amazon-us').where('settlement_key', '=', row.settlement_key).executeTakeFirstOrThrow();
    expect(after.send_state).toBe('QUEUED');
    const history = (await get('/account-settings/history?accountKey=acme-amazon-us', demo)).json<{ entries: AuditEntryBody[] }>();
    expect(history.entries[0]?.action).toBe('backend.account-utility-run');
    expect(history.entries[0]?.summary).toContain('resume-stuck-send (support: Sam Support)');
  });

  it('refuses to resume a settlement that is not being sent', async () => {
    const row = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-us').where('settlement_id', '=', '9002').executeTakeFirstOrThrow();
    const res = await run('acme-amazon-us', { utility: 'resume-stuck-send', settlementKey: row.settlement_key }, support);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('is not being sent');
    expect((await run('acme-ebay', { utility: 'resume-stuck-send', settlementKey: row.settlement_key }, support)).statusCode).toBe(404);
  });

  it("queues again only this account's unfinished uploads whose job is gone", async () => {
    const db = server.testDb.db;
    const at = server.clock();
    for (const [importId, accountKey] of [['imp-stuck', 'acme-shopify'], ['imp-other', 'acme-ebay']] as const) {
      await db.insertInto('settlement_imports').values({ import_id: importId, account_key: accountKey, user_id: 'user-demo', status: 'RUNNING', created_at: at, finished_at: null }).execute();
      await db.insertInto('settlement_import_files').values({ import_id: importId, file_index: 0, account_key: accountKey, file_name: 'a.csv', size_bytes: 10, status: 'PARSING', updated_at: at }).execute();
    }
    sent.length = 0;
    const res = await run('acme-shopify', { utility: 'requeue-stuck-imports' }, admin);
    expect(res.json()).toMatchObject({ count: 1 });
    expect(sent).toEqual([{ queue: 'import-settlement-file', data: { accountKey: 'acme-shopify', importId: 'imp-stuck', fileIndex: 0 } }]);
    const audit = await db.selectFrom('audit_log').select(['account_key', 'after_state']).where('action', '=', 'backend.account-utility-run').where('account_key', '=', 'acme-shopify').executeTakeFirstOrThrow();
    expect(audit.after_state).toMatchObject({ utility: 'requeue-stuck-imports', count: 1, staffEmail: 'admin@ledgerport.local' });
    expect((audit.after_state as { staffName?: unknown }).staffName).toBeTypeOf('string');
  });

  it('refreshes the mapping state and status of the account', async () => {
    const res = await run('acme-ebay', { utility: 'refresh-mapping-state' }, support);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ utility: 'refresh-mapping-state', count: 1 });
  });
});

describe('refusals', () => {
  const calls = ['/backend/account/acme-amazon-us/reports', '/backend/account/acme-amazon-us/report/9001', '/backend/account/acme-amazon-us/amazon/data-state', '/backend/account/acme-amazon-us/utilities'];

  it('answers a merchant, even a member of the account, like a path with no endpoint, and changes nothing', async () => {
    for (const url of calls) {
      const res = await get(url, demo);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not-found' });
    }
    const before = await server.testDb.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await run('acme-amazon-us', { utility: 'refresh-mapping-state' }, demo)).statusCode).toBe(404);
    const after = await server.testDb.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ method: 'GET', url: calls[0]! })).statusCode).toBe(401);
  });

  it('answers account.not-found for an unknown account', async () => {
    for (const url of ['/backend/account/ghost/reports', '/backend/account/ghost/amazon/data-state', '/backend/account/ghost/utilities']) {
      const res = await get(url, support);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'account.not-found' });
    }
    expect((await run('ghost', { utility: 'refresh-mapping-state' }, support)).json()).toMatchObject({ code: 'account.not-found' });
  });
});
