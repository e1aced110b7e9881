/**
 * Exact money. An amount is a bigint count of ten-thousandths ("units", scale 4) of its currency.
 * Four places hold every marketplace amount and unit costs with fractional cents; rounding to the
 * currency's minor unit happens only in `roundToMinor`, and callers book any difference visibly.
 * Never convert to `number`: there is deliberately no helper that does.
 */
import { getMinorDigits } from './currencies';

/** Units per whole currency unit: amounts are stored at this scale. */
export const SCALE_DIGITS = 4;
export const UNITS_PER_WHOLE = 10_000n;

export interface Money {
  /** Ten-thousandths of the currency, signed. */
  readonly units: bigint;
  /** ISO 4217 code, upper case. */
  readonly currency: string;
}

export function money(units: bigint, currency: string): Money {
  return { units, currency };
}

export interface DecimalFormat {
  /** '.' or ','. */
  decimalSeparator: '.' | ',';
}

const ZERO = 48;
const NINE = 57;

/**
 * Parses a decimal text into units (scale 4). Accepts an optional sign (leading '-' or '+', a trailing
 * '-', or parentheses), surrounding blanks, currency symbols and letters around the number, and
 * thousands separators (the separator that is not the decimal one, or spaces / apostrophes).
 * Returns undefined when the text is not a number or has more than 4 decimals that are not zero.
 * Hot path of every parser: a hand-written scan, no regular expression, no allocation beyond the result.
 */
export function parseDecimalUnits(text: string, decimalSeparator: '.' | ',' = '.'): bigint | undefined {
  const groupSeparator = decimalSeparator === '.' ? 44 /* , */ : 46; /* . */
  const decimalCode = decimalSeparator === '.' ? 46 : 44;
  let negative = false;
  let seenDigit = false;
  let seenDecimal = false;
  let decimals = 0;
  let whole = 0; // accumulate in a number while safe, then switch to bigint
  let big: bigint | undefined;
  let frac = 0;
  let extraNonZero = false;
  let ended = false; // digits finished (trailing symbols only from here)
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      if (ended) return undefined;
      seenDigit = true;
      const d = c - ZERO;
      if (seenDecimal) {
        if (decimals < SCALE_DIGITS) {
          frac = frac * 10 + d;
          decimals++;
        } else if (d !== 0) extraNonZero = true;
      } else if (big !== undefined) {
        big = big * 10n + BigInt(d);
      } else {
        whole = whole * 10 + d;
        if (whole > 9e14) {
          big = BigInt(whole);
        }
      }
      continue;
    }
    if (c === decimalCode) {
      if (seenDecimal || ended) return undefined;
      seenDecimal = true;
      continue;
    }
    if (c === groupSeparator || c === 39 /* ' */ || c === 0xa0 || c === 0x202f) {
      if (!seenDigit || seenDecimal) return undefined;
      continue;
    }
    if (c === 45 /* - */ || c === 0x2212 /* minus sign */) {
      if (negative) return undefined;
      negative = true;
      if (seenDigit) ended = true;
      continue;
    }
    if (c === 43 /* + */) {
      if (seenDigit) return undefined;
      continue;
    }
    if (c === 40 /* ( */) {
      if (seenDigit || open) return undefined;
      open = true;
      negative = true;
      continue;
    }
    if (c === 41 /* ) */) {
      if (!open) return undefined;
      open = false;
      ended = true;
      continue;
    }
    if (c === 32 || c === 9) {
      if (seenDigit) ended = true;
      continue;
    }
    // Currency symbols and codes ($, €, £, ¥, 'EUR', 'R$', 'kr') around the number.
    if (c === 36 || c === 0x20ac || c === 0xa3 || c === 0xa5 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      if (seenDigit) ended = true;
      continue;
    }
    return undefined;
  }
  if (!seenDigit || open || extraNonZero) return undefined;
  let f = frac;
  for (let k = decimals; k < SCALE_DIGITS; k++) f *= 10;
  const units = (big ?? BigInt(whole)) * UNITS_PER_WHOLE + BigInt(f);
  return negative ? -units : units;
}

/** Like parseDecimalUnits but throws; for trusted text (database values, our own JSON). */
export function decimalToUnits(text: string): bigint {
  const u = parseDecimalUnits(text, '.');
  if (u === undefined) throw new Error(`not a decimal amount: ${JSON.stringify(text)}`);
  return u;
}

/**
 * Formats units as a decimal string with '.' and exactly `digits` decimals when that is exact, more
 * (up to 4) when the amount has finer precision: a formatted amount never loses value.
 */
export function formatUnits(units: bigint, digits: number = SCALE_DIGITS): string {
  const negative = units < 0n;
  // One decimal text of the whole amount, cut at the scale (no bigint division: exports format every line).
  const text = (negative ? -units : units).toString().padStart(SCALE_DIGITS + 1, '0');
  const point = text.length - SCALE_DIGITS;
  const keep = Math.max(0, Math.min(digits, SCALE_DIGITS));
  let end = text.length;
  while (end > point + keep && text.charCodeAt(end - 1) === ZERO) end--;
  const body = end > point ? `${text.slice(0, point)}.${text.slice(point, end)}` : text.slice(0, point);
  return negative ? `-${body}` : body;
}

/** Formats an amount with its currency's minor-unit digits ("-321.69", "1200" for JPY). */
export function formatMoney(m: Money): string {
  return formatUnits(m.units, getMinorDigits(m.currency));
}

/** Units per minor unit by minor digits (0..4), made once: posting by SKU rounds fifty thousand lines. */
const MINOR_UNIT_SIZES: readonly bigint[] = Array.from({ length: SCALE_DIGITS + 1 }, (_, digits) => 10n ** BigInt(SCALE_DIGITS - digits));

/** The size of one minor unit of the currency, in units (USD: 100, JPY: 10000, KWD: 10). */
export function minorUnitSize(currency: string): bigint {
  const digits = getMinorDigits(currency);
  return MINOR_UNIT_SIZES[digits] ?? 10n ** BigInt(SCALE_DIGITS - digits);
}

/**
 * Rounds to the currency's minor unit, half away from zero (commercial rounding, what the channels'
 * own statements and the accounting systems do). The only rounding function in the code base.
 */
export function roundToMinor(units: bigint, currency: string): bigint {
  const step = minorUnitSize(currency);
  // Most amounts are whole minor units already: one remainder instead of the five steps below.
  if (step === 1n || units % step === 0n) return units;
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const rem = abs % step;
  let rounded = abs - rem;
  if (rem * 2n >= step) rounded += step;
  return negative ? -rounded : rounded;
}

/**
 * The exact ratio numerator / denominator (in units) rounded to the currency's minor unit by the same
 * rule as roundToMinor (half away from zero), without first truncating to units: the built-in
 * ledger's tax on a tax-inclusive amount (gross × rate / (100 + rate)) is such a ratio.
 */
export function roundRatioToMinor(numerator: bigint, denominator: bigint, currency: string): bigint {
  if (denominator <= 0n) throw new Error('roundRatioToMinor needs a positive denominator');
  const step = minorUnitSize(currency);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const whole = denominator * step;
  let steps = abs / whole;
  if ((abs % whole) * 2n >= whole) steps += 1n;
  const rounded = steps * step;
  return negative ? -rounded : rounded;
}

export function isMinorExact(units: bigint, currency: string): boolean {
  return units % minorUnitSize(currency) === 0n;
}

/**
 * Splits `units` into parts proportional to `weights`, each a whole number of minor units, that sum
 * exactly to `units` (largest remainder; ties go to the earlier part). `units` must be minor-exact.
 */
export function allocate(units: bigint, weights: readonly bigint[], currency: string): bigint[] {
  if (weights.length === 0) throw new Error('allocate needs at least one weight');
  const step = minorUnitSize(currency);
  if (units % step !== 0n) throw new Error('allocate needs an amount in whole minor units');
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) {
    const out = weights.map(() => 0n);
    out[0] = units;
    return out;
  }
  const steps = units / step;
  const parts = weights.map((w) => (steps * w) / total);
  let rest = steps - parts.reduce((a, b) => a + b, 0n);
  const remainders = weights
    .map((w, i) => ({ i, r: ((steps * w) % total) * (steps < 0n ? -1n : 1n) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const sign = rest < 0n ? -1n : 1n;
  for (let k = 0; rest !== 0n; k++) {
    const idx = remainders[k % remainders.length]!.i;
    parts[idx] = parts[idx]! + sign;
    rest -= sign;
  }
  return parts.map((p) => p * step);
}

export function sumUnits(values: Iterable<bigint>): bigint {
  let s = 0n;
  for (const v of values) s += v;
  return s;
}
