/**
 * A channel fetch of Shopify payouts brings the orders' facts (tags, gateways, PO, customer,
 * fulfilment) with it; they are kept before the payouts are stored, so a net-terms order chosen by
 * its gateway becomes its own B2B invoice with the PO and customer Shopify gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { B2bInvoiceReportBody, TokenSet } from '@ledgerport/contract';
import type { Settlement } from '@ledgerport/core/settlements';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';
import type { Deps } from '../../http/deps';
import { storeFetchedSettlements } from '../channel-connections/store-fetched-settlements';

let server: TestServer;
let demo: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  demo = await server.signIn('demo@ledgerport.local');
});
afterAll(() => server.close());

const at = Date.parse('2026-11-20T12:00:00Z');
const line = (typeKey: string, orderId: string, amount: bigint, row: number) => ({ postedAt: at, typeKey, orderId, sku: null, quantity: null, marketplace: null, fulfilmentChannel: null, amount, source: { file: 'api', row } });
const payout: Settlement = {
  channel: 'SHOPIFY', settlementId: '7700123', format: 'shopify-transactions', marketplace: null, currency: 'USD', startDate: at, endDate: at, depositDate: at,
  total: 1_038_5400n, status: 'closed', sellerId: null, sourceFile: 'shopify-payouts-acme.csv',
  lines: [line('charge', '#2001', 1_000_0000n, 1), line('charge|fee', '#2001', -29_3000n, 2), line('charge', '#2002', 70_0000n, 3), line('charge|fee', '#2002', -2_1600n, 4)],
};

describe('Shopify order facts from a fetch', () => {
  it('are kept, and decide which fetched orders become B2B invoices (here by gateway)', async () => {
    const saved = await server.app.inject({ method: 'POST', url: '/account-settings/shopify-b2b?accountKey=acme-shopify', headers: bearer(demo), payload: { isEnabled: true, orderTag: null, gateways: ['Net 30'] } });
    expect(saved.statusCode).toBe(200);
    const deps = { db: server.testDb.db, clock: () => new Date(at) } as unknown as Deps;
    const orders = [
      { orderName: '#2001', tags: [], gateways: ['Net 30'], poNumber: 'PO-2001', customerName: 'Summit Supply Co', fulfilledAt: at },
      { orderName: '#2002', tags: ['retail'], gateways: ['shopify_payments'], poNumber: null, customerName: null, fulfilledAt: null },
    ];
    const counts = await storeFetchedSettlements(deps, 'acme-shopify', 'SHOPIFY', { result: { settlements: [payout], problems: [], invalidSettlementIds: [] }, orders });
    expect(counts.stored).toBe(1);
    const kept = await server.testDb.db.selectFrom('shopify_orders').select(['order_name', 'tags', 'gateways', 'po_number', 'customer_name']).where('account_key', '=', 'acme-shopify').where('order_name', 'in', ['#2001', '#2002']).orderBy('order_name').execute();
    expect(kept).toEqual([
      { order_name: '#2001', tags: '', gateways: 'Net 30', po_number: 'PO-2001', customer_name: 'Summit Supply Co' },
      { order_name: '#2002', tags: 'retail', gateways: 'shopify_payments', po_number: null, customer_name: null },
    ]);
    const report = (await server.app.inject({ method: 'GET', url: '/shopify/b2b-invoices?accountKey=acme-shopify', headers: bearer(demo) })).json<B2bInvoiceReportBody>();
    expect(report.invoices.map((i) => [i.orderName, i.poNumber, i.customerName, i.total, i.payoutId])).toEqual([['#2001', 'PO-2001', 'Summit Supply Co', '970.7000', '7700123']]);
    const stored = await server.testDb.db.selectFrom('settlements').select(['total', 'lines_total', 'inconsistent']).where('account_key', '=', 'acme-shopify').where('settlement_id', '=', '7700123').executeTakeFirstOrThrow();
    expect(stored).toEqual({ total: '1038.5400', lines_total: '1038.5400', inconsistent: false });
  });
});
