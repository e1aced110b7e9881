import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildFinanceReport, type FinancePayoutRow, type FinanceTotalsRow } from './finance-report';
import { FINANCE_FIGURES, financeFigureOf, orderFigureOf } from './shopify-figures';

const TYPES = ['charge', 'charge|fee', 'refund', 'refund|fee', 'adjustment', 'chargeback', 'chargeback|fee', 'dispute', 'reserved funds', 'marketplace sales tax', 'gift_card', 'charge|gift_card', 'refund|gift_card', 'shop_cash_credit', 'something new'];
const month = fc.constantFrom('2026-01', '2026-02', '2026-03');
const currency = fc.constantFrom('USD', 'CAD');
const row: fc.Arbitrary<FinanceTotalsRow> = fc.record({
  month,
  currency,
  typeKey: fc.constantFrom(...TYPES),
  amount: fc.bigInt({ min: -10_000_000_0000n, max: 10_000_000_0000n }),
  lineCount: fc.integer({ min: 1, max: 1000 }),
});
const payout: fc.Arbitrary<FinancePayoutRow> = fc.record({ month, currency, amount: fc.bigInt({ min: -1_000_000_0000n, max: 10_000_000_0000n }), count: fc.integer({ min: 1, max: 30 }) });
const sum = (values: bigint[]) => values.reduce((s, v) => s + v, 0n);

describe('finance report', () => {
  it("adds up: figures, months and types each equal the sum of the stored rows, and payouts the settlements' totals", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), fc.array(payout, { maxLength: 10 }), (rows, payouts) => {
        for (const report of buildFinanceReport(rows, payouts)) {
          const mine = rows.filter((r) => r.currency === report.currency);
          const expected = sum(mine.map((r) => r.amount));
          expect(report.net).toBe(expected);
          expect(sum(FINANCE_FIGURES.map((f) => report.figures[f]))).toBe(expected);
          expect(sum(report.months.map((m) => m.net))).toBe(expected);
          expect(sum(report.types.map((t) => t.total))).toBe(expected);
          for (const f of FINANCE_FIGURES) {
            expect(sum(report.types.filter((t) => t.figure === f).map((t) => t.total))).toBe(report.figures[f]);
            expect(sum(report.months.map((m) => m.figures[f]))).toBe(report.figures[f]);
          }
          for (const m of report.months) expect(sum(FINANCE_FIGURES.map((f) => m.figures[f]))).toBe(m.net);
          expect(report.payouts).toBe(sum(payouts.filter((p) => p.currency === report.currency).map((p) => p.amount)));
        }
      }),
    );
  });

  it('puts each Shopify type under the figure a bookkeeper expects', () => {
    expect(financeFigureOf('charge')).toBe('grossSales');
    expect(financeFigureOf('charge|gift_card')).toBe('grossSales');
    expect(financeFigureOf('charge|fee')).toBe('fees');
    expect(financeFigureOf('chargeback|fee')).toBe('fees');
    expect(financeFigureOf('refund')).toBe('refunds');
    expect(financeFigureOf('chargeback')).toBe('chargebacks');
    expect(financeFigureOf('dispute')).toBe('chargebacks');
    expect(financeFigureOf('adjustment')).toBe('adjustments');
    expect(financeFigureOf('reserved funds')).toBe('reserves');
    expect(financeFigureOf('marketplace sales tax')).toBe('marketplaceTax');
    expect(financeFigureOf('gift_card')).toBe('giftCardsIssued');
    expect(financeFigureOf('shop_cash_credit')).toBe('other');
    expect(orderFigureOf('chargeback')).toBe('refunds');
    expect(orderFigureOf('gift_card')).toBe('other');
  });

  it('lists a month that has payouts but no lines', () => {
    const [usd] = buildFinanceReport([], [{ month: '2026-04', currency: 'USD', amount: 5_0000n, count: 1 }]);
    expect(usd!.months).toEqual([expect.objectContaining({ month: '2026-04', net: 0n, payouts: 5_0000n, payoutCount: 1 })]);
  });
});
