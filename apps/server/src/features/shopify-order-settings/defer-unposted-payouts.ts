/**
 * When Deferred Revenue is turned on, the account's closed Shopify payouts not yet posted get their
 * Deferred Revenue settlements too, oldest first, so the liability starts from what is still to post
 * (posted payouts are never revisited). A payout that already has its Deferred Revenue settlement
 * (turned off and on again) is skipped: nothing is held twice.
 */
import type { Kysely } from 'kysely';
import { DEFERRED_REVENUE_FORMAT, deferredRevenueSettlementId, SINGLE_ORDER_FORMAT } from '@ledgerport/core/order-modes';
import type { Database } from '@ledgerport/db';
import { storeSettlements } from '../imports/store-settlements';
import { loadSettlement } from '../stored-settlements/load-settlement';
import { loadOrders, moveDeferrals } from '../shopify-order-modes/apply-shopify-order-modes';
import { RESPLIT_LINES_MAX } from './resplit-unposted-payouts';

export async function deferUnpostedPayouts(trx: Kysely<Database>, accountKey: string, at: Date): Promise<number> {
  const rows = await trx
    .selectFrom('settlements')
    .selectAll()
    .where('account_key', '=', accountKey)
    .where('sales_source', '=', 'SHOPIFY')
    .where('format', 'not in', [SINGLE_ORDER_FORMAT, DEFERRED_REVENUE_FORMAT])
    .where('status', '=', 'closed')
    .where('posting_status', '=', 'NOT_POSTED')
    .where('duplicate_of', 'is', null)
    .where('line_count', '<=', RESPLIT_LINES_MAX)
    .orderBy('end_at')
    .orderBy('settlement_id')
    .execute();
  let count = 0;
  for (const row of rows) {
    const done = await trx.selectFrom('settlements').select('settlement_key').where('account_key', '=', accountKey).where('settlement_id', '=', deferredRevenueSettlementId(row.settlement_id)).where('format', '=', DEFERRED_REVENUE_FORMAT).executeTakeFirst();
    if (done) continue;
    const payout = await loadSettlement(trx, row);
    const names = [...new Set(payout.lines.map((l) => l.orderId).filter((o): o is string => o !== null))];
    const deferred = await moveDeferrals(trx, accountKey, payout, await loadOrders(trx, accountKey, names), at);
    if (!deferred) continue;
    await storeSettlements(trx, accountKey, { settlements: [deferred], problems: [] }, { kind: row.source_kind === 'api' ? 'api' : 'file', reportId: row.report_id, loadReadable: true, at });
    count++;
  }
  return count;
}
