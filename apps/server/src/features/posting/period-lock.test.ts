/**
 * Closed periods (issue 28, decision 0061) over real SQL, against the local vendor server: each
 * system's lock is read with its reference data from the field it documents; before a send it is read
 * again, and a document dated in the closed period holds the settlement with the rule's reason (nothing
 * reaches the system, nothing fails) or, once the account moves such documents, posts on the first
 * open day with a memo line naming its own date. The built-in ledger has a lock of its own, set in
 * Settings and audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltInLedgerLock, Mappings, PostingSettingsBody, SendResult, SettlementDetail, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { localEndpoints, startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { bearer } from '../../../test/test-app';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';
import { storeSettlements } from '../imports/store-settlements';

const XERO_ACCOUNT = 'acme-amazon-us';
const LEDGER_ACCOUNT = 'acme-amazon-ca';
let vendors: VendorServer;
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;

/** A closed Amazon settlement of 100.00 ending (and dated, in New York and Toronto) on `day`. */
function settlement(settlementId: string, day: string): Settlement {
  const postedAt = Date.parse(`${day}T16:00:00Z`);
  const line = (orderId: string, amount: bigint) => ({ postedAt, typeKey: 'Order|ItemPrice|Principal', orderId, sku: 'MUG', quantity: 1, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount, source: { file: 'lock.txt', row: 2 } });
  return { channel: 'AMAZON', settlementId, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD', startDate: postedAt, endDate: postedAt, depositDate: postedAt, total: 1_000_000n, status: 'closed', sellerId: null, sourceFile: 'lock.txt', lines: [line('O-1', 600_000n), line('O-2', 400_000n)] };
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, tokens = demo) => server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

async function connect(accountKey: string, system: 'XERO' | 'QBO' | 'SAGE' | 'NETSUITE') {
  const start = await call('POST', '/accounting/connect', { accountKey, system, ...(system === 'NETSUITE' ? { netSuiteAccountId: 'TSTDRV123' } : {}) });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  const res = await call('POST', '/accounting/callback', { system, query: Object.fromEntries(back.searchParams) });
  expect(res.statusCode).toBe(200);
}

async function store(accountKey: string, s: Settlement): Promise<string> {
  const stored = await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, accountKey, { settlements: [s], problems: [] }, { kind: 'file', at: new Date('2026-11-20T00:00:00Z') }));
  return stored.settlements[0]!.settlementKey;
}

async function send(settlementKey: string): Promise<SendResult> {
  const f = form([['settlementKey', settlementKey], ['action', 'send']]);
  const res = await server.app.inject({ method: 'POST', url: '/settlementSend', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } });
  expect(res.statusCode).toBe(200);
  return res.json<SendResult>();
}

/** The settlement once its send has finished: posted, held or failed. */
const settled = (settlementKey: string) =>
  waitFor(
    () => server.testDb.db.selectFrom('settlements').selectAll().where('settlement_key', '=', settlementKey).executeTakeFirstOrThrow(),
    (r) => r.send_state === 'FAILED' || r.posting_status === 'POSTED' || (r.on_hold && r.send_state === 'IDLE'),
    `the send of ${settlementKey}`,
  );

const detail = async (settlementKey: string) => (await call('GET', `/settlement/detail?settlementKey=${settlementKey}`)).json<SettlementDetail>();
const setTreatment = (accountKey: string, periodLockTreatment: 'hold' | 'move') => call('PUT', `/account/posting-settings?accountKey=${accountKey}`, { periodLockTreatment });

beforeAll(async () => {
  vendors = await startVendorServer();
  server = await startSettlementTestServer({ config: { accounting: localEndpoints(vendors.url) } });
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').where('account_key', 'in', [XERO_ACCOUNT, LEDGER_ACCOUNT]).execute();
}, 180_000);

afterAll(async () => {
  await server?.close();
  await vendors?.close();
});

describe('the lock of each local vendor, read with the reference data', () => {
  const cases = [
    { system: 'QBO', set: (day: string | null) => vendors.setPeriodLock({ system: 'qbo', BookCloseDate: day }), source: 'BookCloseDate' },
    { system: 'XERO', set: (day: string | null) => vendors.setPeriodLock({ system: 'xero', PeriodLockDate: day, EndOfYearLockDate: day ? '2025-12-31' : null }), source: 'PeriodLockDate' },
    { system: 'SAGE', set: (day: string | null) => vendors.setPeriodLock({ system: 'sage', year_end_lockdown_date: day }), source: 'year_end_lockdown_date' },
    { system: 'NETSUITE', set: (day: string | null) => vendors.setPeriodLock({ system: 'netsuite', closedThrough: day }), source: 'accountingperiod' },
  ] as const;

  for (const c of cases) {
    it(`${c.system}: ${c.source} at connect and again on refresh; none when the books are open`, async () => {
      c.set('2026-03-31');
      await connect(XERO_ACCOUNT, c.system);
      const read = async () => (await call('GET', `/accounting/reference-data?accountKey=${XERO_ACCOUNT}`)).json<{ system: string; periodLock: unknown }>();
      expect(await read()).toMatchObject({ system: c.system, periodLock: { closedThrough: '2026-03-31', source: c.source } });
      c.set('2026-04-30');
      expect((await call('POST', '/accounting/reference-data/refresh', { accountKey: XERO_ACCOUNT })).statusCode).toBe(200);
      expect((await read()).periodLock).toEqual({ closedThrough: '2026-04-30', source: c.source });
      c.set(null);
      expect((await call('POST', '/accounting/reference-data/refresh', { accountKey: XERO_ACCOUNT })).statusCode).toBe(200);
      expect((await read()).periodLock).toBeNull();
    });
  }

  it('the local Xero takes the later of its two lock dates, as Xero shows them (/Date(ms+0000)/)', async () => {
    vendors.setPeriodLock({ system: 'xero', PeriodLockDate: '2026-01-31', EndOfYearLockDate: '2026-06-30' });
    await connect(XERO_ACCOUNT, 'XERO');
    const data = (await call('GET', `/accounting/reference-data?accountKey=${XERO_ACCOUNT}`)).json<{ periodLock: unknown }>();
    expect(data.periodLock).toEqual({ closedThrough: '2026-06-30', source: 'EndOfYearLockDate' });
    const org = vendors.xero.requests.filter((r) => r.path === '/api.xro/2.0/Organisation');
    expect(org.length).toBeGreaterThan(0);
    vendors.setPeriodLock({ system: 'xero', PeriodLockDate: null, EndOfYearLockDate: null });
  });
});

describe('a settlement dated in a period Xero has closed', () => {
  let key: string;

  beforeAll(async () => {
    vendors.setPeriodLock({ system: 'xero', PeriodLockDate: null, EndOfYearLockDate: null });
    await connect(XERO_ACCOUNT, 'XERO');
    key = await store(XERO_ACCOUNT, settlement('77001', '2026-10-10'));
    const mappings = (await call('GET', `/mappings?accountKey=${XERO_ACCOUNT}`)).json<Mappings>();
    const entries = mappings.rows.filter((r) => r.isUnmapped).map((r) => ({ channel: 'AMAZON', typeKey: r.typeKey, accountCode: '405', taxRateCode: 'NONE' }));
    if (entries.length > 0) expect((await call('PUT', `/mappings?accountKey=${XERO_ACCOUNT}`, { entries })).statusCode).toBe(200);
  }, 60_000);

  it('is held with the reason, never sent to fail: the lock set after the chart was read is read again before the send', async () => {
    // Set after connecting: only the read before the send can know it.
    vendors.setPeriodLock({ system: 'xero', PeriodLockDate: '2026-10-31' });
    const before = vendors.xero.documents.length;
    expect((await send(key)).queued).toEqual([key]);
    const row = await settled(key);
    expect(row).toMatchObject({ on_hold: true, on_hold_cause: 'period-lock', send_state: 'IDLE', posting_error: null, posting_status: 'NOT_POSTED' });
    expect(row.on_hold_reason).toBe('Dated 2026-10-10, in a period Xero has closed through 2026-10-31.');
    expect(vendors.xero.documents.length).toBe(before);
    const shown = await detail(key);
    expect(shown.settlement).toMatchObject({ onHold: true, onHoldCause: 'period-lock', onHoldReason: 'Dated 2026-10-10, in a period Xero has closed through 2026-10-31.' });
    const cached = (await call('GET', `/accounting/reference-data?accountKey=${XERO_ACCOUNT}`)).json<{ periodLock: unknown }>();
    expect(cached.periodLock).toEqual({ closedThrough: '2026-10-31', source: 'PeriodLockDate' });
  });

  it('Send refuses it while held, naming the period and the ways out', async () => {
    const result = await send(key);
    expect(result.queued).toEqual([]);
    expect(result.skipped[0]!.reason).toContain('Dated 2026-10-10, in a period Xero has closed through 2026-10-31.');
    expect(result.skipped[0]!.reason).toContain('Move to the first open day');
  });

  it('moving such documents releases the hold (audited); the send posts on the first open day with the memo line', async () => {
    const saved = await setTreatment(XERO_ACCOUNT, 'move');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PostingSettingsBody>()).toMatchObject({ periodLockTreatment: 'move', periodLockHeldCount: 0 });
    const audit = await server.testDb.db.selectFrom('audit_log').select(['action', 'after_state']).where('account_key', '=', XERO_ACCOUNT).where('action', '=', 'account.posting-settings-changed').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(audit.after_state).toEqual({ periodLockTreatment: 'move' });
    expect((await detail(key)).settlement.onHold).toBe(false);

    expect((await send(key)).queued).toEqual([key]);
    const row = await settled(key);
    expect(row).toMatchObject({ posting_status: 'POSTED', on_hold: false, posting_error: null });
    const invoice = vendors.xero.documents.at(-1)!.body as { Date: string; Reference: string };
    expect(invoice.Date).toBe('2026-11-01');
    expect(invoice.Reference).toContain('Dated 2026-10-10 in the settlement; moved to 2026-11-01, the first open day, because Xero has closed its books through 2026-10-31.');
    const stored = await server.testDb.db.selectFrom('settlement_documents').select(['document_date', 'status']).where('settlement_key', '=', key).executeTakeFirstOrThrow();
    expect(stored).toEqual({ document_date: '2026-11-01', status: 'POSTED' });
    expect(vendors.violations()).toEqual([]);
  });

  it('an open day posts as built, whatever the setting', async () => {
    const open = await store(XERO_ACCOUNT, settlement('77002', '2026-11-05'));
    await setTreatment(XERO_ACCOUNT, 'hold');
    await send(open);
    expect(await settled(open)).toMatchObject({ posting_status: 'POSTED', on_hold: false });
    expect((vendors.xero.documents.at(-1)!.body as { Date: string }).Date).toBe('2026-11-05');
  });
});

describe('the built-in ledger’s own lock', () => {
  let key: string;

  beforeAll(async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', LEDGER_ACCOUNT).execute();
    key = await store(LEDGER_ACCOUNT, settlement('77101', '2026-09-15'));
  });

  it('is set in Settings, audited, and nobody of another account reads or sets it', async () => {
    expect((await call('GET', `/ledger/lock-date?accountKey=${LEDGER_ACCOUNT}`)).json<BuiltInLedgerLock>()).toMatchObject({ closedThrough: null });
    const saved = await call('PUT', `/ledger/lock-date?accountKey=${LEDGER_ACCOUNT}`, { closedThrough: '2026-09-30' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BuiltInLedgerLock>()).toMatchObject({ accountKey: LEDGER_ACCOUNT, closedThrough: '2026-09-30', updatedBy: 'demo@ledgerport.local' });
    const audit = await server.testDb.db.selectFrom('audit_log').select(['before_state', 'after_state']).where('account_key', '=', LEDGER_ACCOUNT).where('action', '=', 'ledger.lock-date-changed').executeTakeFirstOrThrow();
    expect([audit.before_state, audit.after_state]).toEqual([{ closedThrough: null }, { closedThrough: '2026-09-30' }]);
    expect((await call('GET', `/ledger/lock-date?accountKey=${LEDGER_ACCOUNT}`, undefined, other)).statusCode).toBe(404);
    expect((await call('PUT', `/ledger/lock-date?accountKey=${LEDGER_ACCOUNT}`, { closedThrough: '2020-01-01' }, other)).statusCode).toBe(404);
    const bad = await call('PUT', `/ledger/lock-date?accountKey=${LEDGER_ACCOUNT}`, { closedThrough: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('"2026-02-30" is not a date');
    expect((await call('GET', `/ledger/lock-date?accountKey=${LEDGER_ACCOUNT}`)).json<BuiltInLedgerLock>().closedThrough).toBe('2026-09-30');
  });

  it('holds a settlement dated in it, then moves it to the first open day when the account says so', async () => {
    await send(key);
    expect(await settled(key)).toMatchObject({ on_hold: true, on_hold_reason: 'Dated 2026-09-15, in a period the built-in ledger has closed through 2026-09-30.', posting_error: null });
    expect(await server.testDb.db.selectFrom('ledger_journals').select('journal_id').where('settlement_key', '=', key).execute()).toEqual([]);
    // Released on its page: no suspense override, and the next send checks the lock again (still closed: held again).
    const released = await call('POST', `/settlement/release-hold?settlementKey=${key}`);
    expect(released.json<{ message: string }>().message).toContain("checked against the accounting system's closed period again");
    const after = await server.testDb.db.selectFrom('settlements').select(['on_hold', 'hold_released_at']).where('settlement_key', '=', key).executeTakeFirstOrThrow();
    expect(after).toEqual({ on_hold: false, hold_released_at: null });
    await send(key);
    expect(await settled(key)).toMatchObject({ on_hold: true, on_hold_cause: 'period-lock' });
    await setTreatment(LEDGER_ACCOUNT, 'move');
    await send(key);
    expect(await settled(key)).toMatchObject({ posting_status: 'POSTED' });
    const journal = await server.testDb.db.selectFrom('ledger_journals').select(['journal_date', 'description']).where('settlement_key', '=', key).executeTakeFirstOrThrow();
    expect(journal.journal_date).toBe('2026-10-01');
    expect(journal.description).toContain('Dated 2026-09-15 in the settlement; moved to 2026-10-01, the first open day, because the built-in ledger has closed its books through 2026-09-30.');
  });

  it('an account on another system has no built-in lock to set', async () => {
    const res = await call('PUT', `/ledger/lock-date?accountKey=${XERO_ACCOUNT}`, { closedThrough: '2026-01-31' });
    expect(res.statusCode).toBe(409);
  });
});
