/**
 * The product catalog of a catalog key (decision 0030): SKUs, costs by currency and effective day,
 * bundle components and purchase lots. Every function takes the catalog key first; the routes find
 * it from an account the caller may open.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import type { BundleComponent, PurchaseLot, StandardCost } from '@ledgerport/core/cogs';
import { catalogKeyOf } from './cogs-account';

/** The SKUs of newly stored settlements join their account's catalog (in the storing transaction). */
export async function addSeenProducts(
  trx: Kysely<Database>,
  catalogKey: string,
  accountKey: string,
  settlementKeys: readonly string[],
  at: Date,
): Promise<void> {
  if (settlementKeys.length === 0) return;
  await sql`insert into products (catalog_key, sku, title, first_seen_at)
    select distinct ${catalogKey}, value, null::text, ${at}::timestamptz from settlement_refs
    where account_key = ${accountKey} and kind = 'sku' and settlement_key in (${sql.join(settlementKeys)})
    on conflict (catalog_key, sku) do nothing`.execute(trx);
}

/** Adds the SKU to the catalog (or sets its title); true when it was new. */
export async function ensureProduct(
  trx: Kysely<Database>,
  catalogKey: string,
  sku: string,
  title: string | null,
  at: Date,
): Promise<boolean> {
  const existing = await trx
    .selectFrom('products')
    .select('title')
    .where('catalog_key', '=', catalogKey)
    .where('sku', '=', sku)
    .executeTakeFirst();
  if (!existing) {
    await trx
      .insertInto('products')
      .values({ catalog_key: catalogKey, sku, title, first_seen_at: at })
      .onConflict((oc) => oc.columns(['catalog_key', 'sku']).doNothing())
      .execute();
    return true;
  }
  if (title !== null && existing.title !== title)
    await trx
      .updateTable('products')
      .set({ title })
      .where('catalog_key', '=', catalogKey)
      .where('sku', '=', sku)
      .execute();
  return false;
}

export async function upsertCost(
  trx: Kysely<Database>,
  catalogKey: string,
  cost: StandardCost,
  userId: string | null,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('product_costs')
    .values({
      catalog_key: catalogKey,
      sku: cost.sku,
      currency: cost.currency,
      effective_date: cost.effectiveDate,
      unit_cost: formatUnits(cost.unitCost),
      updated_at: at,
      updated_by: userId,
    })
    .onConflict((oc) =>
      oc
        .columns(['catalog_key', 'sku', 'currency', 'effective_date'])
        .doUpdateSet({ unit_cost: formatUnits(cost.unitCost), updated_at: at, updated_by: userId }),
    )
    .execute();
}

/** Costs of the given SKUs (or all) in one currency, for the COGS engine. */
export async function readCosts(
  db: Kysely<Database>,
  catalogKey: string,
  currency: string,
): Promise<StandardCost[]> {
  const rows = await db
    .selectFrom('product_costs')
    .select(['sku', 'currency', 'effective_date', 'unit_cost'])
    .where('catalog_key', '=', catalogKey)
    .where('currency', '=', currency)
    .execute();
  return rows.map((r) => ({
    sku: r.sku,
    currency: r.currency,
    effectiveDate: r.effective_date,
    unitCost: decimalToUnits(r.unit_cost),
  }));
}

export async function readBundles(db: Kysely<Database>, catalogKey: string): Promise<BundleComponent[]> {
  const rows = await db
    .selectFrom('product_bundle_components')
    .select(['bundle_sku', 'component_sku', 'quantity'])
    .where('catalog_key', '=', catalogKey)
    .orderBy('bundle_sku')
    .orderBy('component_sku')
    .execute();
  return rows.map((r) => ({ bundleSku: r.bundle_sku, componentSku: r.component_sku, quantity: r.quantity }));
}

/**
 * Lots in one currency with the units other settlements took from them (this settlement's own
 * takes are left out: a refresh recomputes them).
 */
export async function readLots(
  db: Kysely<Database>,
  catalogKey: string,
  currency: string,
  exceptSettlementKey: string | null,
): Promise<PurchaseLot[]> {
  const taken = db
    .selectFrom('settlement_cogs_lots')
    .select(['lot_id', sql<string>`sum(units)`.as('units')])
    .where('catalog_key', '=', catalogKey)
    .$if(exceptSettlementKey !== null, (q) => q.where('settlement_key', '<>', exceptSettlementKey!))
    .groupBy('lot_id')
    .as('t');
  const rows = await db
    .selectFrom('purchase_lots as l')
    .leftJoin(taken, 't.lot_id', 'l.lot_id')
    .select(['l.lot_id', 'l.sku', 'l.currency', 'l.purchased_on', 'l.quantity', 'l.unit_cost', 't.units'])
    .where('l.catalog_key', '=', catalogKey)
    .where('l.currency', '=', currency)
    .execute();
  return rows.map((r) => ({
    lotId: r.lot_id,
    sku: r.sku,
    currency: r.currency,
    purchasedOn: r.purchased_on,
    quantity: r.quantity,
    unitCost: decimalToUnits(r.unit_cost),
    consumed: Number(r.units ?? 0),
  }));
}

/**
 * The SKUs that stored settlements sold join the catalog of the account's organization (Cost Admin,
 * issue 17), in the storing transaction (a settlementsStored handler, wire-events.ts).
 */
export async function addSeenProductsOfSettlements(trx: Kysely<Database>, accountKey: string, settlementKeys: readonly string[], at: Date): Promise<void> {
  if (settlementKeys.length === 0) return;
  const account = await trx.selectFrom('accounts').select(['account_key', 'organization_id']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  await addSeenProducts(trx, catalogKeyOf(account), accountKey, settlementKeys, at);
}
