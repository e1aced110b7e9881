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
import { roundToMinor } from '../money/money';
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

/** What the server knows when it plans the lock for the settlement it refreshes or sends (decision 0049). */
export interface LockPlanInput {
  /** Sales of the account's posted FIFO settlements in this currency, and of the settlement itself. */
  sales: readonly FifoSale[];
  /** The catalog's lots in this currency; `consumed`: units taken by settlements outside `sales`. */
  lots: readonly PurchaseLot[];
  currency: string;
  /** What posted journal parts expensed per month: their own cost and the corrections already posted. */
  posted: readonly MonthCost[];
  /** The settlement's own FIFO cost per month, as its month parts post it. */
  own: readonly MonthCost[];
}

/** One posted month's correction: un-locked cost − posted cost, rounded to the minor unit (positive: more cost). */
export interface MonthCorrection {
  month: string;
  amount: bigint;
}

/** A journal part of the settlement in one of its own open months, correcting earlier posted months. */
export interface LockAdjustment {
  month: string;
  corrections: MonthCorrection[];
  /** Sum of the corrections. */
  amount: bigint;
}

export interface LockPlan {
  adjustments: LockAdjustment[];
  /** Units the date-ordered FIFO could not cover (restocked refunds are outside the lock): then no adjustment is planned. */
  uncoveredUnits: number;
}

/**
 * The adjustments a settlement's COGS journal carries. The settlement's cost in a month already posted
 * (a late, earlier-dated settlement) is posted with it, so that month stays posted; its other months
 * are open. lockPostedMonths places each posted month's difference in the first open month after it;
 * the ones that land in one of the settlement's open months are planned here, rounded per corrected
 * month; the others wait for the settlement that posts in their month. Sub-minor-unit differences
 * are never posted.
 */
export function planLockAdjustments(input: LockPlanInput): LockPlan {
  const unlocked = fifoCostByMonth(input.sales, input.lots, input.currency);
  if (unlocked.uncoveredUnits > 0) return { adjustments: [], uncoveredUnits: unlocked.uncoveredUnits };
  const posted = new Map<string, bigint>();
  for (const p of input.posted) posted.set(p.month, (posted.get(p.month) ?? 0n) + p.cost);
  for (const o of input.own) if (posted.has(o.month)) posted.set(o.month, posted.get(o.month)! + o.cost);
  const ownOpen = new Set(input.own.map((o) => o.month).filter((m) => !posted.has(m)));
  const unlockedCost = new Map(unlocked.months.map((m) => [m.month, m.cost]));
  const adjustments: LockAdjustment[] = [];
  const locked = lockPostedMonths(unlocked.months, [...posted].map(([month, cost]) => ({ month, cost })));
  for (const m of locked) {
    if (m.isPosted || !ownOpen.has(m.month)) continue;
    const corrections = m.adjustsMonths
      .map((month) => ({ month, amount: roundToMinor((unlockedCost.get(month) ?? 0n) - posted.get(month)!, input.currency) }))
      .filter((c) => c.amount !== 0n);
    if (corrections.length === 0) continue;
    adjustments.push({ month: m.month, corrections, amount: corrections.reduce((s, c) => s + c.amount, 0n) });
  }
  return { adjustments, uncoveredUnits: 0 };
}
