/**
 * Writes a Shopify settlement's per-order totals (settlement_order_totals, migration 0023) inside the
 * transaction that stores it: one grouped statement over that settlement's lines (sums by order and
 * type, never the lines themselves), split into the report's columns by core's sumOrderTotals.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { sumOrderTotals } from '@ledgerport/core/reports';

const BATCH = 500;

export async function writeOrderTotals(trx: Kysely<Database>, accountKey: string, settlementKey: string, currency: string): Promise<void> {
  const sums = await sql<{ order_id: string; type_key: string; amount: string; line_count: number; first_posted_at: Date | null }>`
    select order_id, type_key, sum(amount)::text as amount, count(*)::int as line_count, min(posted_at) as first_posted_at
    from settlement_lines where settlement_key = ${settlementKey} and order_id is not null group by order_id, type_key`.execute(trx);
  const orders = sumOrderTotals(
    sums.rows.map((r) => ({ orderId: r.order_id, typeKey: r.type_key, amount: parseDecimalUnits(r.amount) ?? 0n, lineCount: Number(r.line_count), firstPostedAt: r.first_posted_at === null ? null : new Date(r.first_posted_at) })),
  );
  for (let i = 0; i < orders.length; i += BATCH) {
    await trx
      .insertInto('settlement_order_totals')
      .values(
        orders.slice(i, i + BATCH).map((o) => ({
          account_key: accountKey,
          settlement_key: settlementKey,
          order_id: o.orderId,
          currency,
          gross: formatUnits(o.gross),
          fees: formatUnits(o.fees),
          refunds: formatUnits(o.refunds),
          other: formatUnits(o.other),
          net: formatUnits(o.net),
          line_count: o.lineCount,
          first_posted_at: o.firstPostedAt,
        })),
      )
      .execute();
  }
}
