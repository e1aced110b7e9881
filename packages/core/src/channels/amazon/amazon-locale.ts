/**
 * How Amazon writes dates and amounts per marketplace. The parser sniffs both from each file (formats.md:
 * Amazon's own docs contradict the real files), and falls back to these conventions, keyed by the
 * settlement currency, when the values do not tell (e.g. every date's day is 12 or less). The writer
 * uses them to produce each marketplace's layout. Verified on real files: DE (dd.mm.yyyy, decimal comma),
 * IN (dd.mm.yyyy, decimal point), CA v1 (ISO 8601). The others follow each country's convention.
 */
import type { DateOrder } from '../shared/parse-date-time';

export type AmazonDateStyle = 'dmy-dot' | 'ymd-dash' | 'mdy-slash' | 'dmy-slash' | 'ymd-slash' | 'iso';

export interface AmazonLocale {
  marketplace: string;
  currency: string;
  decimalSeparator: '.' | ',';
  dateStyle: AmazonDateStyle;
}

export const AMAZON_LOCALES: Record<string, AmazonLocale> = {
  US: { marketplace: 'Amazon.com', currency: 'USD', decimalSeparator: '.', dateStyle: 'ymd-dash' },
  CA: { marketplace: 'Amazon.ca', currency: 'CAD', decimalSeparator: '.', dateStyle: 'ymd-dash' },
  MX: { marketplace: 'Amazon.com.mx', currency: 'MXN', decimalSeparator: '.', dateStyle: 'dmy-slash' },
  UK: { marketplace: 'Amazon.co.uk', currency: 'GBP', decimalSeparator: '.', dateStyle: 'dmy-dot' },
  DE: { marketplace: 'Amazon.de', currency: 'EUR', decimalSeparator: ',', dateStyle: 'dmy-dot' },
  FR: { marketplace: 'Amazon.fr', currency: 'EUR', decimalSeparator: ',', dateStyle: 'dmy-dot' },
  IT: { marketplace: 'Amazon.it', currency: 'EUR', decimalSeparator: ',', dateStyle: 'dmy-dot' },
  ES: { marketplace: 'Amazon.es', currency: 'EUR', decimalSeparator: ',', dateStyle: 'dmy-dot' },
  NL: { marketplace: 'Amazon.nl', currency: 'EUR', decimalSeparator: ',', dateStyle: 'dmy-dot' },
  SE: { marketplace: 'Amazon.se', currency: 'SEK', decimalSeparator: ',', dateStyle: 'ymd-dash' },
  PL: { marketplace: 'Amazon.pl', currency: 'PLN', decimalSeparator: ',', dateStyle: 'dmy-dot' },
  JP: { marketplace: 'Amazon.co.jp', currency: 'JPY', decimalSeparator: '.', dateStyle: 'ymd-slash' },
  IN: { marketplace: 'Amazon.in', currency: 'INR', decimalSeparator: '.', dateStyle: 'dmy-dot' },
  AU: { marketplace: 'Amazon.com.au', currency: 'AUD', decimalSeparator: '.', dateStyle: 'dmy-slash' },
  AE: { marketplace: 'Amazon.ae', currency: 'AED', decimalSeparator: '.', dateStyle: 'dmy-slash' },
};

const COMMA_CURRENCIES = new Set(['EUR', 'SEK', 'PLN', 'TRY', 'BRL', 'DKK', 'NOK', 'CZK']);
const MONTH_FIRST_CURRENCIES = new Set(['USD', 'CAD', 'PHP']);

/** Decimal separator to assume for a currency when no amount in the file tells. */
export function fallbackDecimalSeparator(currency: string): '.' | ',' {
  return COMMA_CURRENCIES.has(currency) ? ',' : '.';
}

/** Order of nn/nn/yyyy dates to assume for a currency when no date in the file tells. */
export function fallbackDateOrder(currency: string): DateOrder {
  return MONTH_FIRST_CURRENCIES.has(currency) ? 'mdy' : 'dmy';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats epoch ms the way a marketplace does: date only, or date-time with ' UTC'. */
export function formatAmazonDate(epochMs: number, style: AmazonDateStyle, withTime: boolean): string {
  const d = new Date(epochMs);
  const [y, m, day] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  if (style === 'iso') return withTime ? `${y}-${m}-${day}T${time}+00:00` : `${y}-${m}-${day}`;
  const date =
    style === 'dmy-dot' ? `${day}.${m}.${y}`
    : style === 'ymd-dash' ? `${y}-${m}-${day}`
    : style === 'mdy-slash' ? `${m}/${day}/${y}`
    : style === 'dmy-slash' ? `${day}/${m}/${y}`
    : `${y}/${m}/${day}`;
  return withTime ? `${date} ${time} UTC` : date;
}
