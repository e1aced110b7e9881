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
  let count = 0;
  let pos = start;
  for (;;) {
    if (count === max) return max + 1;
    starts[count++] = pos;
    const next = text.indexOf(delimiter, pos);
    if (next === -1 || next >= end) break;
    pos = next + 1;
  }
  starts[count] = end + 1;
  return count;
}

/** True when `text.slice(start, end)` equals `value`, without slicing. */
export function rangeEquals(text: string, start: number, end: number, value: string): boolean {
  return end - start === value.length && text.startsWith(value, start);
}

/**
 * Remembers the last value sliced from a column: consecutive rows often repeat it (the rows of one
 * order share order id, SKU, marketplace and posted date), and then no new string is made.
 */
export class LastSlice {
  private value = '';

  get(text: string, start: number, end: number): string {
    if (!rangeEquals(text, start, end, this.value)) this.value = text.slice(start, end);
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
