import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSummaryReport, feeRateBasisPoints, type SummaryTotalsRow } from './summary-report';

const TYPES = ['Order|ItemPrice|Principal', 'Order|ItemFees|Commission', 'Order|ItemFees|FBAPerUnitFulfillmentFee', 'Refund|ItemPrice|Principal', 'other-transaction|other-transaction|Storage Fee', 'Order|ItemPrice|Shipping'];
const row: fc.Arbitrary<SummaryTotalsRow> = fc.record({
  month: fc.constantFrom('2026-01', '2026-02', '2026-03'),
  currency: fc.constantFrom('USD', 'CAD'),
  typeKey: fc.constantFrom(...TYPES),
  marketplace: fc.constantFrom('Amazon.com', 'Amazon.ca', null),
  amount: fc.bigInt({ min: -10_000_000_0000n, max: 10_000_000_0000n }),
  lineCount: fc.integer({ min: 1, max: 1000 }),
});

describe('summary report', () => {
  it('adds up to the same total by month, category, type and marketplace, per currency', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (rows) => {
        for (const summary of buildSummaryReport('AMAZON', rows)) {
          const expected = rows.filter((r) => r.currency === summary.currency).reduce((s, r) => s + r.amount, 0n);
          expect(summary.total).toBe(expected);
          expect(summary.months.reduce((s, m) => s + m.net, 0n)).toBe(expected);
          expect(summary.categories.reduce((s, c) => s + c.total, 0n)).toBe(expected);
          expect(summary.types.reduce((s, t) => s + t.total, 0n)).toBe(expected);
          expect(summary.marketplaces.reduce((s, m) => s + m.total, 0n)).toBe(expected);
          for (const t of summary.types) expect(Object.values(t.byMonth).reduce((s, v) => s + v, 0n)).toBe(t.total);
        }
      }),
    );
  });

  it('names types, puts them under their category, and gives the fee rate by month', () => {
    const rows: SummaryTotalsRow[] = [
      { month: '2026-01', currency: 'USD', typeKey: 'Order|ItemPrice|Principal', marketplace: 'Amazon.com', amount: 1000_0000n, lineCount: 10 },
      { month: '2026-01', currency: 'USD', typeKey: 'Order|ItemFees|Commission', marketplace: 'Amazon.com', amount: -150_0000n, lineCount: 10 },
    ];
    const [usd] = buildSummaryReport('AMAZON', rows);
    expect(usd!.months[0]).toMatchObject({ month: '2026-01', net: 850_0000n, feeRateBasisPoints: 1500n });
    expect(usd!.types.map((t) => [t.category, t.total])).toEqual([['sales', 1000_0000n], ['fees', -150_0000n]]);
    expect(usd!.types[0]!.label).not.toBe('Order|ItemPrice|Principal');
  });

  it('rounds the fee rate half away from zero and has none without sales', () => {
    expect(feeRateBasisPoints(3n, -1n)).toBe(3333n);
    expect(feeRateBasisPoints(2n, -1n)).toBe(5000n);
    expect(feeRateBasisPoints(30000n, -1n)).toBe(0n);
    expect(feeRateBasisPoints(20000n, -1n)).toBe(1n);
    expect(feeRateBasisPoints(0n, -5n)).toBeNull();
  });
});
