/**
 * The Shopify Finance Report: a date range of payouts by figure (gross sales, refunds, fees by kind,
 * adjustments, chargebacks, reserves, marketplace tax, gift cards sold, other) and by month, per
 * currency, from the totals stored with each settlement (never its lines, decision 0017). Exact: each
 * figure is a sum of whole transaction types, so the figures, the months and the fee kinds all add up
 * to the net, which is the sum of the settlements' stored line totals. Payouts are the settlements'
 * stated totals; an inconsistent payout makes them differ from the net, and the report says by how much.
 */
import { describeTransactionType } from '../settlements/describe-transaction-type';
import { FINANCE_FIGURES, financeFigureOf, type FinanceFigure } from './shopify-figures';

/** One stored sum: the month of the settlement's end (account's time zone), its currency and a type. */
export interface FinanceTotalsRow {
  month: string;
  currency: string;
  typeKey: string;
  amount: bigint;
  lineCount: number;
}

/** The stated totals of the closed payouts of one month and currency. */
export interface FinancePayoutRow {
  month: string;
  currency: string;
  amount: bigint;
  count: number;
}

export type FigureTotals = Record<FinanceFigure, bigint>;

export interface FinanceMonth {
  month: string;
  figures: FigureTotals;
  net: bigint;
  payouts: bigint;
  payoutCount: number;
}

export interface FinanceType {
  typeKey: string;
  label: string;
  figure: FinanceFigure;
  total: bigint;
  lineCount: number;
}

export interface CurrencyFinance {
  currency: string;
  figures: FigureTotals;
  /** Σ of every stored line total: the sum of the figures. */
  net: bigint;
  payouts: bigint;
  payoutCount: number;
  months: FinanceMonth[];
  /** Every type with its figure: the fee kinds are the types of figure 'fees'. */
  types: FinanceType[];
}

export const zeroFigures = (): FigureTotals => Object.fromEntries(FINANCE_FIGURES.map((f) => [f, 0n])) as FigureTotals;
const abs = (v: bigint) => (v < 0n ? -v : v);

export function buildFinanceReport(rows: readonly FinanceTotalsRow[], payouts: readonly FinancePayoutRow[]): CurrencyFinance[] {
  const currencies = new Set([...rows.map((r) => r.currency), ...payouts.map((p) => p.currency)]);
  return [...currencies].sort().map((currency) =>
    financeOfCurrency(
      currency,
      rows.filter((r) => r.currency === currency),
      payouts.filter((p) => p.currency === currency),
    ),
  );
}

function financeOfCurrency(currency: string, rows: FinanceTotalsRow[], payouts: FinancePayoutRow[]): CurrencyFinance {
  const months = new Map<string, FinanceMonth>();
  const monthOf = (month: string) => {
    let m = months.get(month);
    if (!m) months.set(month, (m = { month, figures: zeroFigures(), net: 0n, payouts: 0n, payoutCount: 0 }));
    return m;
  };
  const figures = zeroFigures();
  const types = new Map<string, FinanceType>();
  let net = 0n;
  for (const row of rows) {
    const figure = financeFigureOf(row.typeKey);
    figures[figure] += row.amount;
    net += row.amount;
    const month = monthOf(row.month);
    month.figures[figure] += row.amount;
    month.net += row.amount;
    const type = types.get(row.typeKey) ?? { typeKey: row.typeKey, label: describeTransactionType('SHOPIFY', row.typeKey).label, figure, total: 0n, lineCount: 0 };
    type.total += row.amount;
    type.lineCount += row.lineCount;
    types.set(row.typeKey, type);
  }
  let payoutTotal = 0n;
  let payoutCount = 0;
  for (const p of payouts) {
    const month = monthOf(p.month);
    month.payouts += p.amount;
    month.payoutCount += p.count;
    payoutTotal += p.amount;
    payoutCount += p.count;
  }
  const order = (f: FinanceFigure) => FINANCE_FIGURES.indexOf(f);
  return {
    currency,
    figures,
    net,
    payouts: payoutTotal,
    payoutCount,
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    types: [...types.values()].sort((a, b) => order(a.figure) - order(b.figure) || (abs(b.total) > abs(a.total) ? 1 : abs(b.total) < abs(a.total) ? -1 : a.typeKey.localeCompare(b.typeKey))),
  };
}

/** The transaction types a figure drills down to, among the types a report holds. */
export function typesOfFigure(figure: FinanceFigure, typeKeys: readonly string[]): string[] {
  return typeKeys.filter((k) => financeFigureOf(k) === figure);
}
