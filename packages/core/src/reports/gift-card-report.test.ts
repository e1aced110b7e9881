import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildGiftCardReport, type GiftCardTotalsRow } from './gift-card-report';
import { orderStatusOf } from './order-status';

const row: fc.Arbitrary<GiftCardTotalsRow> = fc.record({
  month: fc.constantFrom(null, '2026-01', '2026-02', '2026-03'),
  currency: fc.constantFrom('USD', 'EUR'),
  typeKey: fc.constantFrom('gift_card', 'charge|gift_card', 'refund|gift_card', 'charge'),
  amount: fc.bigInt({ min: -1_000_0000n, max: 1_000_0000n }),
  lineCount: fc.integer({ min: 1, max: 50 }),
});

describe('gift card report', () => {
  it('closes at the opening plus issued less redeemed, month by month', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        for (const c of buildGiftCardReport(rows)) {
          expect(c.closing).toBe(c.opening + c.issued - c.redeemed);
          let running = c.opening;
          for (const m of c.months) {
            running += m.issued - m.redeemed;
            expect(m.outstandingEnd).toBe(running);
          }
          const mine = rows.filter((r) => r.currency === c.currency && r.month !== null);
          expect(c.issued).toBe(mine.filter((r) => r.typeKey === 'gift_card').reduce((s, r) => s + r.amount, 0n));
        }
      }),
    );
  });

  it('counts a refund to a gift card as less redeemed and ignores other types', () => {
    const [usd] = buildGiftCardReport([
      { month: null, currency: 'USD', typeKey: 'gift_card', amount: 100_0000n, lineCount: 2 },
      { month: '2026-01', currency: 'USD', typeKey: 'gift_card', amount: 50_0000n, lineCount: 1 },
      { month: '2026-01', currency: 'USD', typeKey: 'charge|gift_card', amount: 30_0000n, lineCount: 1 },
      { month: '2026-02', currency: 'USD', typeKey: 'refund|gift_card', amount: -10_0000n, lineCount: 1 },
      { month: '2026-02', currency: 'USD', typeKey: 'charge', amount: 999_0000n, lineCount: 1 },
    ]);
    expect(usd).toMatchObject({ opening: 100_0000n, issued: 50_0000n, redeemed: 20_0000n, closing: 130_0000n });
    expect(usd!.months.map((m) => m.outstandingEnd)).toEqual([120_0000n, 130_0000n]);
  });
});

describe('order status', () => {
  it('is paid without refunds, refunded when refunds reach the gross, else partly refunded', () => {
    expect(orderStatusOf(100n, 0n)).toBe('paid');
    expect(orderStatusOf(100n, -100n)).toBe('refunded');
    expect(orderStatusOf(100n, -40n)).toBe('partly-refunded');
    expect(orderStatusOf(0n, -40n)).toBe('refunded');
  });
});

describe('order totals', () => {
  it('splits an order into gross, fees, refunds and other that add up to its net', async () => {
    const { sumOrderTotals } = await import('./order-totals');
    fc.assert(
      fc.property(
        fc.array(fc.record({ orderId: fc.constantFrom('#1', '#2'), typeKey: fc.constantFrom('charge', 'charge|fee', 'refund', 'chargeback', 'gift_card', 'adjustment'), amount: fc.bigInt({ min: -1_000_0000n, max: 1_000_0000n }), lineCount: fc.integer({ min: 1, max: 9 }), firstPostedAt: fc.constant(null) }), { maxLength: 30 }),
        (sums) => {
          for (const o of sumOrderTotals(sums)) {
            expect(o.gross + o.fees + o.refunds + o.other).toBe(o.net);
            expect(o.net).toBe(sums.filter((s) => s.orderId === o.orderId).reduce((s, x) => s + x.amount, 0n));
          }
        },
      ),
    );
  });
});
