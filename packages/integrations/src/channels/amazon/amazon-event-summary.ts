/**
 * One financial event group's events by event list (shipments, refunds, service fees, adjustments…),
 * for the support backend: how many events each list holds and what they add up to, summed exactly
 * from the same V2 rows an open settlement is read from (amazon-event-rows.ts), so the total of a list
 * is what Ledgerport would book for it. A list Ledgerport does not itemize has no total (its events
 * arrive with the settlement report); a list whose events carry more than one currency has none either.
 */
import { formatUnits, parseDecimalUnits, sumUnits } from '@ledgerport/core/money';
import { eventsToV2Rows, type FinancialEvents } from './amazon-event-rows';

export interface EventListSummary {
  /** The Finances API's list name, e.g. ShipmentEventList. */
  list: string;
  /** 'Shipment', 'Service Fee', 'FBA Liquidation'… */
  label: string;
  count: number;
  /** The one currency the list's amounts are in (null when none or several). */
  currency: string | null;
  /** Exact decimal text (scale 4); null when the list is not itemized or mixes currencies. */
  total: string | null;
  isItemized: boolean;
  /** The events as received (amounts as exact decimal text). */
  events: unknown[];
}

const labelOf = (list: string) =>
  list
    .replace(/EventList$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');

function currenciesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) currenciesIn(v, into);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'CurrencyCode' || key === 'currencyCode') && typeof v === 'string') into.add(v);
      else currenciesIn(v, into);
    }
  return into;
}

export function summarizeEventLists(pages: FinancialEvents[]): EventListSummary[] {
  const byList = new Map<string, unknown[]>();
  for (const page of pages)
    for (const [list, value] of Object.entries(page)) {
      if (!Array.isArray(value) || value.length === 0) continue;
      byList.set(list, [...(byList.get(list) ?? []), ...(value as unknown[])]);
    }
  return [...byList].map(([list, events]) => {
    const { rows, unread } = eventsToV2Rows('', [{ [list]: events }]);
    const currencies = currenciesIn(events, new Set());
    const isItemized = unread.length === 0;
    const units = rows.map((r) => {
      const amount = parseDecimalUnits(r.amount ?? '');
      if (amount === undefined) throw new Error(`Amazon sent the amount '${r.amount ?? ''}' in ${list}, which is not a number.`);
      return amount;
    });
    const currency = currencies.size === 1 ? [...currencies][0]! : null;
    return { list, label: labelOf(list), count: events.length, currency, total: isItemized && currency !== null ? formatUnits(sumUnits(units)) : null, isItemized, events };
  });
}
