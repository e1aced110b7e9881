/**
 * Reading the cells of one report row by column key, with the problem (file, row, header name, plain
 * sentence) recorded in the right settlement when a cell cannot be read. Shared by the grouped
 * channels so every one of them words its problems the same way.
 */
import { formatUnits, parseDecimalUnits } from '../../money/money';
import { fieldOf, type ColumnMap } from '../shared/column-map';
import { parseDateTime, type DateParseOptions } from '../shared/parse-date-time';
import type { SettlementGroup, SettlementGroups } from './settlement-groups';

/** Texts that mean "no value" in channel files: Etsy and eBay write `--`. */
const EMPTY_MARKERS = new Set(['', '--', '-', '—', '–', 'N/A', 'n/a']);

export class RowCells<K extends string> {
  /** The settlement the row belongs to, once known: problems go to it. */
  group: SettlementGroup | undefined;
  /** True once a cell of this row could not be read. */
  hasProblem = false;

  constructor(
    readonly columns: ColumnMap<K>,
    readonly fields: readonly string[],
    readonly row: number,
    readonly groups: SettlementGroups,
  ) {}

  /** The header name of a column as written in the file (for messages). */
  columnName(key: K): string {
    const index = this.columns.index[key];
    return index >= 0 ? (this.columns.names[index] ?? key) : key;
  }

  /** The trimmed text of a cell; '' when the column is absent or the row is short. */
  text(key: K): string {
    return fieldOf(this.fields, this.columns.index[key]).trim();
  }

  /** True when the cell holds nothing or a "no value" marker. */
  isEmpty(key: K): boolean {
    return EMPTY_MARKERS.has(this.text(key));
  }

  problem(key: K | null, message: string): void {
    this.hasProblem = true;
    this.groups.problem(this.row, key === null ? null : this.columnName(key), message, this.group);
  }

  /**
   * An amount in units. Empty cells give `empty` (default 0); text that is not a number records a
   * problem and gives undefined. `decimalSeparator` is the channel's; a file saved again in a
   * decimal-comma locale reads with the file's (SettlementGroups.savedDecimalSeparator).
   */
  amount(key: K, decimalSeparator: '.' | ',', empty: bigint | null = 0n): bigint | null | undefined {
    const text = this.text(key);
    if (EMPTY_MARKERS.has(text)) return empty;
    const units = parseDecimalUnits(text, this.groups.savedDecimalSeparator ?? decimalSeparator);
    if (units === undefined) {
      this.problem(key, `Row ${this.row}: '${this.columnName(key)}' holds "${text}", which is not an amount.`);
      return undefined;
    }
    return units;
  }

  /**
   * A cell's amount written with a decimal point and the decimals the cell had, for a description:
   * the same text whichever locale saved the file again (`120,00` and `120.00` both give `120.00`).
   * The cell's own text when it is not an amount; no problem is recorded (the amount itself is read
   * with amount()).
   */
  amountText(key: K, decimalSeparator: '.' | ','): string {
    const text = this.text(key);
    const separator = this.groups.savedDecimalSeparator ?? decimalSeparator;
    const units = EMPTY_MARKERS.has(text) ? undefined : parseDecimalUnits(text, separator);
    if (units === undefined) return text;
    const decimals = text.lastIndexOf(separator) === -1 ? 0 : (/^\d*/.exec(text.slice(text.lastIndexOf(separator) + 1))?.[0].length ?? 0);
    return formatUnits(units, decimals);
  }

  /** A date/time in epoch ms UTC; empty gives null; an unreadable or impossible date records a problem. */
  date(key: K, options?: DateParseOptions, required = true): number | null | undefined {
    const text = this.text(key);
    if (EMPTY_MARKERS.has(text)) {
      if (required) this.problem(key, `Row ${this.row}: '${this.columnName(key)}' is empty; a date is needed.`);
      return required ? undefined : null;
    }
    return this.dateText(key, text, options);
  }

  /** Parses a date text that was assembled from this row's cells (date + time + zone). */
  dateText(key: K, text: string, options?: DateParseOptions): number | undefined {
    const at = parseDateTime(text, options);
    if (at === undefined) this.problem(key, `Row ${this.row}: '${this.columnName(key)}' holds "${text}", which is not a valid date.`);
    return at;
  }

  /**
   * Checks the row is as long as the header. A short last row in a file that does not end with a
   * line break is a cut-off file.
   */
  checkLength(isLastRowOfUnterminatedFile: boolean): void {
    const expected = this.columns.names.length;
    if (this.fields.length >= expected) return;
    const why = isLastRowOfUnterminatedFile ? 'the file looks truncated' : 'the row is cut short or its delimiters are wrong';
    this.problem(null, `Row ${this.row} has ${this.fields.length} fields where the header has ${expected}: ${why}.`);
  }
}
