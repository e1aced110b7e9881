/**
 * Currency and date display of spec section 9: '--' when a value is missing, USD when the currency
 * is unknown, dates 'MMM dd yyyy' by default, timestamps 'yyyy-MM-dd HH:mm:ss' in a time zone
 * (UTC by default). Amounts are decimal strings turned into exact units: never a float.
 */
import { formatUnits, getMinorDigits, isKnownCurrency, parseDecimalUnits, roundToMinor } from '../money';

export const MISSING_VALUE = '--';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_DATE_FORMAT = 'MMM dd yyyy';
export const TIMESTAMP_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const DEFAULT_TIME_ZONE = 'UTC';

export function resolveCurrency(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return isKnownCurrency(c) ? c : DEFAULT_CURRENCY;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The currency's symbol as English speakers write it ('$', '€', 'CA$'), from the platform's data. */
function currencySymbol(code: string): string {
  const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency');
  return part?.value ?? code;
}

/**
 * '$1,234.50', '-€12.30', '¥1,200'; '--' when the amount is missing or not a number. Rounded to the
 * currency's minor unit (two decimals for USD and most currencies).
 */
export function formatCurrency(amount: string | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || amount.trim() === '') return MISSING_VALUE;
  const units = parseDecimalUnits(amount.trim(), '.');
  if (units === undefined) return MISSING_VALUE;
  const code = resolveCurrency(currency);
  const text = formatUnits(roundToMinor(units, code), getMinorDigits(code));
  const negative = text.startsWith('-');
  const [whole = '0', frac] = (negative ? text.slice(1) : text).split('.');
  const body = frac === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${frac}`;
  return `${negative ? '-' : ''}${currencySymbol(code)}${body}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface DateParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Calendar parts of a date-only text ('2026-11-22') as written, or of an instant in a zone. */
function partsOf(value: string, timeZone: string): DateParts | undefined {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return { year: Number(y), month: Number(m), day: Number(d), hour: 0, minute: 0, second: 0 };
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(fmt.formatToParts(ms).find((p) => p.type === type)?.value ?? '0');
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats with the tokens yyyy, MMM, MM, dd, HH, mm, ss; '--' when the value is missing or invalid. */
export function formatDateValue(value: string | null | undefined, pattern: string = DEFAULT_DATE_FORMAT, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (!value) return MISSING_VALUE;
  let p: DateParts | undefined;
  try {
    p = partsOf(value.trim(), timeZone);
  } catch {
    return MISSING_VALUE; // unknown time zone
  }
  if (!p) return MISSING_VALUE;
  const parts = p;
  return pattern.replace(/yyyy|MMM|MM|dd|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(parts.year, 4);
      case 'MMM':
        return MONTHS[parts.month - 1] ?? '';
      case 'MM':
        return pad(parts.month);
      case 'dd':
        return pad(parts.day);
      case 'HH':
        return pad(parts.hour);
      case 'mm':
        return pad(parts.minute);
      default:
        return pad(parts.second);
    }
  });
}

export function formatTimestamp(value: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatDateValue(value, TIMESTAMP_FORMAT, timeZone);
}

/** Footer: '© 2014–{current year} Ledgerport', with an optional version label. */
export function buildFooterText(currentYear: number, version?: string): string {
  return `© 2014–${currentYear} Ledgerport${version ? ` · v${version}` : ''}`;
}

/** A count with its noun in the right number: "1 type", "3 types", "0 journals" (plural defaults to singular + s). */
export function countOf(count: number, singular: string, plural: string = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
