/**
 * Allocation-free reading of one unquoted delimited line, for parsers in raw-line mode (RowReader's
 * onLine): find where each field starts with indexOf, compare and parse fields in place, and slice a
 * string only for values that are kept. On a 1M-line report this is the difference between splitting
 * ~24 million strings and slicing a handful per line.
 */

/**
 * Finds the fields of `text.slice(start, end)` cut at `delimiter`: field i is
 * `text.slice(starts[i], starts[i + 1] - 1)`, so starts[count] is set to end + 1. Scans at most
 * `starts.length - 1` fields and returns their count, or `starts.length` when the line has more
 * fields than that (the caller sized `starts` for the fields it expects).
 */
export function scanFields(text: string, start: number, end: number, delimiter: string, starts: Int32Array): number {
  const max = starts.length - 1;
  const delimiterCode = delimiter.charCodeAt(0);
  let count = 0;
  let pos = start;
  for (;;) {
    if (count === max) return max + 1;
    starts[count++] = pos;
    // Reports have many empty columns: look at one character before paying for an indexOf call.
    if (pos < end && text.charCodeAt(pos) === delimiterCode) {
      pos++;
      continue;
    }
    const next = text.indexOf(delimiter, pos);
    if (next === -1 || next >= end) break;
    pos = next + 1;
  }
  starts[count] = end + 1;
  return count;
}

/** True when `text.slice(start, end)` equals `value`, without slicing. */
export function rangeEquals(text: string, start: number, end: number, value: string): boolean {
  if (end - start !== value.length) return false;
  // A loop, not startsWith: V8 does not inline startsWith, and its call costs more than comparing
  // the few characters of a report field (measured: the hot spot of the Amazon parser).
  for (let i = 0; i < value.length; i++) if (text.charCodeAt(start + i) !== value.charCodeAt(i)) return false;
  return true;
}

/**
 * Remembers the last value sliced from a column: consecutive rows often repeat it (the rows of one
 * order share order id, SKU, marketplace and posted date), and then no new string is made.
 */
export class LastSlice {
  private value = '';
  private readonly memo = new FieldMemo();

  get(text: string, start: number, end: number): string {
    if (!this.memo.matches(text, start, end)) {
      this.value = text.slice(start, end);
      this.memo.remember(text, start, end);
    }
    return this.value;
  }
}

/** Whole numbers this fast path reads: below 10^11, so whole * 10^4 + fraction stays an exact double. */
const MAX_WHOLE_DIGITS = 11;

/**
 * Units (scale 4, as parseDecimalUnits) of a plain amount `-?d+(<sep>d{1,4})?` in
 * `text.slice(start, end)`, read in place; undefined for anything else (blanks, grouping, symbols,
 * more digits), which the caller then hands to parseDecimalUnits, so both always agree.
 */
export function parsePlainDecimalUnits(text: string, start: number, end: number, decimalSeparator: '.' | ','): bigint | undefined {
  const separator = decimalSeparator === '.' ? 46 : 44;
  let i = start;
  const isNegative = i < end && text.charCodeAt(i) === 45;
  if (isNegative) i++;
  const wholeStart = i;
  let whole = 0;
  let c = 0;
  while (i < end && (c = text.charCodeAt(i)) >= 48 && c <= 57) {
    whole = whole * 10 + (c - 48);
    i++;
  }
  const wholeDigits = i - wholeStart;
  if (wholeDigits === 0 || wholeDigits > MAX_WHOLE_DIGITS) return undefined;
  let fraction = 0;
  if (i < end) {
    if (c !== separator) return undefined;
    i++;
    const fractionStart = i;
    while (i < end && (c = text.charCodeAt(i)) >= 48 && c <= 57) {
      fraction = fraction * 10 + (c - 48);
      i++;
    }
    const digits = i - fractionStart;
    if (i < end || digits === 0 || digits > 4) return undefined;
    for (let k = digits; k < 4; k++) fraction *= 10;
  }
  const units = whole * 10_000 + fraction;
  return BigInt(isNegative ? -units : units);
}

/**
 * A whole number of 1 to 9 digits (no sign, no blanks) in `text.slice(start, end)`, read in place;
 * undefined for anything else (the caller's own, stricter or more lenient, parser then decides).
 */
export function parsePlainCount(text: string, start: number, end: number): number | undefined {
  const length = end - start;
  if (length === 0 || length > 9) return undefined;
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
    n = n * 10 + (c - 48);
  }
  return n;
}

/**
 * A remembered field value kept as character codes, for comparing a range of the line with it on
 * every row: reading a typed array is cheaper than reading a second string, and the codes do not
 * keep the report's text chunk alive.
 */
export class FieldMemo {
  private codes = new Uint16Array(32);
  private length = -1;

  /** True when `text.slice(start, end)` is the remembered value (never before remember()). */
  matches(text: string, start: number, end: number): boolean {
    const length = end - start;
    if (length !== this.length) return false;
    const codes = this.codes;
    for (let i = 0; i < length; i++) if (text.charCodeAt(start + i) !== codes[i]) return false;
    return true;
  }

  remember(text: string, start: number, end: number): void {
    const length = end - start;
    if (length > this.codes.length) this.codes = new Uint16Array(length * 2);
    for (let i = 0; i < length; i++) this.codes[i] = text.charCodeAt(start + i);
    this.length = length;
  }

  forget(): void {
    this.length = -1;
  }
}
