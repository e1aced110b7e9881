/**
 * The summary report (Amazon's Summary Report, issue 18): a date range of settlements by month,
 * category, transaction type and marketplace, per currency, from the totals stored with each
 * settlement (never its lines). Exact: every figure is a sum of bigint units, and each view (months,
 * types, categories, marketplaces) adds up to the same total.
 */
import { describeTransactionType } from '../settlements/describe-transaction-type';
import { CATEGORIES, type Category, type Channel } from '../settlements/model';

/** One stored sum: a month (of the settlement's end, in the account's time zone), currency, type and marketplace. */
export interface SummaryTotalsRow {
  month: string;
  currency: string;
  typeKey: string;
  marketplace: string | null;
  amount: bigint;
  lineCount: number;
}

export type CategoryTotals = Record<Category, bigint>;

export interface SummaryMonth {
  month: string;
  byCategory: CategoryTotals;
  net: bigint;
  /** Fees (a negative sum) as a share of sales, in basis points; null without sales. */
  feeRateBasisPoints: bigint | null;
}

export interface SummaryType {
  typeKey: string;
  label: string;
  category: Category;
  total: bigint;
  lineCount: number;
  byMonth: Record<string, bigint>;
}

export interface CurrencySummary {
  currency: string;
  total: bigint;
  months: SummaryMonth[];
  categories: { category: Category; total: bigint }[];
  types: SummaryType[];
  marketplaces: { marketplace: string; total: bigint }[];
}

/** The marketplace name used when a line carries none. */
export const NO_MARKETPLACE = 'No marketplace';

const zeroCategories = (): CategoryTotals => Object.fromEntries(CATEGORIES.map((c) => [c, 0n])) as CategoryTotals;
const abs = (v: bigint) => (v < 0n ? -v : v);

/** Fees as a share of sales in basis points (12.34% = 1234n), rounded half away from zero. */
export function feeRateBasisPoints(sales: bigint, fees: bigint): bigint | null {
  if (sales <= 0n) return null;
  const scaled = abs(fees) * 20000n;
  return (scaled / sales + 1n) / 2n;
}

export function buildSummaryReport(channel: Channel, rows: readonly SummaryTotalsRow[]): CurrencySummary[] {
  const byCurrency = new Map<string, SummaryTotalsRow[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.currency) ?? [];
    list.push(row);
    byCurrency.set(row.currency, list);
  }
  return [...byCurrency.keys()].sort().map((currency) => summarizeCurrency(channel, currency, byCurrency.get(currency)!));
}

function summarizeCurrency(channel: Channel, currency: string, rows: SummaryTotalsRow[]): CurrencySummary {
  const months = new Map<string, CategoryTotals>();
  const types = new Map<string, SummaryType>();
  const marketplaces = new Map<string, bigint>();
  const categories = zeroCategories();
  const seen = new Set<Category>();
  let total = 0n;
  for (const row of rows) {
    const info = describeTransactionType(channel, row.typeKey);
    const category = info.category;
    total += row.amount;
    categories[category] += row.amount;
    seen.add(category);
    const month = months.get(row.month) ?? zeroCategories();
    month[category] += row.amount;
    months.set(row.month, month);
    const type = types.get(row.typeKey) ?? { typeKey: row.typeKey, label: info.label, category, total: 0n, lineCount: 0, byMonth: {} };
    type.total += row.amount;
    type.lineCount += row.lineCount;
    type.byMonth[row.month] = (type.byMonth[row.month] ?? 0n) + row.amount;
    types.set(row.typeKey, type);
    const place = row.marketplace ?? NO_MARKETPLACE;
    marketplaces.set(place, (marketplaces.get(place) ?? 0n) + row.amount);
  }
  const order = (c: Category) => CATEGORIES.indexOf(c);
  return {
    currency,
    total,
    months: [...months.keys()].sort().map((month) => {
      const byCategory = months.get(month)!;
      const net = CATEGORIES.reduce((sum, c) => sum + byCategory[c], 0n);
      return { month, byCategory, net, feeRateBasisPoints: feeRateBasisPoints(byCategory.sales, byCategory.fees) };
    }),
    categories: CATEGORIES.filter((c) => seen.has(c)).map((category) => ({ category, total: categories[category] })),
    types: [...types.values()].sort((a, b) => order(a.category) - order(b.category) || (abs(b.total) > abs(a.total) ? 1 : abs(b.total) < abs(a.total) ? -1 : a.typeKey.localeCompare(b.typeKey))),
    marketplaces: [...marketplaces.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([marketplace, t]) => ({ marketplace, total: t })),
  };
}
