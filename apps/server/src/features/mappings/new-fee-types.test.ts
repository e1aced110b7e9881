/**
 * Issue 28, a new fee type does not stop the books, the app's side: a type the catalogue does not list
 * still asks for a mapping before a first send, and the mappings screen offers its category's account
 * (pre-filled, flagged as new). The account setting "fees of new types post to the fees account until
 * mapped" (off by default, audited, no new mapping version) lets a settlement whose only new types are
 * fees post, its document flagged new-type; a new type of another shape still blocks. Built-in ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_LOCALES, writeAmazonV2 } from '@ledgerport/core/channels/amazon';
import type { Settlement } from '@ledgerport/core/settlements';
import type { Mappings, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';

const ACCOUNT = 'acme-amazon-us';
const NEW_FEE = 'Order|ShipmentFees|FBA transportation fee';
const NEW_SALE = 'Order|ItemPrice|GiftWrapNew';
const DAY = 24 * 3600 * 1000;
/** How a refusal names a type: its label, the key's parts joined by ' / '. */
const named = (key: string) => `"Amazon - ${key.split('|').join(' / ')}"`;
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let feeOnly: string;
let feeAndSale: string;

function settlement(id: string, extra: { typeKey: string; amount: bigint }[]): Settlement {
  const at = Date.parse('2026-10-20T00:00:00Z');
  const lines = [{ typeKey: 'Order|ItemPrice|Principal', amount: 49_9900n }, { typeKey: 'Order|ItemFees|Commission', amount: -7_5000n }, ...extra].map((l) => ({
    ...l, postedAt: at - 3 * DAY, orderId: '702-0000000-0000001', sku: 'CA-SKU', quantity: 1, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', source: { file: '', row: 0 },
  }));
  return { channel: 'AMAZON', settlementId: id, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD', startDate: at - 14 * DAY, endDate: at - DAY, depositDate: at, total: lines.reduce((s, l) => s + l.amount, 0n), status: 'closed', sellerId: null, sourceFile: '', lines };
}

const mappingsOf = async (tokens = demo) => (await server.app.inject({ method: 'GET', url: `/mappings?accountKey=${ACCOUNT}`, headers: bearer(tokens) })).json<Mappings>();
const putSetting = (isOn: boolean, tokens = demo) => server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${ACCOUNT}`, payload: { isNewFeeTypeToFees: isOn }, headers: bearer(tokens) });
const detail = async (key: string) => (await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${key}`, headers: bearer(demo) })).json<SettlementDetail>();
const send = (key: string) => server.app.inject({ method: 'POST', url: '/settlementSend', ...form([['settlementKey', key], ['action', 'send']]), headers: { ...form([['settlementKey', key], ['action', 'send']]).headers, ...bearer(demo) } });
const settled = (key: string) => waitFor(() => detail(key), (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', `send of ${key}`);
const journalCount = async () => (await server.testDb.db.selectFrom('ledger_journals').select('journal_id').where('account_key', '=', ACCOUNT).execute()).length;

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  await server.testDb.db.deleteFrom('settlements').execute();
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', ACCOUNT).execute();
  const file = (s: Settlement) => ({ name: `${s.settlementId}.txt`, content: Buffer.from(writeAmazonV2(s, { locale: AMAZON_LOCALES.US!, hasPromotionId: true })) });
  const files = [file(settlement('33000000001', [{ typeKey: NEW_FEE, amount: -3_2500n }])), file(settlement('33000000002', [{ typeKey: NEW_FEE, amount: -1_0000n }, { typeKey: NEW_SALE, amount: 4_0000n }]))];
  const done = await waitForImport(server, demo, (await upload(server, demo, ACCOUNT, files)).json<SettlementImport>().importId);
  const keyOf = (id: string) => done.files.flatMap((f) => f.settlements).find((s) => s.settlementId === id)!.settlementKey;
  [feeOnly, feeAndSale] = [keyOf('33000000001'), keyOf('33000000002')];
}, 120_000);
afterAll(() => server.close());

describe('a new fee type', () => {
  it('is off by default: asks for a mapping, offers its category account pre-filled, and the send is refused naming the type', async () => {
    const m = await mappingsOf();
    const fees = m.accounts.find((a) => a.path === 'Expenses:Amazon:SellerFees')!.code;
    expect(m.isNewFeeTypeToFees).toBe(false);
    expect(m.rows.find((r) => r.typeKey === NEW_FEE)).toMatchObject({ isUnmapped: true, isKnownType: false, source: 'unmapped', category: 'fees', suggestedAccountCode: fees, suggestedTaxRateCode: expect.any(String) as unknown });
    expect(m.rows.find((r) => r.typeKey === 'Order|ItemFees|Commission')).toMatchObject({ suggestedAccountCode: null, suggestedTaxRateCode: null });
    expect((await detail(feeOnly)).settlement.accountsMapped).toBe(false);
    await send(feeOnly);
    const after = await settled(feeOnly);
    expect(after.settlement).toMatchObject({ postingStatus: 'NOT_POSTED', sendState: 'FAILED' });
    expect(after.settlement.postingError).toContain(named(NEW_FEE));
    expect(await journalCount()).toBe(0);
  });

  it('a user of another account cannot change the setting', async () => {
    expect((await putSetting(true, other)).statusCode).toBe(404);
    expect((await mappingsOf()).isNewFeeTypeToFees).toBe(false);
  });

  it('turned on: audited, no new mapping version, and the fee-only settlement posts its new fee to the fees account, flagged', async () => {
    const before = await mappingsOf();
    const res = await putSetting(true);
    expect(res.statusCode).toBe(200);
    const m = res.json<Mappings>();
    const fees = m.accounts.find((a) => a.path === 'Expenses:Amazon:SellerFees')!.code;
    expect([m.isNewFeeTypeToFees, m.version]).toEqual([true, before.version]);
    expect(m.rows.find((r) => r.typeKey === NEW_FEE)).toMatchObject({ isUnmapped: false, isKnownType: false, source: 'category', accountCode: fees });
    expect(m.rows.find((r) => r.typeKey === NEW_SALE)).toMatchObject({ isUnmapped: true, category: 'sales' });
    const audit = await server.testDb.db.selectFrom('audit_log').select(['before_state', 'after_state', 'actor_user_id']).where('account_key', '=', ACCOUNT).where('action', '=', 'account.new-fee-types-changed').execute();
    expect(audit.map((a) => [a.before_state, a.after_state])).toEqual([[{ isNewFeeTypeToFees: false }, { isNewFeeTypeToFees: true }]]);
    expect((await detail(feeOnly)).settlement.accountsMapped).toBe(true);
    expect((await detail(feeAndSale)).settlement.accountsMapped).toBe(false);

    await send(feeOnly);
    const after = await settled(feeOnly);
    expect(after.settlement).toMatchObject({ postingStatus: 'POSTED', postingError: null });
    expect(after.documents[0]!.flags).toContain('new-type');
    const lines = await server.testDb.db.selectFrom('ledger_lines').select(['account_code', 'side', 'amount']).where('account_key', '=', ACCOUNT).where('account_code', '=', fees).execute();
    expect(lines.map((l) => `${l.side} ${l.amount}`).sort()).toEqual(['debit 3.2500', 'debit 7.5000']);
  });

  it('a new type of another shape still blocks its settlement', async () => {
    await send(feeAndSale);
    const after = await settled(feeAndSale);
    expect(after.settlement).toMatchObject({ postingStatus: 'NOT_POSTED', sendState: 'FAILED' });
    expect(after.settlement.postingError).toContain(named(NEW_SALE));
    expect(after.settlement.postingError).not.toContain(named(NEW_FEE));
  });

  it('turned off again: new fees ask for a mapping once more, and the change is audited', async () => {
    const m = (await putSetting(false)).json<Mappings>();
    expect(m.rows.find((r) => r.typeKey === NEW_FEE)).toMatchObject({ isUnmapped: true, source: 'unmapped' });
    const audit = await server.testDb.db.selectFrom('audit_log').select('after_state').where('account_key', '=', ACCOUNT).where('action', '=', 'account.new-fee-types-changed').execute();
    expect(audit).toHaveLength(2);
  });
});
