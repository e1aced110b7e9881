import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fifoCostByMonth, lockedTotal, lockPostedMonths, nextMonth, planLockAdjustments, type FifoSale, type MonthCost } from './fifo-lock';
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

  it('property: a settlement plans corrections only in its own open months, of posted months only; once posted they are never planned again', () => {
    const laterMonth = fc.integer({ min: 3, max: 8 }).map((m) => `2026-0${m}`);
    fc.assert(
      fc.property(
        lotsArb,
        lotsArb,
        fc.array(sale, { maxLength: 12 }),
        fc.array(fc.record({ month: laterMonth, sku, units: fc.integer({ min: 1, max: 6 }) }), { maxLength: 5 }),
        (lots, addedLater, earlier, ownSales) => {
          // Earlier settlements were posted with the lots known then.
          const posted = fifoCostByMonth(earlier, lots, 'USD').months;
          // Lots recorded later (some with earlier purchase dates); the settlement sells now.
          const now = [...lots, ...addedLater.map((l) => ({ ...l, lotId: `X${l.lotId}` }))];
          const own: FifoSale[] = ownSales.map((o) => ({ date: `${o.month}-15`, sku: o.sku, units: o.units }));
          const ownCost = fifoCostByMonth(own, now, 'USD').months;
          const sales = [...earlier, ...own];
          const plan = planLockAdjustments({ sales, lots: now, currency: 'USD', posted, own: ownCost });
          if (plan.uncoveredUnits > 0) {
            expect(plan.adjustments).toEqual([]);
            return;
          }
          const postedMonths = new Set(posted.map((p) => p.month));
          for (const a of plan.adjustments) {
            expect(postedMonths.has(a.month)).toBe(false);
            expect(ownCost.some((o) => o.month === a.month)).toBe(true);
            expect(a.amount).toBe(a.corrections.reduce((s2, c) => s2 + c.amount, 0n));
            for (const c of a.corrections) {
              expect(postedMonths.has(c.month) || ownCost.some((o) => o.month === c.month)).toBe(true);
              expect(c.month < a.month).toBe(true);
              expect(c.amount).not.toBe(0n);
            }
          }
          // Posting it: the own parts and the corrections join the posted costs.
          const after: MonthCost[] = [...posted, ...ownCost, ...plan.adjustments.flatMap((a) => a.corrections.map((c) => ({ month: c.month, cost: c.amount })))];
          const unlocked = new Map(fifoCostByMonth(sales, now, 'USD').months.map((m) => [m.month, m.cost]));
          const postedNow = (m: string) => after.filter((p) => p.month === m).reduce((s2, p) => s2 + p.cost, 0n);
          for (const c of plan.adjustments.flatMap((a) => a.corrections)) expect(postedNow(c.month)).toBe(unlocked.get(c.month) ?? 0n);
          // A later settlement in every month after them plans none of those corrections again.
          const corrected = new Set(plan.adjustments.flatMap((a) => a.corrections.map((c) => c.month)));
          const again = planLockAdjustments({ sales, lots: now, currency: 'USD', posted: after, own: [{ month: '2026-12', cost: 0n }] });
          for (const c of again.adjustments.flatMap((a) => a.corrections)) expect(corrected.has(c.month)).toBe(false);
        },
      ),
    );
  });

  it('a lot recorded later with an earlier purchase date: the posted month is corrected in the settlement\'s open month', () => {
    const lot = (lotId: string, purchasedOn: string, quantity: number, cost: bigint): PurchaseLot => ({ lotId, sku: 'TENT', currency: 'USD', purchasedOn, quantity, unitCost: cost, consumed: 0 });
    // September was posted: 5 units from the August lot at 20.00 (100.00).
    const posted = [{ month: '2026-09', cost: 1_000_000n }];
    // Then a July lot at 10.00 is recorded; October sells 3 and takes them from it (30.00).
    const lots = [lot('AUG', '2026-08-01', 10, 200_000n), lot('JUL', '2026-07-01', 5, 100_000n)];
    const sales = [{ date: '2026-09-10', sku: 'TENT', units: 5 }, { date: '2026-10-10', sku: 'TENT', units: 3 }];
    const plan = planLockAdjustments({ sales, lots, currency: 'USD', posted, own: [{ month: '2026-10', cost: 300_000n }] });
    // In date order September costs 50.00 (JUL): 50.00 less than posted, corrected in October.
    expect(plan).toEqual({ adjustments: [{ month: '2026-10', corrections: [{ month: '2026-09', amount: -500_000n }], amount: -500_000n }], uncoveredUnits: 0 });
    // Once the correction is posted, nothing is planned again.
    const after = [...posted, { month: '2026-10', cost: 300_000n }, { month: '2026-09', cost: -500_000n }];
    expect(planLockAdjustments({ sales, lots, currency: 'USD', posted: after, own: [{ month: '2026-11', cost: 0n }] }).adjustments).toEqual([{ month: '2026-11', corrections: [{ month: '2026-10', amount: 300_000n }], amount: 300_000n }]);
  });
});
