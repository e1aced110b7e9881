/** Inventory months of an account: month-end positions stored by upload, read back for valuation (decision 0034). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { InventoryPosition } from '@ledgerport/core/inventory';
import { decimalToUnits } from '@ledgerport/core/money';

const INSERT_BATCH = 500;

export interface StoredMonth {
  month: string;
  fileName: string;
  rowCount: number;
  positions: InventoryPosition[];
}

/** Replaces each month of the upload (its earlier positions go), inside the caller's transaction. */
export async function replaceInventoryMonths(
  trx: Kysely<Database>,
  accountKey: string,
  months: readonly StoredMonth[],
  userId: string | null,
  at: Date,
  origin: { source: 'UPLOAD' | 'SP_API'; reportId: string | null },
): Promise<void> {
  for (const m of months) {
    await trx.deleteFrom('inventory_reports').where('account_key', '=', accountKey).where('month', '=', m.month).execute();
    await trx
      .insertInto('inventory_reports')
      .values({ account_key: accountKey, month: m.month, file_name: m.fileName, row_count: m.rowCount, uploaded_at: at, uploaded_by: userId, source: origin.source, report_id: origin.reportId })
      .execute();
    const values = m.positions.map((p) => ({
      account_key: accountKey,
      month: m.month,
      sku: p.sku,
      location: p.location,
      title: p.title,
      starting_units: p.startingUnits,
      ending_units: p.endingUnits,
      shipped_units: p.shippedUnits,
      returned_units: p.returnedUnits,
    }));
    for (let i = 0; i < values.length; i += INSERT_BATCH)
      await trx.insertInto('inventory_positions').values(values.slice(i, i + INSERT_BATCH)).execute();
  }
}

export async function findInventoryReport(db: Kysely<Database>, accountKey: string, month: string) {
  return db
    .selectFrom('inventory_reports')
    .select(['file_name', 'uploaded_at', 'row_count', 'source', 'report_id'])
    .where('account_key', '=', accountKey)
    .where('month', '=', month)
    .executeTakeFirst();
}

/** Every stored month with where it came from (an upload or SP-API) and when, oldest first. */
export async function listInventoryReports(db: Kysely<Database>, accountKey: string) {
  return db
    .selectFrom('inventory_reports')
    .select(['month', 'source', 'uploaded_at', 'report_id'])
    .where('account_key', '=', accountKey)
    .orderBy('month')
    .execute();
}

/** Positions of the months asked for, by month. */
export async function readInventoryPositions(
  db: Kysely<Database>,
  accountKey: string,
  months: readonly string[],
): Promise<Map<string, InventoryPosition[]>> {
  const byMonth = new Map<string, InventoryPosition[]>(months.map((m) => [m, []]));
  if (months.length === 0) return byMonth;
  const rows = await db
    .selectFrom('inventory_positions')
    .selectAll()
    .where('account_key', '=', accountKey)
    .where('month', 'in', months)
    .orderBy('sku')
    .orderBy('location')
    .execute();
  for (const r of rows)
    byMonth.get(r.month)!.push({
      sku: r.sku,
      title: r.title,
      location: r.location,
      startingUnits: r.starting_units,
      endingUnits: r.ending_units,
      shippedUnits: r.shipped_units,
      returnedUnits: r.returned_units,
    });
  return byMonth;
}

/**
 * COGS of the month's cells (sold less restocked) of the account's settlements in `currency` whose
 * COGS journal is posted (a POSTED settlement_cogs_documents row).
 */
export async function sumCogsPosted(db: Kysely<Database>, accountKey: string, month: string, currency: string): Promise<bigint> {
  const rows = await db
    .selectFrom('settlement_cogs as c')
    .select('c.cells')
    .where('c.account_key', '=', accountKey)
    .where('c.currency', '=', currency)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('settlement_cogs_documents as d')
          .select(sql`1`.as('one'))
          .whereRef('d.settlement_key', '=', 'c.settlement_key')
          .where('d.status', '=', 'POSTED'),
      ),
    )
    .execute();
  let total = 0n;
  for (const r of rows)
    for (const cell of r.cells as { month: string; soldCost: string; restockedCost: string }[])
      if (cell.month === month) total += decimalToUnits(cell.soldCost) - decimalToUnits(cell.restockedCost);
  return total;
}
