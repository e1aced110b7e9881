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
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { duplicateKey, type Settlement } from '@ledgerport/core/settlements';

interface ComparableLine {
  postedAt: number | null;
  typeKey: string;
  orderId: string | null;
  sku: string | null;
  quantity: number | null;
  marketplace: string | null;
  fulfilmentChannel: string | null;
  amount: bigint;
  description: string | null;
}

const lineText = (l: ComparableLine) =>
  JSON.stringify([l.postedAt, l.typeKey, l.orderId, l.sku, l.quantity, l.marketplace, l.fulfilmentChannel, formatUnits(l.amount), l.description]);

const unitsOf = (text: string | null) => (text === null ? null : (parseDecimalUnits(text) ?? null));

export async function isOpenSettlementUnchanged(trx: Kysely<Database>, accountKey: string, settlement: Settlement): Promise<boolean> {
  if (settlement.status !== 'open') return false;
  const stored = await trx
    .selectFrom('settlements')
    .select(['settlement_key', 'status', 'total', 'line_count'])
    .where('account_key', '=', accountKey)
    .where('duplicate_key', '=', duplicateKey(settlement))
    .where('duplicate_of', 'is', null)
    .executeTakeFirst();
  if (!stored || stored.status !== 'open' || stored.line_count !== settlement.lines.length || unitsOf(stored.total) !== settlement.total) return false;
  const rows = await trx
    .selectFrom('settlement_lines')
    .select(['posted_at', 'type_key', 'order_id', 'sku', 'quantity', 'marketplace', 'fulfilment_channel', 'amount', 'description'])
    .where('account_key', '=', accountKey)
    .where('settlement_key', '=', stored.settlement_key)
    .execute();
  const before = rows
    .map((r) =>
      lineText({
        postedAt: r.posted_at === null ? null : r.posted_at.getTime(),
        typeKey: r.type_key,
        orderId: r.order_id,
        sku: r.sku,
        quantity: r.quantity,
        marketplace: r.marketplace,
        fulfilmentChannel: r.fulfilment_channel,
        amount: unitsOf(r.amount) ?? 0n,
        description: r.description,
      }),
    )
    .sort();
  const after = settlement.lines.map((l) => lineText({ ...l, description: l.description ?? null })).sort();
  return before.length === after.length && before.every((text, i) => text === after[i]);
}
