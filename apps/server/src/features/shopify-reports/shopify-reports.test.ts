/**
 * The Shopify reports on the demo data (acme-shopify holds the 16-column export and the gift card
 * fixture): the Finance Report's totals are the settlements' own stored totals, each figure drills
 * down to exactly its amount, the gift card liability carries over months, orders list and open with
 * their lines, and another seller gets 404 on every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, FigureSourcesBody, FinanceReportBody, GiftCardReportBody, OrderDetailBody, OrderSummaryBody, Pagination, TokenSet } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { FINANCE_FIGURES, orderStatusOf } from '@ledgerport/core/reports';
import { fillOrderTotals } from '@ledgerport/db';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
});
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const units = (v: string) => parseDecimalUnits(v, '.') ?? 0n;
const sum = (values: string[]) => formatUnits(values.reduce((s, v) => s + units(v), 0n));
const ALL = 'accountKey=acme-shopify&start=2020-01-01&end=2029-12-31';

describe('Shopify Finance Report', () => {
  it("equals the sum of the closed payouts' stored totals, by figure, month and type", async () => {
    const res = await get(`/shopify/finance-report?${ALL}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FinanceReportBody>();
    const settlements = await server.testDb.db.selectFrom('settlements').select(['currency', 'lines_total', 'total']).where('account_key', '=', 'acme-shopify').where('duplicate_of', 'is', null).where('status', '=', 'closed').execute();
    expect(body.settlementCount).toBe(settlements.length);
    const [usd] = body.currencies;
    expect(usd!.currency).toBe('USD');
    expect(usd!.net).toBe(sum(settlements.map((s) => s.lines_total)));
    expect(usd!.payouts).toBe(sum(settlements.map((s) => s.total!)));
    expect(sum(FINANCE_FIGURES.map((f) => usd!.figures[f]!))).toBe(usd!.net);
    expect(sum(usd!.months.map((m) => m.net))).toBe(usd!.net);
    expect(sum(usd!.types.map((t) => t.total))).toBe(usd!.net);
    expect(usd!.figures['giftCardsIssued']).toBe('50.0000');
  });

  it('drills each figure down to settlements and types that add up to it', async () => {
    const [usd] = (await get(`/shopify/finance-report?${ALL}`)).json<FinanceReportBody>().currencies;
    for (const figure of FINANCE_FIGURES) {
      const sources = (await get(`/shopify/finance-report/sources?${ALL}&currency=USD&figure=${figure}&size=100`)).json<FigureSourcesBody>();
      expect(sources.total, figure).toBe(formatUnits(units(usd!.figures[figure]!)));
      expect(sum(sources.settlements.map((s) => s.amount)), figure).toBe(sources.total);
      for (const s of sources.settlements) expect(sum(s.types.map((t) => t.amount))).toBe(s.amount);
    }
    const fees = (await get(`/shopify/finance-report/sources?${ALL}&currency=USD&figure=fees&size=1&page=1`)).json<FigureSourcesBody>();
    expect(fees.settlements).toHaveLength(1);
    expect(fees.pagination.totalRows).toBeGreaterThan(1);
  });

  it('refuses a backwards range, a non-Shopify account and an unknown figure, with the reason', async () => {
    const backwards = await get('/shopify/finance-report?accountKey=acme-shopify&start=2026-03-01&end=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().message).toBe('The end 2026-02-01 must be after the start 2026-03-01.');
    const amazon = await get('/shopify/finance-report?accountKey=acme-amazon-us&start=2026-01-01&end=2026-12-31');
    expect(amazon.statusCode).toBe(422);
    expect(amazon.json<ErrorBody>().message).toContain('The Finance Report is for Shopify accounts');
    const figure = await get(`/shopify/finance-report/sources?${ALL}&currency=USD&figure=profit`);
    expect(figure.statusCode).toBe(400);
    expect(figure.json<ErrorBody>().message).toContain('figure must be one of');
  });
});

describe('Shopify Gift Card Report', () => {
  it('gives issued, redeemed and the liability at each month end, carrying what came before', async () => {
    const all = (await get(`/shopify/gift-cards?${ALL}`)).json<GiftCardReportBody>();
    expect(all.currencies).toHaveLength(1);
    expect(all.currencies[0]).toMatchObject({ currency: 'USD', opening: '0.0000', issued: '50.0000', redeemed: '20.0000', closing: '30.0000' });
    expect(all.currencies[0]!.months.map((m) => [m.month, m.issued, m.redeemed, m.outstandingEnd])).toEqual([
      ['2026-02', '50.0000', '30.0000', '20.0000'],
      ['2026-03', '0.0000', '-10.0000', '30.0000'],
    ]);
    const march = (await get('/shopify/gift-cards?accountKey=acme-shopify&start=2026-03-01&end=2026-03-31')).json<GiftCardReportBody>();
    expect(march.currencies[0]).toMatchObject({ opening: '20.0000', issued: '0.0000', redeemed: '-10.0000', closing: '30.0000' });
  });
});

describe('Shopify order report', () => {
  const list = async (query: string) => (await get(`/shopify/orders?accountKey=acme-shopify&${query}`)).json<{ orders: OrderSummaryBody[]; pagination: Pagination }>();

  it('lists every order once with its figures, payouts and a status that is core’s', async () => {
    const all = await list('size=100');
    expect(all.orders.length).toBe(all.pagination.totalRows);
    expect(new Set(all.orders.map((o) => o.orderId)).size).toBe(all.orders.length);
    for (const o of all.orders) {
      expect(o.status).toBe(orderStatusOf(units(o.gross), units(o.refunds)));
      expect(sum([o.gross, o.fees, o.refunds, o.other])).toBe(o.net);
    }
    const o5002 = all.orders.find((o) => o.orderId === '#5002');
    expect(o5002).toMatchObject({ gross: '50.0000', fees: '-0.8800', refunds: '-10.0000', net: '39.1200', status: 'partly-refunded' });
    expect(o5002!.payouts.map((p) => p.settlementId)).toEqual(['2026-02-05', '2026-03-03']);
  });

  it('searches by order id, filters by status and date, and sorts', async () => {
    expect((await list('search=500')).orders.map((o) => o.orderId).sort()).toEqual(['#5001', '#5002', '#5003', '#5004']);
    expect((await list('status=refunded')).orders.map((o) => o.orderId)).toContain('#5003');
    expect((await list('status=refunded')).orders.every((o) => o.status === 'refunded')).toBe(true);
    expect((await list('start=2026-03-01&end=2026-03-31')).orders.map((o) => o.orderId)).toEqual(['#5004']);
    const byGross = (await list('sort=gross&direction=asc&size=100')).orders.map((o) => units(o.gross));
    expect(byGross).toEqual([...byGross].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("opens one order with every line, its source row and each payout it touched", async () => {
    const res = await get('/shopify/order?accountKey=acme-shopify&orderId=%235002');
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<OrderDetailBody>();
    expect(detail.lines.map((l) => [l.typeKey, l.amount, l.figure])).toEqual([
      ['charge|gift_card', '30.0000', 'grossSales'],
      ['charge', '20.0000', 'grossSales'],
      ['charge|fee', '-0.8800', 'fees'],
      ['refund|gift_card', '-10.0000', 'refunds'],
    ]);
    const file = 'payment_transactions_export_gift_cards.csv';
    expect(detail.lines.map((l) => [l.sourceFile, l.sourceRow])).toEqual([[file, 6], [file, 7], [file, 7], [file, 2]]);
    expect(detail.settlements.map((s) => [s.settlementId, s.amount])).toEqual([['2026-02-05', '49.1200'], ['2026-03-03', '-10.0000']]);
    const missing = await get('/shopify/order?accountKey=acme-shopify&orderId=%239999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().message).toContain('No payout of this account carries an order #9999');
  });
});

describe('order totals of payouts stored before migration 0023', () => {
  it('are filled in by the migration exactly as storing the payout writes them', async () => {
    const db = server.testDb.db;
    const written = await db.selectFrom('settlement_order_totals').selectAll().where('account_key', '=', 'acme-shopify').orderBy('settlement_key').orderBy('order_id').execute();
    expect(written.length).toBeGreaterThan(4);
    await db.deleteFrom('settlement_order_totals').where('account_key', '=', 'acme-shopify').execute();
    await fillOrderTotals(db);
    await fillOrderTotals(db);
    const filled = await db.selectFrom('settlement_order_totals').selectAll().where('account_key', '=', 'acme-shopify').orderBy('settlement_key').orderBy('order_id').execute();
    expect(filled).toEqual(written);
  });
});

describe("another seller's account", () => {
  it('is not found on every Shopify report call', async () => {
    for (const url of [
      `/shopify/finance-report?${ALL}`,
      `/shopify/finance-report/sources?${ALL}&currency=USD&figure=fees`,
      `/shopify/gift-cards?${ALL}`,
      '/shopify/orders?accountKey=acme-shopify',
      '/shopify/order?accountKey=acme-shopify&orderId=%235002',
    ]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
  });
});
