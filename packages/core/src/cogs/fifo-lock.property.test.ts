import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fifoCostByMonth, lockedTotal, lockPostedMonths, nextMonth, type FifoSale, type MonthCost } from './fifo-lock';
import type { PurchaseLot } from './model';

const month = fc.integer({ min: 1, max: 6 }).map((m) => `2026-0${m}`);
const date = fc.tuple(month, fc.integer({ min: 1, max: 28 })).map(([m, d]) => `${m}-${String(d).padStart(2, '0')}`);
const sku = fc.constantFrom('A', 'B', 'C');
const sale: fc.Arbitrary<FifoSale> = fc.record({ date, sku, units: fc.integer({ min: 1, max: 6 }) });
const lotsArb = fc.array(fc.record({ sku, purchasedOn: date, quantity: fc.integer({ min: 1, max: 20 }), cost: fc.integer({ min: 1, max: 1000 }) }), { maxLength: 12 }).map((ls) =>
  ls.map((l, i): PurchaseLot => ({ lotId: `L${i}`, sku: l.sku, currency: 'USD', purchasedOn: l.purchasedOn, quantity: l.quantity, unitCost: BigInt(l.cost) * 100n, consumed: 0 })),
);
const sum = (ms: readonly MonthCost[]) => ms.reduce((s, m) => s + m.cost, 0n);

describe('the FIFO lock', () => {
  it('property: posted months never change, and the total over all months equals the un-locked FIFO total', () => {
    fc.assert(
      fc.property(
        lotsArb,
        fc.array(sale, { maxLength: 15 }),
        fc.array(sale, { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 12 }),
        fc.uniqueArray(month),
        (lots, sales, lateSales, newCosts, postedMonths) => {
          // What was posted: the FIFO cost of those months when they were sent.
          const before = fifoCostByMonth(sales, lots, 'USD').months;
          const posted = before.filter((m) => postedMonths.includes(m.month));
          // Later: lot costs corrected and sales dated in earlier (maybe posted) months arrive.
          const corrected = lots.map((l, i) => (newCosts[i] === undefined ? l : { ...l, unitCost: BigInt(newCosts[i]) * 100n }));
          const after = fifoCostByMonth([...sales, ...lateSales], corrected, 'USD').months;
          const locked = lockPostedMonths(after, posted);
          for (const p of posted) expect(locked.find((m) => m.month === p.month)).toMatchObject({ isPosted: true, cost: p.cost, adjustment: 0n });
          expect(lockedTotal(locked)).toBe(sum(after));
          // Open months keep their own un-locked cost; only adjustments are added to them.
          for (const m of locked.filter((x) => !x.isPosted)) expect(m.cost).toBe(after.find((a) => a.month === m.month)?.cost ?? 0n);
        },
      ),
    );
  });

  it('property: with nothing changed since posting there is no adjustment', () => {
    fc.assert(
      fc.property(lotsArb, fc.array(sale, { maxLength: 15 }), fc.uniqueArray(month), (lots, sales, postedMonths) => {
        const now = fifoCostByMonth(sales, lots, 'USD').months;
        const locked = lockPostedMonths(now, now.filter((m) => postedMonths.includes(m.month)));
        expect(locked.every((m) => m.adjustment === 0n)).toBe(true);
        expect(locked.map((m) => [m.month, m.cost])).toEqual(now.map((m) => [m.month, m.cost]));
      }),
    );
  });

  it('a late sale in posted October lands in November as an adjustment; a cost fix of a posted month too', () => {
    const lot = (lotId: string, purchasedOn: string, quantity: number, cost: bigint): PurchaseLot => ({ lotId, sku: 'TENT', currency: 'USD', purchasedOn, quantity, unitCost: cost, consumed: 0 });
    const lots = [lot('OLD', '2026-08-01', 2, 200_000n), lot('NEW', '2026-09-01', 10, 300_000n)];
    const october = fifoCostByMonth([{ date: '2026-10-10', sku: 'TENT', units: 2 }], lots, 'USD').months;
    expect(october).toEqual([{ month: '2026-10', cost: 400_000n }]);
    // A sale of 5 October arrives after October was posted: FIFO gives it OLD's units, October's 2 come from NEW.
    const after = fifoCostByMonth([{ date: '2026-10-10', sku: 'TENT', units: 2 }, { date: '2026-10-05', sku: 'TENT', units: 1 }, { date: '2026-11-03', sku: 'TENT', units: 1 }], lots, 'USD');
    expect(after.months).toEqual([{ month: '2026-10', cost: 700_000n }, { month: '2026-11', cost: 300_000n }]);
    expect(lockPostedMonths(after.months, october)).toEqual([
      { month: '2026-10', isPosted: true, cost: 400_000n, adjustment: 0n, adjustsMonths: [] },
      { month: '2026-11', isPosted: false, cost: 300_000n, adjustment: 300_000n, adjustsMonths: ['2026-10'] },
    ]);
    // Both October and November posted: the difference goes to December, a month with no sales.
    expect(lockPostedMonths(after.months, [...october, { month: '2026-11', cost: 300_000n }]).at(-1)).toEqual({ month: '2026-12', isPosted: false, cost: 0n, adjustment: 300_000n, adjustsMonths: ['2026-10'] });
    expect(nextMonth('2026-12')).toBe('2027-01');
  });
});
