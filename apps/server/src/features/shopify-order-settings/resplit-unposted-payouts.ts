/**
 * When B2B invoices are turned on (or which orders are B2B changes), the account's Shopify payouts
 * not yet posted are split again from their stored lines, so a B2B order already stored in a payout
 * becomes its own settlement too; posted payouts are never touched (posted means immutable). Runs in
 * the caller's transaction through storeSettlements (replace), which keeps the payout's key.
 * Payouts of more than RESPLIT_LINES_MAX lines are left (a payout that large is not B2B business):
 * they split when they are next stored.
 */
import type { Kysely } from 'kysely';
import { DEFERRED_REVENUE_FORMAT, SINGLE_ORDER_FORMAT } from '@ledgerport/core/order-modes';
import type { Database } from '@ledgerport/db';
import { storeSettlements } from '../imports/store-settlements';
import { loadSettlement } from '../stored-settlements/load-settlement';

export const RESPLIT_LINES_MAX = 20_000;

/** Returns how many payouts were split again. */
export async function resplitUnpostedPayouts(trx: Kysely<Database>, accountKey: string, at: Date): Promise<number> {
  const rows = await trx
    .selectFrom('settlements')
    .selectAll()
    .where('account_key', '=', accountKey)
    .where('sales_source', '=', 'SHOPIFY')
    .where('format', 'not in', [SINGLE_ORDER_FORMAT, DEFERRED_REVENUE_FORMAT])
    .where('posting_status', '=', 'NOT_POSTED')
    .where('send_state', '=', 'IDLE')
    .where('duplicate_of', 'is', null)
    .where('line_count', '<=', RESPLIT_LINES_MAX)
    .where((eb) => eb.exists(eb.selectFrom('settlement_refs as r').select('r.settlement_key').whereRef('r.settlement_key', '=', 'settlements.settlement_key').where('r.kind', '=', 'order')))
    .execute();
  let count = 0;
  for (const row of rows) {
    const settlement = await loadSettlement(trx, row);
    const outcome = await storeSettlements(trx, accountKey, { settlements: [settlement], problems: [] }, { kind: row.source_kind === 'api' ? 'api' : 'file', reportId: row.report_id, isReplace: true, loadReadable: true, at });
    if (outcome.settlements.length > 1) count++;
  }
  return count;
}
