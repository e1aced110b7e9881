/**
 * The FIFO lock in the server (decision 0049, core's planLockAdjustments). What each posted COGS
 * journal part of a FIFO account expensed per month is kept in cogs_fifo_posted_costs, written in the
 * transaction that marks the part POSTED. When a settlement's COGS is refreshed or sent, its sales and
 * those of the account's posted settlements are costed again in date order over the catalog's lots as
 * they are now; each posted month's difference is planned as an adjustment part of this settlement's
 * journal when it lands in one of its open months. A posted adjustment is a posted cost of the month it
 * corrects, so it is never planned twice.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import {
  planLockAdjustments,
  type CogsResult,
  type LockAdjustment,
  type MonthCost,
  type PurchaseLot,
} from '@ledgerport/core/cogs';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import type { PostingDocument } from '@ledgerport/core/posting';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import type { CogsAccount } from './cogs-account';

export interface StoredLockAdjustment {
  month: string;
  amount: string;
  corrections: { month: string; amount: string }[];
}

export const lockAdjustmentsToStored = (adjustments: readonly LockAdjustment[]): StoredLockAdjustment[] =>
  adjustments.map((a) => ({
    month: a.month,
    amount: formatUnits(a.amount),
    corrections: a.corrections.map((c) => ({ month: c.month, amount: formatUnits(c.amount) })),
  }));

export const lockAdjustmentsFromStored = (stored: unknown[] | null): LockAdjustment[] =>
  ((stored ?? []) as StoredLockAdjustment[]).map((a) => ({
    month: a.month,
    amount: decimalToUnits(a.amount),
    corrections: a.corrections.map((c) => ({ month: c.month, amount: decimalToUnits(c.amount) })),
  }));

/** The lock applies to a FIFO result whose lot takes all know their month (taken since migration 0049). */
export async function isLockedResult(
  db: Kysely<Database>,
  row: SettlementRow,
  result: Pick<CogsResult, 'method'>,
): Promise<boolean> {
  if (result.method !== 'fifo') return false;
  const undated = await db
    .selectFrom('settlement_cogs_lots')
    .select('lot_id')
    .where('account_key', '=', row.account_key)
    .where('settlement_key', '=', row.settlement_key)
    .where('month', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return undated === undefined;
}

/** The settlement's own FIFO cost per month (units sold, at scale 4), as its month parts post it. */
export function ownMonthCosts(result: Pick<CogsResult, 'cells'>): MonthCost[] {
  const byMonth = new Map<string, bigint>();
  for (const c of result.cells) byMonth.set(c.month, (byMonth.get(c.month) ?? 0n) + c.soldCost);
  return [...byMonth].map(([month, cost]) => ({ month, cost }));
}

/** The adjustments this settlement's journal carries now (none when the lock does not apply). */
export async function planSettlementLock(
  db: Kysely<Database>,
  row: SettlementRow,
  account: CogsAccount,
  result: CogsResult,
): Promise<LockAdjustment[]> {
  if (!(await isLockedResult(db, row, result))) return [];
  const postedOf = db
    .selectFrom('cogs_fifo_posted_costs')
    .select('settlement_key')
    .where('account_key', '=', row.account_key)
    .where('currency', '=', result.currency)
    .where('kind', '=', 'cost')
    .where('settlement_key', '<>', row.settlement_key);
  const posted = await db
    .selectFrom('cogs_fifo_posted_costs')
    .select(['month', sql<string>`sum(cost)`.as('cost')])
    .where('account_key', '=', row.account_key)
    .where('currency', '=', result.currency)
    .where('settlement_key', '<>', row.settlement_key)
    .groupBy('month')
    .execute();
  const sales = await db
    .selectFrom('settlement_cogs_lots')
    .select(['month', 'sku', sql<string>`sum(units)`.as('units')])
    .where('account_key', '=', row.account_key)
    .where((eb) => eb.or([eb('settlement_key', '=', row.settlement_key), eb('settlement_key', 'in', postedOf)]))
    .where('units', '>', 0)
    .where('month', 'is not', null)
    .groupBy(['month', 'sku'])
    .orderBy('month')
    .orderBy('sku')
    .execute();
  // Lots as they are now, less what settlements outside the lock (other accounts', unposted ones) took.
  const taken = db
    .selectFrom('settlement_cogs_lots')
    .select(['lot_id', sql<string>`sum(units)`.as('units')])
    .where('catalog_key', '=', account.catalogKey)
    .where('settlement_key', '<>', row.settlement_key)
    .where('settlement_key', 'not in', postedOf)
    .groupBy('lot_id')
    .as('t');
  const lotRows = await db
    .selectFrom('purchase_lots as l')
    .leftJoin(taken, 't.lot_id', 'l.lot_id')
    .select(['l.lot_id', 'l.sku', 'l.currency', 'l.purchased_on', 'l.quantity', 'l.unit_cost', 't.units'])
    .where('l.catalog_key', '=', account.catalogKey)
    .where('l.currency', '=', result.currency)
    .execute();
  const lots: PurchaseLot[] = lotRows.map((r) => ({
    lotId: r.lot_id,
    sku: r.sku,
    currency: r.currency,
    purchasedOn: r.purchased_on,
    quantity: r.quantity,
    unitCost: decimalToUnits(r.unit_cost),
    consumed: Number(r.units ?? 0),
  }));
  return planLockAdjustments({
    sales: sales.map((s) => ({ date: `${s.month!}-01`, sku: s.sku, units: Number(s.units) })),
    lots,
    currency: result.currency,
    posted: posted.map((p) => ({ month: p.month, cost: decimalToUnits(p.cost) })),
    own: ownMonthCosts(result),
  }).adjustments;
}

export interface PostedCostRow {
  month: string;
  kind: 'cost' | 'adjustment';
  cost: bigint;
}

/**
 * What each part expensed per month, by part index: a month part its month's own FIFO cost, an
 * adjustment part (they follow the month parts, in the plan's order) each month it corrects.
 */
export function postedCostsByPart(
  docs: readonly PostingDocument[],
  result: Pick<CogsResult, 'cells'>,
  adjustments: readonly LockAdjustment[],
): Map<number, PostedCostRow[]> {
  const own = new Map(ownMonthCosts(result).map((m) => [m.month, m.cost]));
  const monthParts = docs.length - adjustments.length;
  const rows = new Map<number, PostedCostRow[]>();
  docs.forEach((doc, i) => {
    if (i < monthParts) rows.set(doc.part.index, [{ month: doc.part.month, kind: 'cost', cost: own.get(doc.part.month) ?? 0n }]);
    else
      rows.set(
        doc.part.index,
        adjustments[i - monthParts]!.corrections.map((c) => ({ month: c.month, kind: 'adjustment', cost: c.amount })),
      );
  });
  return rows;
}

/** Records a posted part's rows (same transaction as POSTED); a repeated call adds nothing. */
export async function recordPostedCosts(
  trx: Kysely<Database>,
  row: SettlementRow,
  documentId: string,
  currency: string,
  rows: readonly PostedCostRow[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('cogs_fifo_posted_costs')
    .values(
      rows.map((r) => ({
        account_key: row.account_key,
        document_id: documentId,
        month: r.month,
        settlement_key: row.settlement_key,
        currency,
        kind: r.kind,
        cost: formatUnits(r.cost),
        posted_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['account_key', 'document_id', 'month']).doNothing())
    .execute();
}
