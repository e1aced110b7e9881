import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkReprocessSummary, ErrorBody, Mappings, ReprocessPreview, SettlementActionResult, SettlementDetail, SettlementHistoryEntry, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { coreFixture, form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';
import { updatePostingStatus } from '../posting/send-settlement';
import { SEND_SETTLEMENT_QUEUE } from '../posting/send-settlement-job';

const amazonV2 = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'));
const MYSTERY = 'other-transaction|other-transaction|New Mystery Fee';
const PRINCIPAL = 'Order|ItemPrice|Principal';
const ACCOUNT = 'acme-amazon-us';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let key: string;

const detail = async () => (await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${key}`, headers: bearer(demo) })).json<SettlementDetail>();
const settled = () => waitFor(detail, (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', 'the send');
const mappings = async () => (await server.app.inject({ method: 'GET', url: `/mappings?accountKey=${ACCOUNT}`, headers: bearer(demo) })).json<Mappings>();
const codeOf = (m: Mappings, path: string) => m.accounts.find((a) => a.path === path)!.code;
const mapTo = async (typeKey: string, accountCode: string) => {
  const res = await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${ACCOUNT}`, payload: { entries: [{ channel: 'AMAZON', typeKey, accountCode, taxRateCode: 'NONE' }] }, headers: bearer(demo) });
  expect(res.statusCode, res.body).toBe(200);
};
const reprocess = (query = '', tokens = demo) => server.app.inject({ method: 'GET', url: `/settlement?ajax=true&action=reprocess&settlementKey=${key}${query}`, headers: bearer(tokens) });
const preview = async () => {
  const res = await reprocess();
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SettlementActionResult>();
};
const journals = () => server.testDb.db.selectFrom('ledger_journals').select(['journal_id', 'number', 'reverses_id']).where('account_key', '=', ACCOUNT).orderBy('created_at').execute();
const documentStates = async () => (await server.testDb.db.selectFrom('settlement_documents').select(['document_id', 'status']).where('settlement_key', '=', key).orderBy('created_at').execute()).map((d) => `${d.document_id}:${d.status}`);
/** Net per account code of the journals of the account, signed debit-positive, in units. */
async function ledgerNets(journalIds: string[]): Promise<Map<string, bigint>> {
  const lines = await server.testDb.db.selectFrom('ledger_lines').select(['account_code', 'side', 'amount']).where('account_key', '=', ACCOUNT).where('journal_id', 'in', journalIds).execute();
  const nets = new Map<string, bigint>();
  for (const l of lines) {
    const [whole, frac = ''] = String(l.amount).split('.');
    const units = BigInt(whole!) * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4));
    nets.set(l.account_code, (nets.get(l.account_code) ?? 0n) + (l.side === 'debit' ? units : -units));
  }
  return nets;
}
const units = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const v = BigInt(whole!) * 10_000n + BigInt(frac.padEnd(4, '0'));
  return negative ? -v : v;
};

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', ACCOUNT).execute();
  const done = await waitForImport(server, demo, (await upload(server, demo, ACCOUNT, [{ name: 'us.txt', content: amazonV2 }])).json<SettlementImport>().importId);
  key = done.files[0]!.settlements[0]!.settlementKey;
  await mapTo(MYSTERY, codeOf(await mappings(), 'Expenses:Amazon:OtherCharges'));
  const fields: [string, string][] = [['settlementKey', key], ['action', 'send']];
  await server.app.inject({ method: 'POST', url: '/settlementSend', ...form(fields), headers: { ...form(fields).headers, ...bearer(demo) } });
  expect((await settled()).settlement.postingStatus).toBe('POSTED');
}, 120_000);
afterAll(() => server.close());

describe('reprocess of a posted settlement whose documents would not change', () => {
  it('says so, and a confirm posts nothing', async () => {
    const before = { journals: await journals(), documents: await documentStates() };
    const shown = await preview();
    expect(shown.preview).toMatchObject({ hasChanges: false, documents: [], moved: [], reverseCount: 0, postCount: 0 });
    expect(shown.message).toBe('Nothing would change: the posted documents of settlement 11223344556 already match what would be posted now. Nothing was posted.');
    expect(shown.preview!.accountNets.every((n) => units(n.change) === 0n)).toBe(true);
    const confirmed = await reprocess(`&confirm=true&previewToken=${shown.preview!.previewToken}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<SettlementActionResult>().preview?.hasChanges).toBe(false);
    expect({ journals: await journals(), documents: await documentStates() }).toEqual(before);
  });
});

describe('reprocess after a mapping change', () => {
  let fees: string;
  let sales: string;
  let shown: ReprocessPreview;

  it('shows the line that moves from one account to the other with its amount, the net per account, and changes nothing', async () => {
    const m = await mappings();
    fees = codeOf(m, 'Expenses:Amazon:SellerFees');
    sales = m.rows.find((r) => r.typeKey === PRINCIPAL)!.accountCode!;
    const before = { journals: await journals(), documents: await documentStates() };
    await mapTo(PRINCIPAL, fees);
    const res = await preview();
    shown = res.preview!;
    expect(shown).toMatchObject({ hasChanges: true, reverseCount: 1, postCount: 1 });
    expect(res.message).toBe('1 posted document would be reversed and 1 posted in its place (1 line changes). Confirm to replace them.');
    expect(shown.documents).toHaveLength(1);
    expect(shown.documents[0]!.lines).toHaveLength(1);
    expect(shown.documents[0]!.lines[0]).toMatchObject({ before: { accountCode: sales, taxRateCode: 'NONE', amount: '-49.99' }, after: { accountCode: fees, taxRateCode: 'NONE', amount: '-49.99' } });
    expect(shown.moved).toEqual([{ currency: 'USD', amount: '49.99' }]);
    // The "before" side is what the ledger holds; its nets are the posted journal's.
    const posted = await ledgerNets(before.journals.map((j) => j.journal_id));
    for (const n of shown.accountNets) expect(units(n.before), n.accountCode).toBe(posted.get(n.accountCode) ?? 0n);
    expect(shown.accountNets.find((n) => n.accountCode === sales)).toMatchObject({ change: '49.99' });
    expect(shown.accountNets.find((n) => n.accountCode === fees)).toMatchObject({ change: '-49.99' });
    expect({ journals: await journals(), documents: await documentStates() }).toEqual(before);
  });

  it('refuses another account, a view without the token and a token of something else, changing nothing', async () => {
    const before = { journals: await journals(), documents: await documentStates() };
    expect((await reprocess('', other)).statusCode).toBe(404);
    const noToken = await reprocess('&confirm=true');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json<ErrorBody>().message).toBe('Confirm a reprocess with the previewToken of the changes you were shown.');
    const wrong = await reprocess('&confirm=true&previewToken=AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<ErrorBody>().code).toBe('settlement.reprocess-stale');
    expect({ journals: await journals(), documents: await documentStates() }).toEqual(before);
  });

  it('refuses the confirm when the mappings changed after the preview, and shows the new changes instead', async () => {
    const before = { journals: await journals(), documents: await documentStates() };
    const m = await mappings();
    const advertising = codeOf(m, 'Expenses:Amazon:Advertising');
    await mapTo(PRINCIPAL, advertising);
    const res = await reprocess(`&confirm=true&previewToken=${shown.previewToken}`);
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody & { details: { preview: ReprocessPreview } }>();
    expect(body.message).toBe(
      'Settlement 11223344556 changed since you looked at what reprocess would change (its mappings, settings, lines or posted documents). Nothing was reversed or posted: look at the changes again, then confirm those.',
    );
    expect(body.details.preview.documents[0]!.lines[0]!.after).toMatchObject({ accountCode: advertising });
    expect({ journals: await journals(), documents: await documentStates() }).toEqual(before);
    await mapTo(PRINCIPAL, fees);
    expect((await preview()).preview!.previewToken).toBe(shown.previewToken);
  });

  it('after the confirm the ledger holds the reversal and the new document, exactly as shown, and the history keeps the diff', async () => {
    const before = await journals();
    const res = await reprocess(`&confirm=true&previewToken=${shown.previewToken}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SettlementActionResult>().message).toBe('1 document was reversed; the replacement is being sent.');
    const after = await waitFor(detail, (d) => d.settlement.postingStatus === 'POSTED' && d.settlement.sendState === 'IDLE', 'the replacement');
    expect(after.documents.map((d) => d.status).sort()).toEqual(['POSTED', 'REVERSED']);
    const now = await journals();
    expect(now).toHaveLength(before.length + 2);
    const added = now.filter((j) => !before.some((b) => b.journal_id === j.journal_id));
    const reversal = added.find((j) => j.reverses_id !== null);
    const replacement = added.find((j) => j.reverses_id === null);
    expect(reversal!.reverses_id).toBe(before[0]!.journal_id);
    // The new document posts the "after" side shown; the reversal cancels the "before" side.
    const replaced = await ledgerNets([replacement!.journal_id]);
    for (const n of shown.accountNets) expect(units(n.after), n.accountCode).toBe(replaced.get(n.accountCode) ?? 0n);
    const all = await ledgerNets(now.map((j) => j.journal_id));
    for (const n of shown.accountNets) expect(all.get(n.accountCode) ?? 0n, n.accountCode).toBe(units(n.after));
    const history = (await server.app.inject({ method: 'GET', url: `/settlement/history?settlementKey=${key}`, headers: bearer(demo) })).json<{ entries: SettlementHistoryEntry[] }>();
    const entry = history.entries.find((e) => e.title === 'Reprocessed and posted again');
    expect(entry?.detail).toContain('49.99 USD moves');
    expect(entry?.diff?.documents[0]!.lines[0]!.after).toMatchObject({ accountCode: fees, amount: '-49.99' });
    const again = await reprocess(`&confirm=true&previewToken=${shown.previewToken}`);
    expect(again.json<SettlementActionResult>().preview?.hasChanges).toBe(false);
    expect(await journals()).toHaveLength(now.length);
  });
});

describe('bulk reprocess', () => {
  let unposted: string;
  const summaryOf = async (keys: string[], tokens = demo) => server.app.inject({ method: 'POST', url: '/bulkReprocess/preview', payload: { bulkSettlement: keys }, headers: bearer(tokens) });
  const confirmAll = (summary: BulkReprocessSummary) =>
    server.app.inject({ method: 'POST', url: '/bulkReprocess', payload: { settlements: summary.settlements.map((s) => ({ settlementKey: s.settlementKey, previewToken: s.previewToken })) }, headers: bearer(demo) });

  it('first sums up how many settlements change and by how much in total, changing nothing', async () => {
    const content = amazonV2.toString('utf8').replaceAll('11223344556', '11223344557');
    const done = await waitForImport(server, demo, (await upload(server, demo, ACCOUNT, [{ name: 'second.txt', content }])).json<SettlementImport>().importId);
    unposted = done.files[0]!.settlements[0]!.settlementKey;
    await mapTo(PRINCIPAL, codeOf(await mappings(), 'Expenses:Amazon:Advertising'));
    const before = { journals: await journals(), documents: await documentStates() };
    const res = await summaryOf([key, unposted]);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<BulkReprocessSummary>();
    expect(summary).toMatchObject({ settlementCount: 2, changeCount: 1, unchangedCount: 0, notPostedCount: 1, blockedCount: 0, moved: [{ currency: 'USD', amount: '49.99' }] });
    expect(summary.settlements.find((s) => s.settlementKey === key)).toMatchObject({ outcome: 'changes', reverseCount: 1, postCount: 1, lineCount: 1 });
    expect(summary.settlements.find((s) => s.settlementKey === unposted)).toMatchObject({ outcome: 'not-posted', previewToken: null });
    expect({ journals: await journals(), documents: await documentStates() }).toEqual(before);
    expect((await summaryOf([key], other)).statusCode).toBe(404);
  });

  it('skips a settlement that changed since the summary, saying so, and reprocesses the others as shown', async () => {
    const summary = (await summaryOf([key, unposted])).json<BulkReprocessSummary>();
    await mapTo(PRINCIPAL, codeOf(await mappings(), 'Expenses:Amazon:OtherCharges'));
    const before = await journals();
    const res = await confirmAll(summary);
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json<{ done: string[]; skipped: { settlementKey: string; reason: string }[]; message: string }>();
    expect(outcome).toMatchObject({ done: [unposted], skipped: [{ settlementKey: key }], message: '1 of 2 settlements reprocessed, 1 skipped.' });
    expect(outcome.skipped[0]!.reason).toContain('Settlement 11223344556 changed since you looked at what reprocess would change');
    expect(await journals()).toEqual(before);
    const fresh = (await summaryOf([key, unposted])).json<BulkReprocessSummary>();
    const confirmed = await confirmAll(fresh);
    expect(confirmed.json()).toMatchObject({ done: [key, unposted], skipped: [], message: '2 of 2 settlements reprocessed.' });
    await waitFor(detail, (d) => d.settlement.postingStatus === 'POSTED' && d.settlement.sendState === 'IDLE', 'the replacement');
    expect(await journals()).toHaveLength(before.length + 2);
  });
});

describe('the send of a confirmed reprocess', () => {
  it('posts nothing when what it would post now is not what was shown', async () => {
    // As a confirm leaves it: the posted document reversed, the replacement queued with the fingerprint of what was shown.
    await server.testDb.db.updateTable('settlement_documents').set({ status: 'REVERSED' }).where('settlement_key', '=', key).where('status', '=', 'POSTED').execute();
    await updatePostingStatus(server.testDb.db, ACCOUNT, key, new Date());
    const before = await journals();
    await server.jobs.send(SEND_SETTLEMENT_QUEUE, { accountKey: ACCOUNT, settlementKey: key, expectedDocuments: { '1': 'the-fingerprint-of-another-document' } }, { singletonKey: key });
    const failed = await waitFor(detail, (d) => d.settlement.sendState === 'FAILED', 'the refused send');
    expect(failed.settlement.postingError).toBe(
      'The replacement was not sent: the mappings, settings or lines of this settlement changed after the reprocess was confirmed, so it would differ from what was shown. Reprocess again to see what would change now.',
    );
    expect(await journals()).toEqual(before);
  });
});
