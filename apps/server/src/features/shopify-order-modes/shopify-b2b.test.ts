/**
 * Settings > Shopify B2B Invoice and the B2B invoice report: turning B2B on makes the demo's tagged
 * order (#43001) its own settlement, the payout it came from still sums to its deposit, the invoice
 * is sent to the built-in ledger once, and the report lists it; other accounts get not-found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { B2bInvoiceReportBody, ErrorBody, SettlementDetail, ShopifyB2bSettingsBody, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

const URL = '/account-settings/shopify-b2b';
let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startSettlementTestServer();
  [demo, other] = [await server.signIn('demo@ledgerport.local'), await server.signIn('other@ledgerport.local')];
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const save = (accountKey: string, payload: object, tokens = demo) => server.app.inject({ method: 'POST', url: `${URL}?accountKey=${accountKey}`, headers: bearer(tokens), payload });
const singleOrders = () => server.testDb.db.selectFrom('settlements').selectAll().where('account_key', '=', 'acme-shopify').where('is_single_order', '=', true).execute();

describe('Settings > Shopify B2B Invoice', () => {
  it('starts off with the demo tag and no B2B settlements', async () => {
    expect((await get(`${URL}?accountKey=acme-shopify`)).json()).toEqual({ accountKey: 'acme-shopify', isEnabled: false, orderTag: 'A2XB2B', gateways: [], settlementCount: 0, canEdit: true });
  });

  it('refuses an account that does not sell on Shopify, naming its channel', async () => {
    const res = await get(`${URL}?accountKey=acme-amazon-us`);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'account.not-shopify', message: 'Shopify B2B Invoice is only for Shopify accounts, and Acme Outdoor US sells on Amazon. Open a Shopify account to change this setting.' });
  });

  it("answers not-found for another user's account, on every call, and changes nothing", async () => {
    for (const res of [await get(`${URL}?accountKey=acme-shopify`, other), await save('acme-shopify', { isEnabled: true, orderTag: 'X', gateways: [] }, other), await get('/shopify/b2b-invoices?accountKey=acme-shopify', other)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
    expect(await singleOrders()).toEqual([]);
  });

  it('refuses a tag with a control character, naming the field, and saves nothing', async () => {
    const res = await save('acme-shopify', { isEnabled: true, orderTag: 'B2B\u0000', gateways: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toContain('orderTag');
    expect((await get(`${URL}?accountKey=acme-shopify`)).json<ShopifyB2bSettingsBody>().isEnabled).toBe(false);
  });

  it('turned on, splits the tagged order out of its unposted payout, which still sums to its deposit, and audits the change', async () => {
    const payoutBefore = await server.testDb.db.selectFrom('settlements').select(['settlement_key', 'total', 'lines_total', 'line_count']).where('account_key', '=', 'acme-shopify').where('settlement_id', '=', '2025-07-01').executeTakeFirstOrThrow();
    const res = await save('acme-shopify', { isEnabled: true, orderTag: ' A2XB2B ', gateways: ['Net 30', 'Net 30'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountKey: 'acme-shopify', isEnabled: true, orderTag: 'A2XB2B', gateways: ['Net 30'], settlementCount: 1, canEdit: true });
    const [invoice] = await singleOrders();
    // #43001: charge 1,653.75, its fee -55.21 and the marketplace tax -3.12 Shopify remitted.
    expect(invoice).toMatchObject({ settlement_id: '43001 (payout 2025-07-01)', gateway: 'Shopify Payments', format: 'shopify-b2b-order', total: '1595.4200', lines_total: '1595.4200', line_count: 3, inconsistent: false, status: 'closed' });
    const payout = await server.testDb.db.selectFrom('settlements').selectAll().where('settlement_key', '=', payoutBefore.settlement_key).executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ total: payoutBefore.total, lines_total: payoutBefore.lines_total, inconsistent: false, line_count: payoutBefore.line_count - 2, is_single_order: false });
    const payment = await server.testDb.db.selectFrom('settlement_lines').select(['type_key', 'order_id', 'amount']).where('settlement_key', '=', payout.settlement_key).where('type_key', '=', 'b2b order payment').execute();
    expect(payment).toEqual([{ type_key: 'b2b order payment', order_id: '#43001', amount: '1595.4200' }]);
    const audit = await server.testDb.db.selectFrom('audit_log').selectAll().where('action', '=', 'account.shopify-b2b-changed').execute();
    expect(audit).toMatchObject([{ actor_user_id: 'user-demo', account_key: 'acme-shopify', before_state: { shopifyB2bEnabled: false, b2bGateways: '' }, after_state: { shopifyB2bEnabled: true, b2bGateways: 'Net 30' } }]);
    const history = (await get('/account-settings/history?accountKey=acme-shopify')).json<{ entries: { summary: string }[] }>();
    expect(history.entries[0]!.summary).toBe('Changed the Shopify B2B invoices: B2B payment gateways none → Net 30; B2B orders as their own invoices off → on');
  });

  it('saving again splits nothing twice', async () => {
    await save('acme-shopify', { isEnabled: true, orderTag: 'A2XB2B', gateways: [] });
    expect(await singleOrders()).toHaveLength(1);
  });

  it('lists the invoice in the B2B list filter and in the report with its order, PO, customer, paid', async () => {
    const report = (await get('/shopify/b2b-invoices?accountKey=acme-shopify')).json<B2bInvoiceReportBody>();
    expect(report.invoices).toEqual([
      expect.objectContaining({ orderName: '#43001', poNumber: 'PO-7781', customerName: 'Trailhead Outfitters Ltd', payoutId: '2025-07-01', currency: 'USD', total: '1595.4200', postingStatus: 'NOT_POSTED', isPaid: true }),
    ]);
    expect(report.totals).toEqual([{ currency: 'USD', total: '1595.4200', open: '0.0000' }]);
    const outside = (await get('/shopify/b2b-invoices?accountKey=acme-shopify&start=2026-01-01&end=2026-01-31')).json<B2bInvoiceReportBody>();
    expect(outside.invoices).toEqual([]);
  });

  it('sends the B2B settlement to the built-in ledger once, and the report reads it posted', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-shopify').execute();
    const [invoice] = await singleOrders();
    const send = () => server.app.inject({ method: 'POST', url: '/settlementSend', ...form([['settlementKey', invoice!.settlement_key], ['action', 'send']]), headers: { ...form([]).headers, ...bearer(demo) } });
    expect((await send()).statusCode).toBe(200);
    const detail = () => get(`/settlement/detail?settlementKey=${invoice!.settlement_key}`).then((r) => r.json<SettlementDetail>());
    const after = await waitFor(detail, (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', 'the send');
    expect(after.settlement).toMatchObject({ postingStatus: 'POSTED', sendState: 'IDLE', isSingleOrder: true });
    await send();
    const journals = await server.testDb.db.selectFrom('ledger_journals').select('journal_id').where('account_key', '=', 'acme-shopify').execute();
    expect(journals).toHaveLength(1);
    const report = (await get('/shopify/b2b-invoices?accountKey=acme-shopify')).json<B2bInvoiceReportBody>();
    expect(report.invoices[0]!.postingStatus).toBe('POSTED');
  });
});
