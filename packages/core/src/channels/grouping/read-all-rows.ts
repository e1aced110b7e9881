/**
 * Reads every row of a report into memory. The grouped channels need the whole file before they can
 * announce a settlement (a payout's rows are scattered, a deposit row closes the rows before it, the
 * date order and decimal separator are sniffed over all values); their reports are small (PayPal caps
 * an activity download at 50,000 records, Shopify and Etsy exports are a few MB), so a cap on the row
 * count (300,000 by default, about 300 MB of row text at most) keeps a wrong or huge file from
 * filling memory: past it the file is refused with a problem, never read in part as if complete.
 */
import type { ReportInput } from '../../settlements/parser';
import { readDelimited, type DelimitedReadSummary } from '../shared/read-delimited';
import type { Delimiter } from '../shared/row-reader';
import { sniffDecimalSeparator } from '../shared/sniff-decimal-separator';
import type { SettlementGroups } from './settlement-groups';

/** A cell that is only an amount (sign, currency symbol, digits, separators): the values the decimal separator is sniffed on. */
const NUMBER_CELL = /^\s*[-+(]?\s*[$€£¥]?\s*-?\d[\d.,\s]*\)?\s*$/;
/** `31.01.2023`, `1/2/2026`: numbers that are dates, not amounts. */
const DATE_CELL = /^\s*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s*$/;

export interface ReportRow {
  fields: string[];
  /** 1-based line number where the record starts. */
  row: number;
}

export interface AllRows {
  rows: ReportRow[];
  summary: DelimitedReadSummary;
  /** Problems of the text itself (unclosed quote, binary content, too many rows). */
  textProblems: { row: number; message: string }[];
}

/**
 * `groups`, when given, learns the decimal separator of a `;` file (a comma file saved again in a
 * decimal-comma locale: `12,50` where the channel wrote `12.50`), sniffed over its number cells.
 */
export async function readAllRows(input: ReportInput, options: { delimiter?: Delimiter; maxRows?: number; label: string; groups?: SettlementGroups }): Promise<AllRows> {
  const maxRows = options.maxRows ?? 300_000;
  const rows: ReportRow[] = [];
  const textProblems: { row: number; message: string }[] = [];
  const summary = await readDelimited(input.chunks, {
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    onRow(fields, row) {
      if (rows.length >= maxRows) {
        textProblems.push({ row, message: `The file has more than ${maxRows} rows, more than any ${options.label} holds: it was not read further.` });
        return false;
      }
      rows.push({ fields, row });
      return undefined;
    },
    onProblem: (row, message) => textProblems.push({ row, message }),
  });
  if (options.groups && summary.delimiter === ';') {
    const numbers = rows.flatMap((r) => r.fields.filter((f) => NUMBER_CELL.test(f) && !DATE_CELL.test(f)));
    options.groups.savedDecimalSeparator = sniffDecimalSeparator(numbers.map((n) => n.replace(/[^\d.,]/g, '')));
  }
  return { rows, summary, textProblems };
}
