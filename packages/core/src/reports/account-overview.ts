/**
 * The Account Overview (issue 18): an account's sales, fees and net by month and by channel
 * (marketplace), per currency, and the fee rate by month, from the report rollup's month totals.
 * Exact: every figure is a sum of bigint units; the months and the channels each add up to the total.
 */
import { describeTransactionType } from '../settlements/describe-transaction-type';
import type { Channel } from '../settlements/model';
import { feeRateBasisPoints, NO_MARKETPLACE, type SummaryTotalsRow } from './summary-report';

export interface OverviewFigures {
  sales: bigint;
  /** The fees category: a negative sum when fees were charged. */
  fees: bigint;
  /** Every category together: what the settlements paid out. */
  net: bigint;
}

export interface OverviewMonth extends OverviewFigures {
  month: string;
  /** Fees as a share of sales in basis points; null without sales. */
  feeRateBasisPoints: bigint | null;
  byChannel: Record<string, OverviewFigures>;
}

export interface CurrencyOverview extends OverviewFigures {
  currency: string;
  months: OverviewMonth[];
  channels: (OverviewFigures & { channel: string })[];
}

const zero = (): OverviewFigures => ({ sales: 0n, fees: 0n, net: 0n });

function addTo(target: OverviewFigures, category: string, amount: bigint): void {
  target.net += amount;
  if (category === 'sales') target.sales += amount;
  if (category === 'fees') target.fees += amount;
}

/** Months (ascending) and channels (by name) of each currency (by code). A row without a marketplace counts under `noMarketplace`. */
export function buildAccountOverview(channel: Channel, rows: readonly SummaryTotalsRow[], noMarketplace = NO_MARKETPLACE): CurrencyOverview[] {
  type Sums = { total: OverviewFigures; months: Map<string, OverviewMonth>; channels: Map<string, OverviewFigures> };
  const currencies = new Map<string, Sums>();
  for (const row of rows) {
    const category = describeTransactionType(channel, row.typeKey).category;
    const c: Sums = currencies.get(row.currency) ?? { total: zero(), months: new Map<string, OverviewMonth>(), channels: new Map<string, OverviewFigures>() };
    currencies.set(row.currency, c);
    const place = row.marketplace ?? noMarketplace;
    const month: OverviewMonth = c.months.get(row.month) ?? { month: row.month, ...zero(), feeRateBasisPoints: null, byChannel: {} };
    c.months.set(row.month, month);
    const monthChannel = (month.byChannel[place] ??= zero());
    const total: OverviewFigures = c.channels.get(place) ?? zero();
    c.channels.set(place, total);
    for (const target of [c.total, month, monthChannel, total]) addTo(target, category, row.amount);
  }
  return [...currencies.keys()].sort().map((currency) => {
    const c = currencies.get(currency)!;
    return {
      currency,
      ...c.total,
      months: [...c.months.keys()].sort().map((m) => {
        const month = c.months.get(m)!;
        return { ...month, feeRateBasisPoints: feeRateBasisPoints(month.sales, month.fees) };
      }),
      channels: [...c.channels.keys()].sort().map((name) => ({ channel: name, ...c.channels.get(name)! })),
    };
  });
}

/** The last `count` months ending with `lastMonth` ('YYYY-MM'), oldest first. */
export function monthsEndingWith(lastMonth: string, count: number): string[] {
  const [y, m] = lastMonth.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    out.push(`${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}
