/**
 * The FIFO lock (issue 17): once a month's COGS is posted, that month's cost never changes. FIFO
 * recomputed today (every sale in date order over the lots as they are now: a lot's cost corrected,
 * a late-arriving sale dated in a posted month) can give a posted month another cost; the difference
 * is not written back into it but lands in the next open month as an adjustment, so the books keep
 * what was posted and, over all months, the cost is still exactly the un-locked FIFO total.
 *
 * Rule: a posted month keeps its posted cost; an open month takes its un-locked FIFO cost; the
 * difference of each posted month (un-locked − posted) is added to the first open month after it
 * (a month with no sales of its own if need be). Pure: amounts are units (scale 4).
 */
import { FifoLots } from './fifo-lots';
import type { PurchaseLot } from './model';

export interface FifoSale {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  sku: string;
  units: number;
}

export interface MonthCost {
  month: string;
  cost: bigint;
}

export interface LockedMonth {
  month: string;
  isPosted: boolean;
  /** The month's own cost: the posted cost of a posted month, the un-locked FIFO cost of an open one. */
  cost: bigint;
  /** Open months only: what posted months before it would now cost more (or less, negative) than was posted. */
  adjustment: bigint;
  /** Posted months whose difference lands here. */
  adjustsMonths: string[];
}

/** FIFO cost per month with every sale taken in date order (ties: the order given); units no lot covers are counted apart. */
export function fifoCostByMonth(
  sales: readonly FifoSale[],
  lots: readonly PurchaseLot[],
  currency: string,
): { months: MonthCost[]; uncoveredUnits: number } {
  const fifo = new FifoLots(lots, currency);
  const order = sales.map((_, i) => i).sort((a, b) => (sales[a]!.date < sales[b]!.date ? -1 : sales[a]!.date > sales[b]!.date ? 1 : a - b));
  const byMonth = new Map<string, bigint>();
  let uncoveredUnits = 0;
  for (const i of order) {
    const sale = sales[i]!;
    const month = sale.date.slice(0, 7);
    let cost = byMonth.get(month) ?? 0n;
    uncoveredUnits += fifo.take(sale.sku, sale.units, (_lot, _units, c) => (cost += c));
    byMonth.set(month, cost);
  }
  return { months: [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, cost]) => ({ month, cost })), uncoveredUnits };
}

/** 'YYYY-MM' + 1 month. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Posted months keep their cost; each one's difference from the un-locked cost lands in the next open month. */
export function lockPostedMonths(unlocked: readonly MonthCost[], posted: readonly MonthCost[]): LockedMonth[] {
  const postedCost = new Map(posted.map((p) => [p.month, p.cost]));
  const unlockedCost = new Map(unlocked.map((u) => [u.month, u.cost]));
  const months = new Set([...postedCost.keys(), ...unlockedCost.keys()]);
  const result = new Map<string, LockedMonth>();
  const open = (month: string): LockedMonth => {
    let m = result.get(month);
    if (!m) result.set(month, (m = { month, isPosted: false, cost: unlockedCost.get(month) ?? 0n, adjustment: 0n, adjustsMonths: [] }));
    return m;
  };
  for (const month of months) {
    if (!postedCost.has(month)) open(month);
    else result.set(month, { month, isPosted: true, cost: postedCost.get(month)!, adjustment: 0n, adjustsMonths: [] });
  }
  for (const [month, cost] of postedCost) {
    const delta = (unlockedCost.get(month) ?? 0n) - cost;
    if (delta === 0n) continue;
    let target = nextMonth(month);
    while (postedCost.has(target)) target = nextMonth(target);
    const m = open(target);
    m.adjustment += delta;
    m.adjustsMonths.push(month);
  }
  return [...result.values()].sort((a, b) => (a.month < b.month ? -1 : 1)).map((m) => ({ ...m, adjustsMonths: m.adjustsMonths.sort() }));
}

/** The total a locked schedule expenses: posted costs, open costs and adjustments. */
export function lockedTotal(months: readonly LockedMonth[]): bigint {
  let total = 0n;
  for (const m of months) total += m.cost + m.adjustment;
  return total;
}
