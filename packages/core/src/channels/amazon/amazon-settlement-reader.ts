/**
 * What the Amazon V2 and v1 flat files share: a header row, then per settlement a summary row (the
 * settlement-level columns filled: id, dates, total-amount, currency) followed by detail rows. This
 * reader maps the header by name, buffers the first rows to sniff the file's decimal separator and
 * date order (Amazon writes them per marketplace), reads the summary row into a SettlementHeader, and
 * hands each detail row to the format's own reader. Problems are capped per file so a garbage 2 GB
 * file cannot fill memory with them.
 *
 * Fast path (a 1M-line settlement is ~180 MB): once the locale is sniffed, an unquoted line with the
 * header's column count whose settlement-level columns are plainly those of a detail row of the
 * current settlement goes, unsplit, to the format's readDetailLine (field positions from scanFields).
 * Anything unusual (a summary row, another settlement, a value not in its plain form) is split and
 * read from its fields as before, so both paths give the same lines and problems.
 */
import { parseDecimalUnits } from '../../money/money';
import { isKnownCurrency } from '../../money/currencies';
import type { SettlementHeader } from '../../settlements/model';
import type { ParseSink, ReportInput } from '../../settlements/parser';
import { fieldOf, mapColumns, type ColumnMap, type ColumnSpec } from '../shared/column-map';
import { parseDateTime, sniffDateOrder, type DateOrder } from '../shared/parse-date-time';
import { readDelimited } from '../shared/read-delimited';
import type { Delimiter } from '../shared/row-reader';
import { FieldMemo, rangeEquals, scanFields } from '../shared/scan-fields';
import { sniffDecimalSeparator } from '../shared/sniff-decimal-separator';
import { fallbackDateOrder, fallbackDecimalSeparator } from './amazon-locale';

type SummaryColumn = 'settlementId' | 'startDate' | 'endDate' | 'depositDate' | 'totalAmount' | 'currency';

export interface AmazonFileFormat<K extends string> {
  format: string;
  label: string;
  columns: ColumnSpec<K | SummaryColumn>;
  required: readonly (K | SummaryColumn)[];
  /** Columns whose values show the date order / decimal separator (sampled on the first rows). */
  dateColumns: readonly (K | SummaryColumn)[];
  amountColumns: readonly (K | SummaryColumn)[];
  /** Reads one detail row of the current settlement and emits its line(s) through the context. */
  readDetail(context: AmazonRowContext<K | SummaryColumn>, fields: string[], row: number): void;
  /**
   * Optional fast path for a plain detail row of the current settlement, read in place: field i is
   * `text.slice(starts[i], starts[i + 1] - 1)`, every column of the header is there. Returns false,
   * having emitted nothing, to have the row read by readDetail instead (e.g. an amount with grouping).
   */
  readDetailLine?(context: AmazonRowContext<K | SummaryColumn>, text: string, starts: Int32Array, row: number): boolean;
}

export interface AmazonRowContext<K extends string> {
  columns: ColumnMap<K>;
  header: SettlementHeader;
  decimalSeparator: '.' | ',';
  dateOrder: DateOrder;
  sink: ParseSink;
  /** Reports a problem in a column of a row; the settlement becomes invalid. */
  fail(row: number, column: K | null, message: string): void;
  /** A row's marketplace-name: the first 'Amazon.xx' one becomes the settlement's marketplace. */
  noteMarketplace(value: string): void;
}

const SNIFF_ROWS = 500;
const MAX_PROBLEMS = 200;

export async function readAmazonSettlementFile<K extends string>(
  format: AmazonFileFormat<K>,
  input: ReportInput,
  sink: ParseSink,
): Promise<void> {
  type C = K | SummaryColumn;
  const file = input.fileName;
  let problemCount = 0;
  const invalidated = new Set<string>();
  const report = (row: number, column: string | null, message: string, settlementId?: string) => {
    problemCount++;
    if (problemCount <= MAX_PROBLEMS) sink.problem({ file, row, column, message }, settlementId);
    else if (settlementId !== undefined && !invalidated.has(settlementId)) {
      // Past the cap, still make sure every settlement with a problem is marked invalid (once).
      sink.problem({ file, row, column, message: `Settlement ${settlementId} has more problems from row ${row} on.` }, settlementId);
    }
    if (settlementId !== undefined) invalidated.add(settlementId);
  };
  let columns: ColumnMap<C> | undefined;
  let headerLength = 0;
  let buffered: { fields: string[]; row: number }[] | undefined = [];
  let context: AmazonRowContext<C> | undefined;
  let lastFieldCount = 0;
  let lastRow = 0;
  let hasSummary = false;

  const name = (column: C | null) => (column === null || !columns ? null : (columns.names[columns.index[column]] ?? column));

  const readSummary = (fields: string[], row: number, decimal: '.' | ',', order: DateOrder) => {
    const text = (c: C) => fieldOf(fields, columns!.index[c]).trim();
    const settlementId = text('settlementId');
    const currency = text('currency').toUpperCase();
    const header: SettlementHeader = {
      channel: 'AMAZON', settlementId, format: format.format, marketplace: null, currency,
      startDate: null, endDate: null, depositDate: null, total: null, status: 'closed', sellerId: null, sourceFile: file,
    };
    sink.settlement(header);
    hasSummary = true;
    context = {
      columns: columns!, header, decimalSeparator: decimal, dateOrder: order, sink,
      fail: (r, c, m) => report(r, name(c), m, settlementId),
      noteMarketplace(value) {
        if (header.marketplace !== null || !value.startsWith('Amazon.')) return;
        header.marketplace = value;
        sink.settlement(header); // announce what we learned (sinks merge a repeated settlement)
      },
    };
    if (settlementId === '') report(row, name('settlementId'), `Row ${row} is a settlement summary row without a settlement-id.`, settlementId);
    if (!isKnownCurrency(currency)) report(row, name('currency'), `Row ${row} has currency '${text('currency')}', which is not an ISO currency code.`, settlementId);
    const total = parseDecimalUnits(text('totalAmount'), decimal);
    if (total === undefined) report(row, name('totalAmount'), `Row ${row} has total-amount '${text('totalAmount')}', which is not a number.`, settlementId);
    else header.total = total;
    for (const [column, key] of [['startDate', 'startDate'], ['endDate', 'endDate'], ['depositDate', 'depositDate']] as const) {
      const value = text(column);
      if (value === '') continue;
      const at = parseDateTime(value, { order });
      if (at === undefined) report(row, name(column), `Row ${row} has ${name(column)} '${value}', which is not a valid date.`, settlementId);
      else header[key] = at;
    }
  };

  const handle = (fields: string[], row: number, decimal: '.' | ',', order: DateOrder) => {
    const cols = columns!;
    if (fieldOf(fields, cols.index.totalAmount).trim() !== '') {
      readSummary(fields, row, decimal, order);
      return;
    }
    const id = fieldOf(fields, cols.index.settlementId).trim();
    if (!context || (id !== '' && id !== context.header.settlementId)) {
      report(row, name('settlementId'), `Row ${row} belongs to settlement '${id}', but no summary row (with total-amount) for it comes before.`, context?.header.settlementId);
      return;
    }
    const currency = fieldOf(fields, cols.index.currency).trim().toUpperCase();
    if (currency !== '' && currency !== context.header.currency) {
      context.fail(row, 'currency', `Row ${row} is in ${currency} but settlement ${context.header.settlementId} is in ${context.header.currency}: mixed currencies in one settlement.`);
      return;
    }
    format.readDetail(context, fields, row);
  };

  const flushBuffer = () => {
    const rows = buffered ?? [];
    buffered = undefined;
    const cols = columns!;
    const sample = (keys: readonly C[]) => rows.flatMap((r) => keys.map((k) => fieldOf(r.fields, cols.index[k])).filter((v) => v !== ''));
    const currency = rows.map((r) => fieldOf(r.fields, cols.index.currency).trim().toUpperCase()).find((c) => c !== '') ?? '';
    const decimal = sniffDecimalSeparator(sample(format.amountColumns)) ?? fallbackDecimalSeparator(currency);
    const order = sniffDateOrder(sample(format.dateColumns)) ?? fallbackDateOrder(currency);
    for (const r of rows) handle(r.fields, r.row, decimal, order);
    return { decimal, order };
  };

  let decimal: '.' | ',' = '.';
  let order: DateOrder = 'dmy';
  let starts = new Int32Array(0); // field starts of the current line, sized headerLength + 1
  /** True when the scanned line is a detail row of the current settlement with plain id and currency. */
  const idMemo = new FieldMemo(); // the current settlement's id, as codes
  let idMemoFor: AmazonRowContext<C> | undefined;
  const isPlainDetail = (text: string, current: AmazonRowContext<C>): boolean => {
    const index = current.columns.index;
    const total = index.totalAmount;
    if (starts[total + 1]! - 1 !== starts[total]) return false;
    if (idMemoFor !== current) {
      idMemo.remember(current.header.settlementId, 0, current.header.settlementId.length);
      idMemoFor = current;
    }
    const id = index.settlementId;
    if (!idMemo.matches(text, starts[id]!, starts[id + 1]! - 1)) return false;
    const currencyStart = starts[index.currency]!;
    const currencyEnd = starts[index.currency + 1]! - 1;
    return currencyEnd === currencyStart || rangeEquals(text, currencyStart, currencyEnd, current.header.currency);
  };
  const onRow = (fields: string[], row: number): boolean | undefined => {
    lastFieldCount = fields.length;
    lastRow = row;
    if (!columns) {
      columns = mapColumns(fields, format.columns);
      headerLength = columns.names.length; // empty cells after the last heading are not columns
      starts = new Int32Array(headerLength + 1);
      const missing = format.required.filter((k) => columns!.index[k] < 0);
      if (missing.length > 0) {
        const names = missing.map((k) => format.columns[k][0]).join(', ');
        report(row, null, `This is not an ${format.label}: its header (row ${row}) lacks ${names}.`);
        return false;
      }
      return;
    }
    if (buffered) {
      buffered.push({ fields, row });
      if (buffered.length >= SNIFF_ROWS) ({ decimal, order } = flushBuffer());
      return;
    }
    handle(fields, row, decimal, order);
  };
  const summary = await readDelimited(input.chunks, {
    onLine(text: string, start: number, end: number, row: number, delimiter: Delimiter) {
      if (context && !buffered && format.readDetailLine) {
        const count = scanFields(text, start, end, delimiter, starts);
        if (count === headerLength && isPlainDetail(text, context) && format.readDetailLine(context, text, starts, row)) {
          lastFieldCount = count;
          lastRow = row;
          return;
        }
      }
      return onRow(text.slice(start, end).split(delimiter), row);
    },
    onRow,
    onProblem: (row, message) => report(row, null, message, context?.header.settlementId),
  });
  if (buffered && columns) flushBuffer();
  if (!columns) {
    report(0, null, `The file ${file} is empty.`);
    return;
  }
  if (!summary.isAborted && !hasSummary && problemCount === 0) {
    report(summary.lineCount, null, `The file has no settlement summary row (a row with total-amount), so its total is unknown: the file looks truncated or is not a settlement report.`);
  }
  if (!summary.isLastRowTerminated && lastFieldCount < headerLength && lastRow > 1) {
    report(lastRow, null, `Row ${lastRow} is cut short (${lastFieldCount} of ${headerLength} columns): the file looks truncated.`, context?.header.settlementId);
  }
  if (problemCount > MAX_PROBLEMS) {
    sink.problem({ file, row: 0, column: null, message: `${problemCount - MAX_PROBLEMS} more problems in ${file} are not listed.` });
  }
}
