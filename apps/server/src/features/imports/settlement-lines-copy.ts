/**
 * Settlement lines as COPY text (db's copyInto), one row per line in settlement_lines' column order.
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

/** Lines numbered from `firstLineNo`; a line's source file is stored only when it is not the settlement's. */
export function settlementLinesCopyText(settlementKey: string, accountKey: string, firstLineNo: number, lines: readonly SettlementLine[], sourceFile: string): string {
  const prefix = `${copyText(settlementKey)}\t`;
  const account = copyText(accountKey);
  let text = '';
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    text +=
      `${prefix}${firstLineNo + i}\t${account}\t${l.postedAt === null ? '\\N' : new Date(l.postedAt).toISOString()}\t${copyText(l.typeKey)}\t` +
      `${copyText(l.orderId)}\t${copyText(l.sku)}\t${copyText(l.quantity)}\t${copyText(l.marketplace)}\t${copyText(l.fulfilmentChannel)}\t` +
      `${formatUnits(l.amount)}\t${copyText(l.description ?? null)}\t${copyText(l.source.file === sourceFile ? null : l.source.file)}\t${l.source.row}\n`;
  }
  return text;
}

/** A new settlement's key (its lines are written under it before its row exists). */
export function newSettlementKey(): string {
  return `stl_${crypto.randomBytes(12).toString('base64url')}`;
}
