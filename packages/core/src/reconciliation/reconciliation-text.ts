/** Dates and amounts as the reasons of a reconciliation print them ('1,234.56 USD', '2026-01-05'). */
import { formatMoney } from '../money/money';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD'. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** An amount with its currency's minor digits and thousands separators; no currency when unknown. */
export function amountText(units: bigint, currency: string | null): string {
  const plain = formatMoney({ units, currency: currency ?? 'USD' });
  const [whole = '', fraction] = plain.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}${currency ? ` ${currency}` : ''}`;
}

/** '0.01 more' / '0.01 less' / 'the same amount' for a difference in units. */
export function differenceText(units: bigint, currency: string | null): string {
  if (units === 0n) return 'the same amount';
  return `${amountText(units < 0n ? -units : units, null === currency ? null : currency).replace(/ [A-Z]{3}$/, '')} ${units > 0n ? 'more' : 'less'}`;
}
