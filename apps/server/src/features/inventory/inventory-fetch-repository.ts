/** Account Settings > Inventory (decision 0050): the fetch settings row and the fetches of months. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InventoryFetchesTable } from '@ledgerport/db';
import type { InventoryFetchSettingsBody } from '@ledgerport/contract';
import { DEFAULT_AMAZON_MARKETPLACE_ID, marketplaceForCurrency } from '@ledgerport/core/inventory';

export const FETCHES_SHOWN = 12;

export interface InventoryFetchSettings {
  isMonthlyFetchEnabled: boolean;
  aggregateBy: 'FC' | 'COUNTRY';
  marketplaceId: string;
  valuationCurrency: string | null;
}

/** The stored settings, else the defaults: off, by fulfilment centre, the marketplace of the account's currency. */
export async function readInventoryFetchSettings(
  db: Kysely<Database>,
  accountKey: string,
): Promise<InventoryFetchSettings & { updatedAt: Date | null }> {
  const row = await db.selectFrom('inventory_fetch_settings').selectAll().where('account_key', '=', accountKey).executeTakeFirst();
  if (row)
    return {
      isMonthlyFetchEnabled: row.is_monthly_fetch_enabled,
      aggregateBy: row.aggregate_by === 'COUNTRY' ? 'COUNTRY' : 'FC',
      marketplaceId: row.marketplace_id,
      valuationCurrency: row.valuation_currency,
      updatedAt: row.updated_at,
    };
  const latest = await db
    .selectFrom('settlements')
    .select('currency')
    .where('account_key', '=', accountKey)
    .where('end_at', 'is not', null)
    .orderBy('end_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const marketplaceId = latest ? marketplaceForCurrency(latest.currency).id : DEFAULT_AMAZON_MARKETPLACE_ID;
  return { isMonthlyFetchEnabled: false, aggregateBy: 'FC', marketplaceId, valuationCurrency: null, updatedAt: null };
}

export async function saveInventoryFetchSettingsRow(
  trx: Kysely<Database>,
  accountKey: string,
  s: InventoryFetchSettings,
  userId: string | null,
  at: Date,
): Promise<void> {
  const values = {
    is_monthly_fetch_enabled: s.isMonthlyFetchEnabled,
    aggregate_by: s.aggregateBy,
    marketplace_id: s.marketplaceId,
    valuation_currency: s.valuationCurrency,
    updated_at: at,
    updated_by: userId,
  };
  await trx
    .insertInto('inventory_fetch_settings')
    .values({ account_key: accountKey, ...values })
    .onConflict((oc) => oc.column('account_key').doUpdateSet(values))
    .execute();
}

export type InventoryFetchRow = Selectable<InventoryFetchesTable>;

export async function insertInventoryFetch(
  trx: Kysely<Database>,
  f: { accountKey: string; month: string; aggregateBy: string; userId: string | null; at: Date },
): Promise<InventoryFetchRow> {
  return trx
    .insertInto('inventory_fetches')
    .values({
      account_key: f.accountKey,
      fetch_id: randomUUID(),
      month: f.month,
      status: 'QUEUED',
      aggregate_by: f.aggregateBy,
      report_id: null,
      message: null,
      requested_at: f.at,
      requested_by: f.userId,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findInventoryFetch(db: Kysely<Database>, accountKey: string, fetchId: string): Promise<InventoryFetchRow | undefined> {
  return db.selectFrom('inventory_fetches').selectAll().where('account_key', '=', accountKey).where('fetch_id', '=', fetchId).executeTakeFirst();
}

/** A fetch of the month still queued or waiting on Amazon (a second one would ask Amazon twice). */
export async function findPendingInventoryFetch(db: Kysely<Database>, accountKey: string, month: string): Promise<InventoryFetchRow | undefined> {
  return db
    .selectFrom('inventory_fetches')
    .selectAll()
    .where('account_key', '=', accountKey)
    .where('month', '=', month)
    .where('status', 'in', ['QUEUED', 'REQUESTED'])
    .executeTakeFirst();
}

export async function updateInventoryFetch(
  db: Kysely<Database>,
  accountKey: string,
  fetchId: string,
  change: Partial<Pick<InventoryFetchRow, 'status' | 'report_id' | 'message' | 'finished_at'>>,
): Promise<void> {
  await db.updateTable('inventory_fetches').set(change).where('account_key', '=', accountKey).where('fetch_id', '=', fetchId).execute();
}

export async function listInventoryFetches(db: Kysely<Database>, accountKey: string): Promise<InventoryFetchSettingsBody['fetches']> {
  const rows = await db
    .selectFrom('inventory_fetches as f')
    .leftJoin('users as u', 'u.user_id', 'f.requested_by')
    .select(['f.fetch_id', 'f.month', 'f.status', 'f.aggregate_by', 'f.report_id', 'f.message', 'f.requested_at', 'f.finished_at', 'u.email'])
    .where('f.account_key', '=', accountKey)
    .orderBy('f.requested_at', 'desc')
    .limit(FETCHES_SHOWN)
    .execute();
  return rows.map((r) => ({
    fetchId: r.fetch_id,
    month: r.month,
    status: r.status as 'QUEUED' | 'REQUESTED' | 'DONE' | 'FAILED',
    aggregateBy: r.aggregate_by === 'COUNTRY' ? 'COUNTRY' : 'FC',
    reportId: r.report_id,
    message: r.message,
    requestedAt: r.requested_at.toISOString(),
    requestedBy: r.email ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
  }));
}
