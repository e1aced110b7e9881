/**
 * Clarity analyses (issue 19): an organization's sales, fees, refunds, net and margin, grouped by the
 * dimensions a user picks (account, channel, marketplace, month, category), from the report rollup's
 * month totals of each account (decision 0029). Exact: every figure is a sum of bigint units, and
 * amounts are never added across currencies: the currency is always part of a group's key.
 */
import { describeTransactionType } from '../settlements/describe-transaction-type';
import type { Category, Channel } from '../settlements/model';

export const CLARITY_MEASURES = [
  'sales',
  'fees',
  'refunds',
  'advertising',
  'shipping',
  'tax',
  'other',
  'net',
  'margin',
] as const;
export type ClarityMeasure = (typeof CLARITY_MEASURES)[number];
export const CLARITY_DIMENSIONS = ['account', 'channel', 'marketplace', 'month', 'category'] as const;
export type ClarityDimension = (typeof CLARITY_DIMENSIONS)[number];

export const CLARITY_MEASURE_LABELS: Record<ClarityMeasure, string> = {
  sales: 'Sales',
  fees: 'Fees',
  refunds: 'Refunds',
  advertising: 'Advertising',
  shipping: 'Shipping',
  tax: 'Tax',
  other: 'Other',
  net: 'Net',
  margin: 'Margin %',
};
export const CLARITY_DIMENSION_LABELS: Record<ClarityDimension, string> = {
  account: 'Account',
  channel: 'Channel',
  marketplace: 'Marketplace',
  month: 'Month',
  category: 'Type',
};

/** One month total of one account (the rollup summed by month, currency, type and marketplace). */
export interface ClarityTotalsRow {
  accountName: string;
  salesChannel: Channel;
  month: string;
  currency: string;
  /** null when the lines carry none. */
  marketplace: string | null;
  typeKey: string;
  amount: bigint;
}

/** The amounts of one group: a bigint per money measure; margin is derived (see marginBasisPoints). */
export type ClarityFigures = Record<Exclude<ClarityMeasure, 'margin'>, bigint>;

export interface ClarityGroup {
  currency: string;
  /** The value of each chosen dimension, in the order chosen. */
  keys: string[];
  figures: ClarityFigures;
  /** Net as a share of sales in basis points (1234 = 12.34 %); null without sales. */
  marginBasisPoints: bigint | null;
}

const MONEY_CATEGORIES = ['sales', 'fees', 'refunds', 'advertising', 'shipping', 'tax'] as const;
const NO_MARKETPLACE = '(none)';

const zero = (): ClarityFigures => ({
  sales: 0n,
  fees: 0n,
  refunds: 0n,
  advertising: 0n,
  shipping: 0n,
  tax: 0n,
  other: 0n,
  net: 0n,
});

function dimensionValue(row: ClarityTotalsRow, category: Category, dimension: ClarityDimension): string {
  switch (dimension) {
    case 'account':
      return row.accountName;
    case 'channel':
      return row.salesChannel;
    case 'marketplace':
      return row.marketplace ?? NO_MARKETPLACE;
    case 'month':
      return row.month;
    case 'category':
      return category;
  }
}

/** Net over sales in basis points, rounded half away from zero; null when there are no sales. */
export function marginBasisPoints(net: bigint, sales: bigint): bigint | null {
  if (sales === 0n) return null;
  const scaled = net * 10_000n * 2n;
  const q = scaled / sales;
  // q is twice the exact ratio truncated: round half away from zero.
  return q >= 0n ? (q + 1n) / 2n : (q - 1n) / 2n;
}

/** The groups of the rows by currency and the dimensions (in order), sorted by currency then each key. */
export function runClarityAnalysis(
  rows: readonly ClarityTotalsRow[],
  dimensions: readonly ClarityDimension[],
): ClarityGroup[] {
  const groups = new Map<string, { currency: string; keys: string[]; figures: ClarityFigures }>();
  for (const row of rows) {
    const category = describeTransactionType(row.salesChannel, row.typeKey).category;
    const keys = dimensions.map((d) => dimensionValue(row, category, d));
    const id = JSON.stringify([row.currency, ...keys]);
    let group = groups.get(id);
    if (!group) {
      group = { currency: row.currency, keys, figures: zero() };
      groups.set(id, group);
    }
    const f = group.figures;
    f.net += row.amount;
    if ((MONEY_CATEGORIES as readonly string[]).includes(category))
      f[category as (typeof MONEY_CATEGORIES)[number]] += row.amount;
    else f.other += row.amount;
  }
  const compare = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  return [...groups.values()]
    .sort((a, b) => compare([a.currency, ...a.keys], [b.currency, ...b.keys]))
    .map((g) => ({ ...g, marginBasisPoints: marginBasisPoints(g.figures.net, g.figures.sales) }));
}
