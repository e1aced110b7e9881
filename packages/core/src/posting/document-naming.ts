/**
 * How documents and lines are named, numbered, dated and typed per accounting system.
 */
import { CHANNEL_NAMES } from '../mapping/default-charts';
import type { AccountingSystem, TypeDescriber } from '../mapping/model';
import type { Channel } from '../settlements/model';
import { lastDayOfMonth, monthLabel } from './local-calendar';
import type { DocumentKind, GroupSelector } from './model';

/** QBO's DocNumber limit, the tightest of the targets. */
export const DOCUMENT_NUMBER_MAX = 21;

/**
 * What each system wants (accounting.md §7.2): Xero a sales invoice, or a bill when the total is
 * negative (Xero has no negative invoices); Sage likewise sales / purchase invoice; QBO and
 * NetSuite a journal entry; MANUAL a journal in the built-in ledger.
 */
export function documentKind(system: AccountingSystem, total: bigint): DocumentKind {
  switch (system) {
    case 'XERO':
      return total < 0n ? 'xero-bill' : 'xero-invoice';
    case 'SAGE':
      return total < 0n ? 'sage-purchase-invoice' : 'sage-sales-invoice';
    case 'QBO':
      return 'qbo-journal-entry';
    case 'NETSUITE':
      return 'netsuite-journal-entry';
    case 'MANUAL':
      return 'manual-journal';
  }
}

/** 'AMZ-7293436482' or 'AMZ-7293436482-2' for a part; a long id keeps its rightmost (most specific) digits. */
export function documentNumber(channel: Channel, settlementId: string, partIndex: number, partCount: number): string {
  const prefix = `${CHANNEL_NAMES[channel].short}-`;
  const suffix = partCount > 1 ? `-${partIndex}` : '';
  const room = DOCUMENT_NUMBER_MAX - prefix.length - suffix.length;
  const id = settlementId.replace(/[^A-Za-z0-9-]/g, '');
  return prefix + (id.length > room ? id.slice(id.length - room) : id) + suffix;
}

export function documentDescription(channel: Channel, settlementId: string, part: { index: number; count: number; month: string }): string {
  const base = `${CHANNEL_NAMES[channel].name} settlement ${settlementId}`;
  return part.count > 1 ? `${base} (${monthLabel(part.month)}, part ${part.index} of ${part.count})` : base;
}

/**
 * Each part is dated in its month: earlier parts on the month's last day, the last part on the
 * settlement's end date (or its month's last day if the end date falls after it).
 */
export function documentDate(month: string, isLast: boolean, endDate: string): string {
  if (isLast && endDate.startsWith(month)) return endDate;
  if (isLast && endDate < month) return `${month}-01`;
  return lastDayOfMonth(month);
}

/** 'Order ItemPrice Principal': the catalogue's label of a type key when it has one, else its parts. */
export function typeLabel(typeKey: string, channel: Channel, describe: TypeDescriber | undefined): string {
  return describe?.(channel, typeKey)?.label ?? typeKey.split('|').filter(Boolean).join(' ');
}

/** 'Order ItemPrice Principal · SKU ABC-1 · DE' for a group's selector; `label` is the type's label when the caller has it already. */
export function describeGroup(s: GroupSelector, channel: Channel, describe: TypeDescriber | undefined, label?: string): string {
  // Joined, not added up: one flat string instead of a rope of pieces (fifty thousand descriptions
  // when grouping by SKU, each read character by character by the writers).
  const parts = [label ?? typeLabel(s.typeKey ?? '', channel, describe)];
  if (s.sku !== undefined) parts.push(' · SKU ', s.sku);
  if (s.productType) parts.push(' · ', s.productType);
  if (s.fulfilment) parts.push(' · ', s.fulfilment);
  if (s.country) parts.push(' · ', s.country);
  if (s.marketplace) parts.push(' · ', s.marketplace);
  return parts.length === 1 ? parts[0]! : parts.join('');
}

/** The describer asked once per channel and type key: SKU grouping describes the same types fifty thousand times. */
export function cachedDescriber(describe: TypeDescriber | undefined): TypeDescriber | undefined {
  if (!describe) return undefined;
  const byChannel = new Map<Channel, Map<string, ReturnType<TypeDescriber>>>();
  return (channel, key) => {
    let cache = byChannel.get(channel);
    if (cache === undefined) byChannel.set(channel, (cache = new Map<string, ReturnType<TypeDescriber>>()));
    if (cache.has(key)) return cache.get(key);
    const info = describe(channel, key);
    cache.set(key, info);
    return info;
  };
}
