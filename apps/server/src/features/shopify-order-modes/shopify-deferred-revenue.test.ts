/**
 * Settings > Shopify Deferred Revenue: turned on, the demo's unposted payouts hold the revenue of orders
 * not fulfilled by their date in Deferred Revenue settlements (gateway 'Deferred Revenue', summing to
 * zero); a later payout recognises a fulfilled order, holds a new one and reverses a refunded one,
 * once however often it is stored; the settlement posts to the built-in ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, SettlementDetail, ShopifyDeferredRevenueSettingsBody, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

const URL = '/account-settings/shopify-deferred-revenue';
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startSettlementTestServer();
  [demo, other] = [await server.signIn('demo@ledgerport.local'), await server.signIn('other@ledgerport.local')];
  // The story is the three payouts of the 16-column export and the orders seeded for them; the demo's
  // gift-card payouts (the Shopify reports' fixture, orders with no fulfilment facts) are not part of it.
  await server.testDb.db.deleteFrom('settlements').where('account_key', '=', 'acme-shopify').where('source_file', '=', 'payment_transactions_export_gift_cards.csv').execute();
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const deferredSettlements = () =>
  server.testDb.db.selectFrom('settlements').selectAll().where('account_key', '=', 'acme-shopify').where('gateway', '=', 'Deferred Revenue').orderBy('settlement_id').execute();
const linesOf = (settlementKey: string) =>
  server.testDb.db.selectFrom('settlement_lines').select(['type_key', 'order_id', 'amount']).where('settlement_key', '=', settlementKey).orderBy('line_no').execute();
const at = Date.parse('2025-07-05T12:00:00Z');
const line = (typeKey: string, orderId: string, amount: bigint, row: number) => ({ postedAt: at, typeKey, orderId, sku: null, quantity: null, marketplace: null, fulfilmentChannel: null, amount, source: { file: 'api', row } });
const laterPayout: Settlement = {
  channel: 'SHOPIFY', settlementId: '2025-07-05', format: 'shopify-transactions', marketplace: null, currency: 'USD', startDate: at, endDate: at, depositDate: at,
  total: 20_0000n, status: 'closed', sellerId: null, sourceFile: 'api',
  lines: [line('charge', '#43040', 65_5000n, 1), line('refund', '#43020', -45_5000n, 2)],
};

describe('Settings > Shopify Deferred Revenue', () => {
  it('starts off; turned on, the unposted demo payouts hold the orders not fulfilled by their date, once', async () => {
    expect((await get(`${URL}?accountKey=acme-shopify`)).json()).toEqual({ accountKey: 'acme-shopify', isEnabled: false, settlementCount: 0, held: [], canEdit: true });
    const on = () => server.app.inject({ method: 'POST', url: `${URL}?accountKey=acme-shopify`, headers: bearer(demo), payload: { isEnabled: true } });
    expect((await on()).json()).toEqual({ accountKey: 'acme-shopify', isEnabled: true, settlementCount: 2, held: [{ currency: 'USD', amount: '135.4900', orderCount: 2 }], canEdit: true });
    await server.app.inject({ method: 'POST', url: `${URL}?accountKey=acme-shopify`, headers: bearer(demo), payload: { isEnabled: false } });
    expect((await on()).json<ShopifyDeferredRevenueSettingsBody>()).toMatchObject({ settlementCount: 2, held: [{ currency: 'USD', amount: '135.4900', orderCount: 2 }] });
    const [first, second] = await deferredSettlements();
    expect(first).toMatchObject({ settlement_id: 'Deferred Revenue 2025-06-30', format: 'shopify-deferred-revenue', total: '0.0000', lines_total: '0.0000', inconsistent: false, is_single_order: false });
    expect(await linesOf(first!.settlement_key)).toEqual([
      { type_key: 'deferred revenue|held', order_id: '#42999', amount: '-89.9900' },
      { type_key: 'deferred revenue|liability', order_id: '#42999', amount: '89.9900' },
    ]);
    expect(await linesOf(second!.settlement_key)).toEqual([
      { type_key: 'deferred revenue|held', order_id: '#43020', amount: '-45.5000' },
      { type_key: 'deferred revenue|liability', order_id: '#43020', amount: '45.5000' },
    ]);
  });

  it("answers not-found for another user's account and refuses a non-Shopify account", async () => {
    const res = await get(`${URL}?accountKey=acme-shopify`, other);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('account.not-found');
    const off = await server.app.inject({ method: 'POST', url: `${URL}?accountKey=acme-shopify`, headers: bearer(other), payload: { isEnabled: false } });
    expect(off.statusCode).toBe(404);
    expect((await get(`${URL}?accountKey=acme-ebay`)).json<ErrorBody>().code).toBe('account.not-shopify');
  });

  it('a later payout recognises the order fulfilled since, holds a new one and reverses a refunded one, once', async () => {
    const store = () => server.testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-shopify', { settlements: [laterPayout], problems: [] }, { kind: 'api', loadReadable: true, at: new Date(at) }));
    await store();
    await store();
    const all = await deferredSettlements();
    expect(all.map((s) => s.settlement_id)).toEqual(['Deferred Revenue 2025-06-30', 'Deferred Revenue 2025-07-01', 'Deferred Revenue 2025-07-05']);
    expect(await linesOf(all[2]!.settlement_key)).toEqual([
      { type_key: 'deferred revenue|recognised', order_id: '#42999', amount: '89.9900' },
      { type_key: 'deferred revenue|liability', order_id: '#42999', amount: '-89.9900' },
      { type_key: 'deferred revenue|reversed', order_id: '#43020', amount: '45.5000' },
      { type_key: 'deferred revenue|liability', order_id: '#43020', amount: '-45.5000' },
      { type_key: 'deferred revenue|held', order_id: '#43040', amount: '-65.5000' },
      { type_key: 'deferred revenue|liability', order_id: '#43040', amount: '65.5000' },
    ]);
    const states = await server.testDb.db.selectFrom('deferred_revenue_orders').select(['order_name', 'paid', 'held', 'recognised']).where('account_key', '=', 'acme-shopify').orderBy('order_name').execute();
    expect(states).toEqual([
      { order_name: '#42999', paid: '89.9900', held: '0.0000', recognised: '89.9900' },
      { order_name: '#43020', paid: '0.0000', held: '0.0000', recognised: '0.0000' },
      { order_name: '#43040', paid: '65.5000', held: '65.5000', recognised: '0.0000' },
    ]);
    expect((await get(`${URL}?accountKey=acme-shopify`)).json<ShopifyDeferredRevenueSettingsBody>().held).toEqual([{ currency: 'USD', amount: '65.5000', orderCount: 1 }]);
  });

  it('posts a Deferred Revenue settlement to the built-in ledger', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-shopify').execute();
    const [first] = await deferredSettlements();
    const res = await server.app.inject({ method: 'POST', url: '/settlementSend', ...form([['settlementKey', first!.settlement_key], ['action', 'send']]), headers: { ...form([]).headers, ...bearer(demo) } });
    expect(res.statusCode).toBe(200);
    const detail = () => get(`/settlement/detail?settlementKey=${first!.settlement_key}`).then((r) => r.json<SettlementDetail>());
    const after = await waitFor(detail, (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', 'the send');
    expect(after.settlement).toMatchObject({ postingStatus: 'POSTED', sendState: 'IDLE', gateway: 'Deferred Revenue' });
  });

  it('turns off, audited for Settings > History, and later payouts hold nothing', async () => {
    const res = await server.app.inject({ method: 'POST', url: `${URL}?accountKey=acme-shopify`, headers: bearer(demo), payload: { isEnabled: false } });
    expect(res.json<ShopifyDeferredRevenueSettingsBody>().isEnabled).toBe(false);
    const history = (await get('/account-settings/history?accountKey=acme-shopify')).json<{ entries: { summary: string }[] }>();
    expect(history.entries[0]!.summary).toBe('Changed the Shopify deferred revenue: Defer revenue until fulfilment on → off');
    const next = { ...laterPayout, settlementId: '2025-07-09', lines: [line('charge', '#43050', 20_0000n, 1)] };
    await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-shopify', { settlements: [next], problems: [] }, { kind: 'api', loadReadable: true, at: new Date(at) }));
    expect(await deferredSettlements()).toHaveLength(3);
  });
});
