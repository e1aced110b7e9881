/**
 * The COGS journal of a settlement: one balanced journal per local month (the sales posting's month
 * split: the month of each unit's line, undated lines in the settlement's end month), each month
 * complete in itself, so no carried-forward line is needed. Per product type and marketplace: units
 * sold debit the COGS expense and credit the Inventory asset; restocked refunds reverse that.
 * Amounts are rounded to the currency's minor unit per line, the same amount on both sides.
 */
import { roundToMinor } from '../money/money';
import type { AccountingSystem, LedgerAccount } from '../mapping/model';
import { documentDate, DOCUMENT_NUMBER_MAX } from '../posting/document-naming';
import { monthLabel } from '../posting/local-calendar';
import { assertBalanced } from '../posting/assert-balanced';
import type { DocumentKind, DocumentLine, PostingDocument } from '../posting/model';
import { CHANNEL_NAMES } from '../mapping/default-charts';
import { formatMoney } from '../money/money';
import type { Channel } from '../settlements/model';
import type { LockAdjustment } from './fifo-lock';
import type { CogsCell, CogsResult } from './model';

export interface CogsAccounts {
  inventory: LedgerAccount;
  cogs: LedgerAccount;
}

export interface CogsJournalContext {
  system: AccountingSystem;
  channel: Channel;
  settlementId: string;
  sourceFile: string;
  /** Local end date of the settlement ('YYYY-MM-DD'): the last part's date. */
  endDate: string;
  accounts: CogsAccounts;
  /** 'owner@vN' of the COGS settings used. */
  settingsVersion: string;
  isTrackedByMarketplace?: boolean;
  /** FIFO lock adjustments (decision 0049): each its own part, after the month parts, in this order. */
  lockAdjustments?: readonly LockAdjustment[];
}

/** A journal in every system that has one; Xero and Sage take the journal as a manual journal. */
export function cogsDocumentKind(system: AccountingSystem): DocumentKind {
  if (system === 'QBO') return 'qbo-journal-entry';
  if (system === 'NETSUITE') return 'netsuite-journal-entry';
  return 'manual-journal';
}

/** 'COGS-AMZ-123456' (part suffix '-2' when split), at most 21 characters. */
export function cogsDocumentNumber(
  channel: Channel,
  settlementId: string,
  index: number,
  count: number,
): string {
  const prefix = `COGS-${CHANNEL_NAMES[channel].short}-`;
  const suffix = count > 1 ? `-${index}` : '';
  const room = DOCUMENT_NUMBER_MAX - prefix.length - suffix.length;
  const id = settlementId.replace(/[^A-Za-z0-9-]/g, '');
  return prefix + (id.length > room ? id.slice(id.length - room) : id) + suffix;
}

export function buildCogsJournals(result: CogsResult, c: CogsJournalContext): PostingDocument[] {
  const months = [...new Set(result.cells.map((cell) => cell.month))].sort();
  const docs: PostingDocument[] = [];
  months.forEach((month, i) => {
    const lines: DocumentLine[] = [];
    for (const cell of result.cells) {
      if (cell.month !== month) continue;
      pushPair(lines, cell, 'sold', roundToMinor(cell.soldCost, result.currency), c);
      pushPair(lines, cell, 'restocked', roundToMinor(cell.restockedCost, result.currency), c);
    }
    if (lines.length === 0) return;
    const count = months.length;
    const part = { index: i + 1, count, month };
    const base = `${CHANNEL_NAMES[c.channel].name} settlement ${c.settlementId} cost of goods sold`;
    const doc: PostingDocument = {
      kind: cogsDocumentKind(c.system),
      system: c.system,
      number: cogsDocumentNumber(c.channel, c.settlementId, part.index, count),
      date: documentDate(month, i === count - 1, c.endDate),
      description: count > 1 ? `${base} (${monthLabel(month)}, part ${part.index} of ${count})` : base,
      channel: c.channel,
      settlementId: c.settlementId,
      sourceFile: c.sourceFile,
      marketplace: null,
      currency: result.currency,
      part,
      total: 0n,
      partNet: 0n,
      mappingVersion: c.settingsVersion,
      flags: [],
      lines,
    };
    assertBalanced(doc);
    docs.push(doc);
  });
  const lastMonth = months[months.length - 1] ?? '';
  for (const adjustment of c.lockAdjustments ?? []) {
    const doc = lockAdjustmentDocument(adjustment, result.currency, c, lastMonth);
    if (doc) docs.push(doc);
  }
  // Renumber when a month had nothing to post, or adjustments follow, so part numbers stay 1..n.
  return docs.map((d, i) =>
    d.part.count === docs.length && d.part.index === i + 1
      ? d
      : {
          ...d,
          part: { ...d.part, index: i + 1, count: docs.length },
          number: cogsDocumentNumber(c.channel, c.settlementId, i + 1, docs.length),
        },
  );
}

/**
 * A FIFO lock adjustment part: per posted month corrected, COGS expense against Inventory (debit
 * COGS when FIFO in purchase-date order now costs that month more than was posted, credit when less).
 * Dated like the settlement's month part of the same month.
 */
function lockAdjustmentDocument(
  adjustment: LockAdjustment,
  currency: string,
  c: CogsJournalContext,
  lastMonth: string,
): PostingDocument | null {
  const lines: DocumentLine[] = [];
  for (const correction of adjustment.corrections) {
    if (correction.amount === 0n) continue;
    const more = correction.amount > 0n;
    const amount = more ? correction.amount : -correction.amount;
    const description = `FIFO lock adjustment for ${monthLabel(correction.month)} (posted): FIFO in purchase-date order now costs it ${formatMoney({ units: amount, currency })} ${currency} ${more ? 'more' : 'less'}`;
    const sources = {
      settlementId: c.settlementId,
      selector: { month: correction.month, productType: 'FIFO lock adjustment' },
      lineCount: 0,
      rows: [],
      isComplete: false,
    };
    for (const [account, side] of [
      [c.accounts.cogs, more ? 'debit' : 'credit'],
      [c.accounts.inventory, more ? 'credit' : 'debit'],
    ] as const)
      lines.push({ role: 'transaction', account, taxRateCode: '', description, side, amount, tracking: [], sources });
  }
  if (lines.length === 0) return null;
  const months = adjustment.corrections.map((x) => monthLabel(x.month)).join(', ');
  const doc: PostingDocument = {
    kind: cogsDocumentKind(c.system),
    system: c.system,
    number: '',
    date: documentDate(adjustment.month, adjustment.month === lastMonth, c.endDate),
    description: `${CHANNEL_NAMES[c.channel].name} settlement ${c.settlementId} FIFO lock adjustment in ${monthLabel(adjustment.month)} for ${months}`,
    channel: c.channel,
    settlementId: c.settlementId,
    sourceFile: c.sourceFile,
    marketplace: null,
    currency,
    part: { index: 0, count: 0, month: adjustment.month },
    total: 0n,
    partNet: 0n,
    mappingVersion: c.settingsVersion,
    flags: [],
    lines,
  };
  assertBalanced(doc);
  return doc;
}

function pushPair(
  lines: DocumentLine[],
  cell: CogsCell,
  what: 'sold' | 'restocked',
  amount: bigint,
  c: CogsJournalContext,
): void {
  if (amount === 0n) return;
  const units = what === 'sold' ? cell.soldUnits : cell.restockedUnits;
  const where = [cell.productType, cell.marketplace].filter((s) => s !== '').join(' · ');
  const label =
    what === 'sold' ? `Cost of goods sold: ${units} unit(s)` : `Refunds restocked: ${units} unit(s)`;
  const description = where === '' ? label : `${label} · ${where}`;
  const tracking =
    c.isTrackedByMarketplace && cell.marketplace !== ''
      ? [{ name: 'Marketplace', option: cell.marketplace }]
      : [];
  const sources = {
    settlementId: c.settlementId,
    selector: {
      month: cell.month,
      productType: cell.productType,
      ...(cell.marketplace ? { marketplace: cell.marketplace } : {}),
    },
    lineCount: 0,
    rows: [],
    isComplete: false,
  };
  const expense = what === 'sold' ? 'debit' : 'credit';
  const asset = what === 'sold' ? 'credit' : 'debit';
  lines.push({
    role: 'transaction',
    account: c.accounts.cogs,
    taxRateCode: '',
    description,
    side: expense,
    amount,
    tracking,
    sources,
  });
  lines.push({
    role: 'transaction',
    account: c.accounts.inventory,
    taxRateCode: '',
    description,
    side: asset,
    amount,
    tracking,
    sources,
  });
}

/** Total cost of a result, sold less restocked, rounded per line as the journals are (units, scale 4). */
export function cogsNetTotal(result: CogsResult): bigint {
  let total = 0n;
  for (const cell of result.cells)
    total += roundToMinor(cell.soldCost, result.currency) - roundToMinor(cell.restockedCost, result.currency);
  return total;
}
