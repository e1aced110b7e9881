import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildAccountOverview, monthsEndingWith } from './account-overview';
import type { SummaryTotalsRow } from './summary-report';

const TYPES = ['Order|ItemPrice|Principal', 'Order|ItemFees|Commission', 'Refund|ItemPrice|Principal', 'other-transaction|other-transaction|Storage Fee'];
const row: fc.Arbitrary<SummaryTotalsRow> = fc.record({
  month: fc.constantFrom('2025-12', '2026-01', '2026-02'),
  currency: fc.constantFrom('USD', 'CAD'),
  typeKey: fc.constantFrom(...TYPES),
  marketplace: fc.constantFrom('Amazon.com', 'Amazon.ca', null),
  amount: fc.bigInt({ min: -10_000_000_0000n, max: 10_000_000_0000n }),
  lineCount: fc.integer({ min: 1, max: 100 }),
});
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('account overview', () => {
  it('adds up by month, by channel and by month and channel to each currency total', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 50 }), (rows) => {
        for (const c of buildAccountOverview('AMAZON', rows)) {
          const own = rows.filter((r) => r.currency === c.currency);
          expect(c.net).toBe(sum(own.map((r) => r.amount)));
          expect(c.sales).toBe(sum(own.filter((r) => r.typeKey === 'Order|ItemPrice|Principal').map((r) => r.amount)));
          for (const key of ['sales', 'fees', 'net'] as const) {
            expect(sum(c.months.map((m) => m[key]))).toBe(c[key]);
            expect(sum(c.channels.map((x) => x[key]))).toBe(c[key]);
            for (const m of c.months) expect(sum(Object.values(m.byChannel).map((x) => x[key]))).toBe(m[key]);
          }
        }
      }),
    );
  });

  it('gives the fee rate of a month and names lines without a marketplace', () => {
    const [usd] = buildAccountOverview('AMAZON', [
      { month: '2026-01', currency: 'USD', typeKey: 'Order|ItemPrice|Principal', marketplace: null, amount: 200_0000n, lineCount: 2 },
      { month: '2026-01', currency: 'USD', typeKey: 'Order|ItemFees|Commission', marketplace: null, amount: -30_0000n, lineCount: 2 },
    ], 'Amazon');
    expect(usd).toMatchObject({ sales: 200_0000n, fees: -30_0000n, net: 170_0000n, channels: [{ channel: 'Amazon', net: 170_0000n }] });
    expect(usd!.months[0]!.feeRateBasisPoints).toBe(1500n);
  });

  it('lists the last months across a year end', () => {
    expect(monthsEndingWith('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsEndingWith('2026-12', 12)[0]).toBe('2026-01');
  });
});
