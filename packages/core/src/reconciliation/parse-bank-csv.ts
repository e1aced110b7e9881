/**
 * Bank statement CSV, as banks export it: a few lines about the account first (header detection
 * skips them), then a header with a date, a description and either one signed amount column or
 * credit and debit columns. Comma, semicolon or tab; decimal point or comma, with thousands
 * separators; day or month first (sniffed over every date of the file, else the locale the
 * delimiter suggests). Every problem names its row and column, and reading goes on so the user sees
 * them all at once.
 */
import { parseDecimalUnits } from '../money/money';
import { fieldOf, mapColumns, type ColumnMap } from '../channels/shared/column-map';
import { parseDateTime, sniffDateOrder, type DateOrder } from '../channels/shared/parse-date-time';
import { RowReader, sniffDelimiter, type Delimiter } from '../channels/shared/row-reader';
import { sniffDecimalSeparator, type DecimalSeparator } from '../channels/shared/sniff-decimal-separator';
import type { BankStatementSink } from './model';

const COLUMNS = {
  date: ['Date', 'Booking Date', 'Transaction Date', 'Posting Date', 'Posted Date', 'Buchungstag', 'Buchungsdatum', 'Datum', 'Date opération', 'Fecha'],
  valueDate: ['Value Date', 'Valuta', 'Valutadatum', 'Wertstellung', 'Date de valeur'],
  description: ['Description', 'Details', 'Transaction Description', 'Narrative', 'Memo', 'Verwendungszweck', 'Buchungstext', 'Libellé', 'Concepto', 'Payee', 'Name'],
  amount: ['Amount', 'Transaction Amount', 'Betrag', 'Umsatz', 'Montant', 'Importe', 'Value'],
  credit: ['Credit', 'Credit Amount', 'Credits', 'Money In', 'Paid In', 'Deposits', 'Deposit', 'Haben', 'Gutschrift'],
  debit: ['Debit', 'Debit Amount', 'Debits', 'Money Out', 'Paid Out', 'Withdrawals', 'Withdrawal', 'Soll', 'Lastschrift'],
  currency: ['Currency', 'Währung', 'Waehrung', 'Devise', 'Moneda', 'CCY'],
  reference: ['Reference', 'Bank Reference', 'Transaction ID', 'Ref', 'Referenz', 'Kundenreferenz'],
} as const;
type Key = keyof typeof COLUMNS;

/** Lines of account details a bank may print above the header. */
export const CSV_HEADER_SEARCH_ROWS = 30;

export function parseBankCsv(text: string, fileName: string, sink: BankStatementSink): void {
  let columns: ColumnMap<Key> | undefined;
  const rows: { fields: string[]; row: number }[] = [];
  // The header decides the delimiter: the account lines above it may have none.
  const delimiter = sniffHeaderDelimiter(text);
  const reader = new RowReader({
    delimiter,
    onRow(fields, row) {
      if (!columns) {
        const found = mapColumns(fields, COLUMNS);
        if (found.index.date >= 0 && (found.index.amount >= 0 || found.index.credit >= 0 || found.index.debit >= 0)) columns = found;
        else if (row >= CSV_HEADER_SEARCH_ROWS) return false;
        return;
      }
      rows.push({ fields, row });
    },
    onProblem: (row, message) => sink.problem({ file: fileName, row, column: null, message }),
  });
  reader.push(text);
  reader.end();
  if (!columns) {
    sink.problem({
      file: fileName,
      row: 0,
      column: null,
      message: `No header row was found in the first ${CSV_HEADER_SEARCH_ROWS} rows: a bank statement CSV needs a Date column and an Amount column (or Credit and Debit columns).`,
    });
    return;
  }
  const map = columns;
  const amountCells = rows.flatMap(({ fields }) => [fieldOf(fields, map.index.amount), fieldOf(fields, map.index.credit), fieldOf(fields, map.index.debit)]);
  const separator: DecimalSeparator = sniffDecimalSeparator(amountCells.filter((c) => c.trim() !== '')) ?? (delimiter === ';' ? ',' : '.');
  const order: DateOrder =
    sniffDateOrder(rows.flatMap(({ fields }) => [fieldOf(fields, map.index.date), fieldOf(fields, map.index.valueDate)])) ?? (separator === ',' ? 'dmy' : 'mdy');
  for (const { fields, row } of rows) readRow(fields, row, { map, separator, order, fileName, sink });
}

interface RowContext {
  map: ColumnMap<Key>;
  separator: DecimalSeparator;
  order: DateOrder;
  fileName: string;
  sink: BankStatementSink;
}

function readRow(fields: string[], row: number, ctx: RowContext): void {
  const { map, fileName, sink } = ctx;
  const cell = (key: Key) => fieldOf(fields, map.index[key]).trim();
  const name = (key: Key) => map.names[map.index[key]] ?? key;
  const problem = (key: Key | null, message: string) => sink.problem({ file: fileName, row, column: key === null ? null : name(key), message: `Row ${row}${key === null ? '' : `, column ${name(key)}`}: ${message}` });
  const dateText = cell('date');
  const amountTexts = [cell('amount'), cell('credit'), cell('debit')];
  // Closing-balance lines and footers ('Endsaldo', 'Closing balance', 'Total') have no date, only a
  // label or nothing where the date goes: not transactions. A date cell with digits must be a date.
  if (!/\d/.test(dateText) && (dateText !== '' || amountTexts.every((t) => t === ''))) return;
  const date = toDay(dateText, ctx.order);
  if (date === undefined) return problem('date', `"${dateText}" is not a date.`);
  const valueText = cell('valueDate');
  const valueDate = valueText === '' ? null : toDay(valueText, ctx.order);
  if (valueDate === undefined) return problem('valueDate', `"${valueText}" is not a date.`);
  let amount: bigint | undefined;
  if (map.index.amount >= 0 && cell('amount') !== '') {
    amount = parseDecimalUnits(cell('amount'), ctx.separator);
    if (amount === undefined) return problem('amount', `"${cell('amount')}" is not an amount.`);
  } else {
    const credit = cell('credit') === '' ? 0n : parseDecimalUnits(cell('credit'), ctx.separator);
    if (credit === undefined) return problem('credit', `"${cell('credit')}" is not an amount.`);
    const debit = cell('debit') === '' ? 0n : parseDecimalUnits(cell('debit'), ctx.separator);
    if (debit === undefined) return problem('debit', `"${cell('debit')}" is not an amount.`);
    if (cell('credit') === '' && cell('debit') === '') return problem(map.index.amount >= 0 ? 'amount' : 'credit', 'the amount is missing.');
    // Some banks print debits as negative numbers in the debit column, others as positive ones.
    amount = credit - (debit < 0n ? -debit : debit);
  }
  const currency = cell('currency').toUpperCase();
  if (currency !== '' && !/^[A-Z]{3}$/.test(currency)) return problem('currency', `"${cell('currency')}" is not a currency code.`);
  sink.transaction({
    row,
    date,
    valueDate,
    amount,
    currency: currency === '' ? null : currency,
    description: cell('description'),
    reference: cell('reference') === '' ? null : cell('reference'),
  });
}

function sniffHeaderDelimiter(text: string): Delimiter {
  const lines = text.split(/\r?\n/, CSV_HEADER_SEARCH_ROWS);
  for (const line of lines) {
    const delimiter = sniffDelimiter(line);
    const found = mapColumns(line.split(delimiter).map((f) => f.replace(/^"|"$/g, '')), COLUMNS);
    if (found.index.date >= 0 && (found.index.amount >= 0 || found.index.credit >= 0 || found.index.debit >= 0)) return delimiter;
  }
  return sniffDelimiter(lines[0] ?? '');
}

/** 'YYYY-MM-DD' of a date text (any time part ignored), or undefined. */
export function toDay(text: string, order: DateOrder): string | undefined {
  const ms = parseDateTime(text, { order });
  return ms === undefined ? undefined : new Date(ms).toISOString().slice(0, 10);
}
