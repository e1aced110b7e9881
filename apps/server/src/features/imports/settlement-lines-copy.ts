/**
 * Settlement lines as COPY text (db's copyInto), one row per line in settlement_lines' column order,
 * and the settlement_refs rows of their order ids and SKUs.
 * Made where the lines are read (the parse worker thread, or storeSettlements for an API's
 * settlements), so the event loop that serves requests only hands the text on.
 */
import crypto from 'node:crypto';
import { copyText } from '@ledgerport/db';
import { formatUnits } from '@ledgerport/core/money';
import type { SettlementLine } from '@ledgerport/core/settlements';

export const SETTLEMENT_LINE_COLUMNS = [
  'settlement_key', 'line_no', 'account_key', 'posted_at', 'type_key', 'order_id', 'sku', 'quantity', 'marketplace',
  'fulfilment_channel', 'amount', 'description', 'source_file', 'source_row',
] as const;

/**
 * Lines numbered from `firstLineNo`, as the UTF-8 bytes of COPY text; a line's source file is stored
 * only when it is not the settlement's. Each row is written into one buffer as soon as it is made:
 * appending a million rows to a string keeps every piece alive as a rope until the end, and the
 * garbage collector then costs three times the formatting (measured: 3.8 s against 1.2 s per
 * million lines). The buffer is its own ArrayBuffer, so a worker can transfer it without a copy.
 */
export function settlementLinesCopyBytes(settlementKey: string, accountKey: string, firstLineNo: number, lines: readonly SettlementLine[], sourceFile: string): Uint8Array {
  const prefix = `${copyText(settlementKey)}\t`;
  const account = copyText(accountKey);
  let buffer = Buffer.allocUnsafeSlow(Math.max(1024, lines.length * 192));
  let used = 0;
  // Lines of one order share a posting time: its text is made once.
  let lastPostedAt: number | null = null;
  let postedAtText = '\\N';
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.postedAt !== lastPostedAt) {
      lastPostedAt = l.postedAt;
      postedAtText = l.postedAt === null ? '\\N' : new Date(l.postedAt).toISOString();
    }
    const row =
      `${prefix}${firstLineNo + i}\t${account}\t${postedAtText}\t${copyText(l.typeKey)}\t` +
      `${copyText(l.orderId)}\t${copyText(l.sku)}\t${copyText(l.quantity)}\t${copyText(l.marketplace)}\t${copyText(l.fulfilmentChannel)}\t` +
      `${formatUnits(l.amount)}\t${copyText(l.description ?? null)}\t${copyText(l.source.file === sourceFile ? null : l.source.file)}\t${l.source.row}\n`;
    // A UTF-8 character takes at most three bytes per UTF-16 code unit.
    if (used + row.length * 3 > buffer.length) {
      const larger = Buffer.allocUnsafeSlow(Math.max(buffer.length * 2, used + row.length * 3));
      buffer.copy(larger, 0, 0, used);
      buffer = larger;
    }
    used += buffer.write(row, used);
  }
  return buffer.subarray(0, used);
}

export const SETTLEMENT_REF_COLUMNS = ['account_key', 'kind', 'value', 'settlement_key'] as const;

/**
 * The order ids and SKUs of a settlement not yet written, as they are read (see settlement_refs,
 * migration 0012): each batch of lines gives the COPY rows of the values first seen in it.
 */
export class SettlementRefsCollector {
  private readonly orders = new Set<string>();
  private readonly skus = new Set<string>();
  private newOrders: string[] = [];
  private newSkus: string[] = [];

  add(line: Pick<SettlementLine, 'orderId' | 'sku'>): void {
    if (line.orderId !== null && !this.orders.has(line.orderId)) {
      // A copy of its own: a parser's value may be a slice of the chunk it was read from, and the set
      // would keep every chunk of the file alive.
      const value = ownString(line.orderId);
      this.orders.add(value);
      this.newOrders.push(value);
    }
    if (line.sku !== null && !this.skus.has(line.sku)) {
      const value = ownString(line.sku);
      this.skus.add(value);
      this.newSkus.push(value);
    }
  }

  /** COPY rows of the values seen since the last call (empty when none), in a buffer of their own (transferable). */
  takeCopyBytes(settlementKey: string, accountKey: string): Uint8Array {
    const tail = `\t${copyText(settlementKey)}\n`;
    const account = `${copyText(accountKey)}\t`;
    let text = '';
    for (const v of this.newOrders) text += `${account}order\t${copyText(v)}${tail}`;
    for (const v of this.newSkus) text += `${account}sku\t${copyText(v)}${tail}`;
    this.newOrders = [];
    this.newSkus = [];
    return ENCODER.encode(text);
  }
}

const ENCODER = new TextEncoder();
const ownString = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

/** A new settlement's key (its lines are written under it before its row exists). */
export function newSettlementKey(): string {
  return `stl_${crypto.randomBytes(12).toString('base64url')}`;
}
