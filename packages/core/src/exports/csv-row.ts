/**
 * RFC 4180 CSV: a field is quoted when it holds a comma, a double quote, CR or LF (or leading /
 * trailing blanks, which spreadsheet imports would trim); quotes inside are doubled. Rows end CRLF.
 *
 * Every CSV (and the tab-separated IIF) we write is opened in spreadsheets, where a cell starting
 * with = + - @ (or tab / CR, which some strip before looking) runs as a formula: a SKU, description
 * or account name from a channel could then call out (=HYPERLINK, DDE). So text starting with one
 * of those gets a leading apostrophe (OWASP's rule), which spreadsheets show as plain text. Numbers
 * (amounts, counts) are written through csvNumber and never changed: -12.50 stays a number.
 */

/** A number cell: a decimal string written as it is. */
export interface CsvNumber {
  readonly csvNumber: string;
}

export type CsvCell = string | CsvNumber;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** Marks a decimal string (such as an amount from formatUnits) as a number cell. */
export function csvNumber(text: string): CsvNumber {
  if (!DECIMAL.test(text)) throw new Error(`"${text}" is not a decimal number; write it as a text cell.`);
  return { csvNumber: text };
}

/** A text value as a spreadsheet must see it: with a leading apostrophe when it would start a formula. */
export function escapeFormulaText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell's value, escaped when it is text, unchanged when it is a number. */
export function csvCellText(cell: CsvCell): string {
  return typeof cell === 'string' ? escapeFormulaText(cell) : cell.csvNumber;
}

export function csvField(cell: CsvCell): string {
  const value = csvCellText(cell);
  if (/[",\r\n]/.test(value) || value !== value.trim()) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

export function csvRow(fields: readonly CsvCell[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
