/**
 * Whether a fetched open settlement is the one already stored, line for line. Each scheduled fetch
 * reads a channel's open settlement again (Amazon's open financial event group, the month's deferred
 * transactions), and storeSettlements completes the stored one with it every time; the fetch counts
 * it as stored only when it is new or its lines or total changed. Lines are compared as a multiset
 * (the API does not promise an order), on what they post: time, type, order, SKU, quantity,
 * marketplace, fulfilment channel, amount and description (not where they were read from).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { duplicateKey, type Settlement, type SettlementLine } from '@ledgerport/core/settlements';
import { loadSettlement } from '../stored-settlements/load-settlement';

/** What a line posts, as one comparable text (its source, where it was read from, left out). */
const lineText = (l: SettlementLine) =>
  JSON.stringify([l.postedAt, l.typeKey, l.orderId, l.sku, l.quantity, l.marketplace, l.fulfilmentChannel, formatUnits(l.amount), l.description ?? null]);

export async function isOpenSettlementUnchanged(trx: Kysely<Database>, accountKey: string, settlement: Settlement): Promise<boolean> {
  if (settlement.status !== 'open') return false;
  const row = await trx
    .selectFrom('settlements')
    .selectAll()
    .where('account_key', '=', accountKey)
    .where('duplicate_key', '=', duplicateKey(settlement))
    .where('duplicate_of', 'is', null)
    .executeTakeFirst();
  if (!row || row.status !== 'open' || row.line_count !== settlement.lines.length || (row.total === null ? null : decimalToUnits(row.total)) !== settlement.total) return false;
  const before = (await loadSettlement(trx, row)).lines.map(lineText).sort();
  const after = settlement.lines.map(lineText).sort();
  return before.length === after.length && before.every((text, i) => text === after[i]);
}
