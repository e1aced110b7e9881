import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Mappings, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { SEND_SETTLEMENT_QUEUE } from './send-settlement-job';
import { coreFixture, form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

const amazonV2 = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'));
const MYSTERY = 'other-transaction|other-transaction|New Mystery Fee';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let amazonKey: string;

const detail = async (key: string) => (await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${key}`, headers: bearer(demo) })).json<SettlementDetail>();
const post = (url: string, fields: [string, string][], tokens = demo) => server.app.inject({ method: 'POST', url, ...form(fields), headers: { ...form(fields).headers, ...bearer(tokens) } });
const settled = (key: string) => waitFor(() => detail(key), (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', `send of ${key}`);
const mappingsOf = async (accountKey: string) => (await server.app.inject({ method: 'GET', url: `/mappings?accountKey=${accountKey}`, headers: bearer(demo) })).json<Mappings>();
const codeOf = (m: Mappings, path: string) => m.accounts.find((a) => a.path === path)!.code;

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  // The demo seed's settlements would make these uploads duplicates: start from none.
  await server.testDb.db.deleteFrom('settlements').execute();
  const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-amazon-us', [{ name: 'us.txt', content: amazonV2 }])).json<SettlementImport>().importId);
  amazonKey = done.files[0]!.settlements[0]!.settlementKey;
}, 120_000);
afterAll(() => server.close());

describe('send', () => {
  it('refuses to queue a send when the API system is not connected, saying so, and changes nothing', async () => {
    const res = await post('/settlementSend', [['settlementKey', amazonKey], ['action', 'send']]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'posting.connection-missing', message: 'QuickBooks Online is not connected. Connect it from Settings > Connections first.' });
    const after = await settled(amazonKey);
    expect(after.settlement).toMatchObject({ sendState: 'IDLE', postingStatus: 'NOT_POSTED', postingError: null });
  });

  it('maps the unmapped type, keeps mappingsCompleted true only then, and refuses codes outside the chart', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-amazon-us').execute();
    const before = await mappingsOf('acme-amazon-us');
    expect(before.rows[0]).toMatchObject({ typeKey: MYSTERY, isUnmapped: true, source: 'unmapped', lineCount: 1 });
    expect(before.mappingsCompleted).toBe(false);
    const bad = await server.app.inject({ method: 'PUT', url: '/mappings?accountKey=acme-amazon-us', payload: { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: '99999', taxRateCode: 'NONE' }] }, headers: bearer(demo) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('entries[0]: account 99999 is not in the chart of accounts.');
    const other6900 = codeOf(before, 'Expenses:Amazon:OtherCharges');
    const res = await server.app.inject({ method: 'PUT', url: '/mappings?accountKey=acme-amazon-us', payload: { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: other6900, taxRateCode: 'NONE' }] }, headers: bearer(demo) });
    expect(res.statusCode).toBe(200);
    const after = res.json<Mappings>();
    expect(after).toMatchObject({ version: 2, unmappedCount: 0, mappingsCompleted: true });
    expect(after.rows.find((r) => r.typeKey === MYSTERY)).toMatchObject({ accountCode: other6900, source: 'explicit' });
    const foreign = await server.app.inject({ method: 'GET', url: '/mappings?accountKey=acme-amazon-us', headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
  });

  it('posts to the built-in ledger once, however often it is sent, and the status reads POSTED', async () => {
    await post('/settlementSend', [['settlementKey', amazonKey], ['action', 'send']]);
    const after = await settled(amazonKey);
    expect(after.settlement).toMatchObject({ postingStatus: 'POSTED', postedToXero: true, sendState: 'IDLE', postingError: null, badges: ['posted'] });
    expect(after.documents).toEqual([expect.objectContaining({ status: 'POSTED', system: 'MANUAL', total: '36.5200', mappingVersion: 'acme-amazon-us@v2' })]);
    const again = await post('/settlementSend', [['settlementKey', amazonKey], ['action', 'send']]);
    expect(again.json()).toMatchObject({ queued: [], skipped: [{ settlementKey: amazonKey, reason: 'Settlement 11223344556 is already posted.' }] });
    const journals = await server.testDb.db.selectFrom('ledger_journals').select('journal_id').where('account_key', '=', 'acme-amazon-us').execute();
    expect(journals).toHaveLength(1);
    const key = await server.testDb.db.selectFrom('idempotency_keys').select(['state', 'remote_id']).where('account_key', '=', 'acme-amazon-us').execute();
    expect(key).toEqual([{ state: 'DONE', remote_id: journals[0]!.journal_id }]);
    const account = await server.testDb.db.selectFrom('accounts').select('first_settlement_posted').where('account_key', '=', 'acme-amazon-us').executeTakeFirstOrThrow();
    expect(account.first_settlement_posted).toBe(true);
  });

  it('shows a balanced trial balance whose clearing account holds the deposit, and downloads hledger', async () => {
    const tb = await server.app.inject({ method: 'GET', url: '/ledger/trial-balance?accountKey=acme-amazon-us', headers: bearer(demo) });
    const rows = tb.json<{ rows: { accountName: string; balance: string }[] }>().rows;
    expect(rows.find((r) => r.accountName === 'Amazon Clearing')?.balance).toBe('36.5200');
    let sum = 0n;
    for (const r of rows) sum += BigInt(r.balance.replace('.', ''));
    expect(sum).toBe(0n);
    const hledger = await server.app.inject({ method: 'GET', url: '/ledger/export?accountKey=acme-amazon-us&format=hledger', headers: bearer(demo) });
    expect(hledger.statusCode).toBe(200);
    expect(hledger.body).toContain('Assets:Clearing:Amazon');
    expect(hledger.headers['x-export-parts']).toBe('1');
    for (const format of ['csv', 'iif', 'qbo-csv', 'xero-journal-csv', 'xero-invoice-csv', 'sage-csv', 'beancount', 'json']) {
      const res = await server.app.inject({ method: 'GET', url: `/ledger/export?accountKey=acme-amazon-us&format=${format}`, headers: bearer(demo) });
      expect(res.statusCode, format).toBe(200);
      expect(res.body.length, format).toBeGreaterThan(20);
    }
    expect((await server.app.inject({ method: 'GET', url: '/ledger/trial-balance?accountKey=acme-amazon-us', headers: bearer(other) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/ledger/export?accountKey=acme-amazon-us&format=hledger', headers: bearer(other) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/ledger/journals?accountKey=acme-amazon-us', headers: bearer(other) })).statusCode).toBe(404);
  });

  it('refuses to delete a posted settlement', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/settlement?ajax=true&action=delete&settlementKey=${amazonKey}`, headers: bearer(demo) });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().code).toBe('settlement.posted');
  });

  it('reprocess after a mapping change shows what would change, then replaces the posted document by reversal', async () => {
    const m = await mappingsOf('acme-amazon-us');
    const fees = codeOf(m, 'Expenses:Amazon:SellerFees');
    await server.app.inject({ method: 'PUT', url: '/mappings?accountKey=acme-amazon-us', payload: { entries: [{ channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', accountCode: fees, taxRateCode: 'NONE' }] }, headers: bearer(demo) });
    const preview = await server.app.inject({ method: 'GET', url: `/settlement?ajax=true&action=reprocess&settlementKey=${amazonKey}`, headers: bearer(demo) });
    const body = preview.json<{ preview: { hasChanges: boolean; previewToken: string; documents: { lines: { after: { accountCode: string; taxRateCode: string; amount: string } }[] }[] } }>();
    expect(body.preview.hasChanges).toBe(true);
    expect(body.preview.documents.flatMap((d) => d.lines)).toMatchObject([{ after: { accountCode: fees, taxRateCode: 'NONE', amount: '-49.99' } }]);
    expect(await server.testDb.db.selectFrom('ledger_journals').select('journal_id').execute()).toHaveLength(1);
    await server.app.inject({ method: 'GET', url: `/settlement?ajax=true&action=reprocess&settlementKey=${amazonKey}&confirm=true&previewToken=${body.preview.previewToken}`, headers: bearer(demo) });
    const after = await waitFor(() => detail(amazonKey), (d) => d.settlement.postingStatus === 'POSTED' && d.settlement.sendState === 'IDLE', 'the replacement');
    expect(after.documents.map((d) => d.status).sort()).toEqual(['POSTED', 'REVERSED']);
    const journals = await server.testDb.db.selectFrom('ledger_journals').select(['number', 'reverses_id']).orderBy('created_at').execute();
    expect(journals).toHaveLength(3);
    expect(journals[1]!.number.startsWith('R-')).toBe(true);
  });
});

describe('a send whose job is gone', () => {
  it('sends again a settlement left QUEUED without a job, and still refuses one whose job waits', async () => {
    const files = ['99887766551', '99887766552'].map((id) => ({ name: `${id}.txt`, content: amazonV2.toString('utf8').replaceAll('11223344556', id) }));
    const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-amazon-us', files)).json<SettlementImport>().importId);
    const [orphan, waiting] = done.files.map((f) => f.settlements[0]!.settlementKey);
    // The process died between marking it QUEUED and queueing its job.
    await server.testDb.db.updateTable('settlements').set({ send_state: 'QUEUED' }).where('settlement_key', 'in', [orphan!, waiting!]).execute();
    await server.jobs.send(SEND_SETTLEMENT_QUEUE, { settlementKey: waiting! }, { singletonKey: waiting!, startAfterSeconds: 3600 });
    const res = await post('/bulkActionSettlement', [['bulkAction', 'send'], ['bulkSettlement', orphan!], ['bulkSettlement', waiting!]]);
    expect(res.json()).toMatchObject({ queued: [orphan], skipped: [{ settlementKey: waiting, reason: 'Settlement 99887766552 is already being sent.' }], message: '1 of 2 settlements queued for sending, 1 skipped.' });
    const after = await settled(orphan!);
    expect(after.settlement).toMatchObject({ postingStatus: 'POSTED', sendState: 'IDLE' });
  });
});

describe('POST /bulkActionSettlement', () => {
  it('refuses more than 50 settlements and changes nothing', async () => {
    const fields: [string, string][] = [['bulkAction', 'delete'], ...Array.from({ length: 51 }, (_, i): [string, string] => ['bulkSettlement', `stl_${i}`])];
    const res = await post('/bulkActionSettlement', fields);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toContain('Choose at most 50 settlements for one bulk action.');
  });

  it('sends three settlements to the built-in ledger in one bulk send', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-shopify').execute();
    const shopify = fs.readFileSync(coreFixture('shopify', 'payment_transactions_export_16col.csv'));
    const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-shopify', [{ name: 'shopify.csv', content: shopify }])).json<SettlementImport>().importId);
    const keys = done.files[0]!.settlements.map((s) => s.settlementKey);
    expect(keys).toHaveLength(3);
    const foreign = await post('/bulkActionSettlement', [['bulkAction', 'send'], ...keys.map((k): [string, string] => ['bulkSettlement', k])], other);
    expect(foreign.statusCode).toBe(404);
    const res = await post('/bulkActionSettlement', [['bulkAction', 'send'], ...keys.map((k): [string, string] => ['bulkSettlement', k])]);
    expect(res.json()).toMatchObject({ bulkAction: 'send', queued: keys, message: '3 of 3 settlements queued for sending.' });
    for (const key of keys) {
      const d = await waitFor(() => detail(key), (x) => x.settlement.sendState === 'IDLE' || x.settlement.sendState === 'FAILED', key);
      expect({ key, status: d.settlement.postingStatus, error: d.settlement.postingError }).toEqual({ key, status: 'POSTED', error: null });
    }
    const progressUrl = `/settlementSendProgress?${keys.map((k) => `settlementKey=${k}`).join('&')}&settlementKey=${amazonKey}`;
    const progress = await server.app.inject({ method: 'GET', url: progressUrl, headers: bearer(demo) });
    expect(progress.json()).toEqual({ total: 4, posted: 4, failed: 0, queued: 0, sending: 0, idle: 0, isRunning: false });
    expect((await server.app.inject({ method: 'GET', url: progressUrl, headers: bearer(other) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `${progressUrl}&settlementKey=stl_missing`, headers: bearer(demo) })).statusCode).toBe(404);
  });
});
