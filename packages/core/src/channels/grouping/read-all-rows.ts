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

export async function readAllRows(input: ReportInput, options: { delimiter?: Delimiter; maxRows?: number; label: string }): Promise<AllRows> {
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
  return { rows, summary, textProblems };
}
