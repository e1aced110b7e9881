/**
 * VAT/GST in the built-in ledger (decision 0058). Xero, QBO and Sage compute tax from the code a line
 * carries (decision 0036); the built-in ledger is its own accounting system, so it books the tax
 * itself: a line whose tax rate has a percentage above 0 is split into its base (on the mapped
 * account) and its tax (on the rate's tax account).
 *
 * Settlement amounts are what the buyer paid and the marketplace charged, tax included, so the split
 * is tax-inclusive, with one rounding rule:
 *   tax  = gross × rate / (100 + rate), rounded to the minor unit half away from zero (roundRatioToMinor)
 *   base = gross − tax
 * Base plus tax is the gross exactly, so the document balances as before and the clearing account
 * still receives the deposit; |tax − rate × base| is at most (1 + rate) / 2 of a minor unit per line.
 * The tax of a document's lines is summed per rate into one tax line, signed like the lines it
 * comes from (output tax on sales is a credit, input tax on fees a debit).
 */
import type { ChartOfAccounts, LedgerAccount, TaxRate } from '../mapping/model';
import { ratePercentUnits } from '../mapping/built-in-tax-rates';
import { roundRatioToMinor } from '../money/money';
import type { DocumentLine, PostingDocument, PostingProblem } from './model';
import { someLine } from './document-lines';

const HUNDRED_PERCENT = 1_000_000n; // 100 in units of scale 4

/** The tax in a tax-inclusive (seller-signed) amount at `rateUnits` percent (scale 4), by the rule above. */
export function taxOfGross(gross: bigint, rateUnits: bigint, currency: string): bigint {
  if (rateUnits === 0n) return 0n;
  return roundRatioToMinor(gross * rateUnits, HUNDRED_PERCENT + rateUnits, currency);
}

interface SplitRate {
  rate: TaxRate;
  units: bigint;
  account: LedgerAccount | undefined;
}

/** The chart's rates that split a line (percentage above 0), by code. */
function splittingRates(chart: ChartOfAccounts): Map<string, SplitRate> {
  const byCode = new Map<string, SplitRate>();
  for (const rate of chart.taxRates) {
    const units = rate.ratePercent === undefined ? undefined : ratePercentUnits(rate.ratePercent);
    if (units === undefined || units === 0n) continue;
    byCode.set(rate.code, { rate, units, account: chart.accounts.find((a) => a.code === rate.accountCode) });
  }
  return byCode;
}

const sellerSigned = (l: DocumentLine) => (l.side === 'credit' ? l.amount : -l.amount);
const withSigned = (l: DocumentLine, amount: bigint): DocumentLine => ({ ...l, side: amount >= 0n ? 'credit' : 'debit', amount: amount >= 0n ? amount : -amount });

/**
 * Splits the tax out of the document's lines in place (only for the built-in ledger's documents that
 * have a line with a splitting rate; others are left as they are, their lines never materialised).
 * Returns a problem when a rate's tax account is not in the chart.
 */
export function applyBuiltInLedgerTax(doc: PostingDocument, chart: ChartOfAccounts): PostingProblem | null {
  if (doc.system !== 'MANUAL') return null;
  const rates = splittingRates(chart);
  if (rates.size === 0 || !someLine(doc, (l) => l.role === 'transaction' && rates.has(l.taxRateCode))) return null;
  const lines: DocumentLine[] = [];
  const taxByRate = new Map<string, { tax: bigint; lineCount: number }>();
  for (const line of doc.lines) {
    const split = line.role === 'transaction' ? rates.get(line.taxRateCode) : undefined;
    if (!split) {
      lines.push(line);
      continue;
    }
    if (!split.account) {
      return { code: 'missing-account', settlementId: doc.settlementId, message: `The tax rate ${split.rate.name} posts to the account ${split.rate.accountCode ?? '(none)'}, which is not in the chart of accounts of the built-in ledger. Choose its tax account on Settings > Built-in ledger.` };
    }
    const gross = sellerSigned(line);
    const tax = taxOfGross(gross, split.units, doc.currency);
    lines.push(withSigned(line, gross - tax));
    const sum = taxByRate.get(line.taxRateCode) ?? { tax: 0n, lineCount: 0 };
    sum.tax += tax;
    sum.lineCount += line.sources.lineCount;
    taxByRate.set(line.taxRateCode, sum);
  }
  for (const [code, { tax, lineCount }] of taxByRate) {
    if (tax === 0n) continue;
    const { rate, account } = rates.get(code)!;
    lines.push({
      role: 'tax',
      account: account!,
      taxRateCode: code,
      description: `${rate.name} included in the lines above`,
      side: tax >= 0n ? 'credit' : 'debit',
      amount: tax >= 0n ? tax : -tax,
      tracking: [],
      sources: { settlementId: doc.settlementId, selector: doc.part.count > 1 ? { month: doc.part.month } : {}, lineCount, rows: [], isComplete: false },
    });
  }
  doc.lines = lines;
  return null;
}
