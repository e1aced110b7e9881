/**
 * Settings > Automation on a server with real background jobs: a settlement that arrives while
 * automation is on is posted with no click, audited with no actor and shown in History; what needs a
 * person (inconsistent, held, a failed send) is never sent; the settings are the account's own.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryBody, AutomationSettingsBody, ErrorBody, Mappings, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import type { JobSender } from '../../http/job-sender';
import { coreFixture, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';
import { runAutoSend } from './auto-send';

const amazonV2 = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'));
const MYSTERY = 'other-transaction|other-transaction|New Mystery Fee';
const ACCOUNT = 'acme-amazon-us';

let server: SettlementTestServer;
let demo: TokenSet;
let viewer: TokenSet;
let other: TokenSet;

const call = (method: 'GET' | 'PUT', url: string, tokens: TokenSet, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const settings = async (accountKey = ACCOUNT) => (await call('GET', `/account-settings/automation?accountKey=${accountKey}`, demo)).json<AutomationSettingsBody>();
const save = (payload: object, tokens = demo, accountKey = ACCOUNT) => call('PUT', `/account-settings/automation?accountKey=${accountKey}`, tokens, payload);
const detail = async (key: string) => (await call('GET', `/settlement/detail?settlementKey=${key}`, demo)).json<SettlementDetail>();
const history = async () => (await call('GET', `/account-settings/history?accountKey=${ACCOUNT}&limit=200`, demo)).json<{ entries: AuditEntryBody[] }>().entries;

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  viewer = await server.signIn('viewer@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
  // The built-in ledger: a send that can succeed here.
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', ACCOUNT).execute();
}, 120_000);
afterAll(() => server.close());

describe('automation settings', () => {
  it('starts off with a day of delay, fetched settlements only, and nothing refusing it', async () => {
    expect(await settings()).toMatchObject({ accountKey: ACCOUNT, isEnabled: false, delayHours: 24, isSendingUploads: false, sendFromDate: null, canEdit: true, refusal: null, outlook: [], recentSends: [] });
  });

  it('refuses to turn on where a send has nowhere to go, and changes nothing', async () => {
    const res = await save({ isEnabled: true }, demo, 'trial-etsy');
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'automation.no-accounting-system', message: 'Trial Etsy Shop has no accounting system yet. Connect one (or choose the built-in ledger) before turning on automatic sending.' });
    expect(await settings('trial-etsy')).toMatchObject({ isEnabled: false, refusal: expect.stringContaining('no accounting system') as string });
  });

  it('names what is wrong with a bad delay or date', async () => {
    const delay = await save({ delayHours: 200 });
    expect(delay.statusCode).toBe(400);
    expect(delay.json<ErrorBody>().message).toContain('at most 168 hours');
    const day = await save({ sendFromDate: '2026-02-30' });
    expect(day.statusCode).toBe(400);
    expect(day.json<ErrorBody>().message).toContain('"2026-02-30" is not a date');
  });

  it('is not found for another account and read-only for a view-only member', async () => {
    expect((await call('GET', `/account-settings/automation?accountKey=${ACCOUNT}`, other)).statusCode).toBe(404);
    expect((await save({ isEnabled: true }, other)).statusCode).toBe(404);
    const read = await call('GET', `/account-settings/automation?accountKey=${ACCOUNT}`, viewer);
    expect(read.json<AutomationSettingsBody>().canEdit).toBe(false);
    expect((await save({ isEnabled: true }, viewer)).statusCode).toBe(403);
    expect((await settings()).isEnabled).toBe(false);
  });
});

describe('automatic sending', () => {
  let settlementKey: string;

  it('turned on, it starts from today and is audited with before and after', async () => {
    const res = await save({ isEnabled: true });
    expect(res.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(server.clock());
    expect(res.json<AutomationSettingsBody>()).toMatchObject({ isEnabled: true, sendFromDate: today, updatedBy: 'demo@ledgerport.local' });
    const [entry] = await history();
    expect(entry).toMatchObject({ action: 'account.automation-changed', actorEmail: 'demo@ledgerport.local', summary: `Changed the automation: Automatic sending off → on; First day sent none → ${today}` });
  });

  it('leaves an uploaded, unmapped, older settlement alone and says why', async () => {
    const done = await waitForImport(server, demo, (await upload(server, demo, ACCOUNT, [{ name: 'us.txt', content: amazonV2 }])).json<SettlementImport>().importId);
    settlementKey = done.files[0]!.settlements[0]!.settlementKey;
    const [row] = (await settings()).outlook;
    expect(row).toMatchObject({ settlementKey, kind: 'never', rule: 'upload' });
    await save({ isSendingUploads: true });
    expect((await settings()).outlook[0]).toMatchObject({ kind: 'never', rule: 'before-start' });
    await save({ sendFromDate: '2000-01-01', delayHours: 0 });
    expect((await settings()).outlook[0]).toMatchObject({ kind: 'wait', rule: 'waiting-mappings', reason: expect.stringContaining('sent once they are mapped') as string });
  });

  it('never sends an inconsistent or held settlement, however ready it is', async () => {
    const db = server.testDb.db;
    await db.updateTable('settlements').set({ accounts_mapped: true, taxes_mapped: true, inconsistent: true }).where('settlement_key', '=', settlementKey).execute();
    const sent: string[] = [];
    const recording: JobSender = { send: (_q, data) => (sent.push(String(data.settlementKey)), Promise.resolve('id')) };
    expect((await runAutoSend({ db, jobs: recording, clock: server.clock }, ACCOUNT)).queued).toEqual([]);
    await db.updateTable('settlements').set({ inconsistent: false, on_hold: true }).where('settlement_key', '=', settlementKey).execute();
    expect((await runAutoSend({ db, jobs: recording, clock: server.clock }, ACCOUNT)).queued).toEqual([]);
    expect(sent).toEqual([]);
    await db.updateTable('settlements').set({ on_hold: false, accounts_mapped: false, taxes_mapped: false }).where('settlement_key', '=', settlementKey).execute();
  });

  it('posts the settlement with no click once its last type is mapped, once, and History says Ledgerport sent it', async () => {
    const mappings = (await call('GET', `/mappings?accountKey=${ACCOUNT}`, demo)).json<Mappings>();
    const code = mappings.accounts.find((a) => a.path === 'Expenses:Amazon:OtherCharges')!.code;
    const mapped = await call('PUT', `/mappings?accountKey=${ACCOUNT}`, demo, { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: code, taxRateCode: 'NONE' }] });
    expect(mapped.statusCode).toBe(200);
    const posted = await waitFor(() => detail(settlementKey), (d) => d.settlement.postingStatus === 'POSTED', 'the automatic send');
    expect(posted.settlement).toMatchObject({ sendState: 'IDLE', postingStatus: 'POSTED' });
    const sends = (await history()).filter((e) => e.action === 'settlement.auto-send-queued');
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ actorEmail: null, summary: `Automatically sent settlement ${posted.settlement.settlementId}` });
    expect((await settings()).recentSends).toEqual([expect.objectContaining({ settlementKey, settlementId: posted.settlement.settlementId })]);
    // The account's users are told, once, that it went without them.
    const told = await server.testDb.db.selectFrom('notifications').select(['user_id', 'title']).where('kind', '=', 'auto-sent').where('account_key', '=', ACCOUNT).execute();
    expect(told.filter((n) => n.user_id === 'user-demo')).toEqual([{ user_id: 'user-demo', title: `Settlement ${posted.settlement.settlementId} was sent automatically` }]);
    // Another pass finds nothing to send: posted is never sent again.
    const again = await runAutoSend({ db: server.testDb.db, jobs: server.jobs, clock: server.clock }, ACCOUNT);
    expect(again.queued).toEqual([]);
    const documents = await server.testDb.db.selectFrom('settlement_documents').select('document_id').where('settlement_key', '=', settlementKey).execute();
    expect(documents.length).toBeGreaterThan(0);
    expect(new Set(documents.map((d) => d.document_id)).size).toBe(documents.length);
  });

  it('waits for the delay, and names when it ends', async () => {
    const db = server.testDb.db;
    await save({ delayHours: 5 });
    await db.updateTable('settlements').set({ posting_status: 'NOT_POSTED', created_at: server.clock() } as never).where('settlement_key', '=', settlementKey).execute();
    const run = await runAutoSend({ db, jobs: { send: () => Promise.reject(new Error('nothing should be queued')) }, clock: server.clock }, ACCOUNT);
    expect(run.queued).toEqual([]);
    expect(run.nextDueAt?.getTime()).toBe(server.clock().getTime() + 5 * 3_600_000);
  });
});
