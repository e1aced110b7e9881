/**
 * refreshcogs: a settlement's cost of goods sold computed again from its stored lines (streamed a
 * page at a time into core's CogsCalculator, never all at once) with the catalog's current costs,
 * bundles and lots and the account's COGS settings, then stored in one transaction: the result
 * (settlement_cogs), the lot each unit came from (settlement_cogs_lots) and the settlement's COGS
 * columns. Posted COGS is never recomputed (posted documents are immutable).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { CogsCalculator, cogsNetTotal, refundsFor, type CogsResult } from '@ledgerport/core/cogs';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { createLocalCalendar, createProductTypeMatcher } from '@ledgerport/core/posting';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import { forEachStoredLine, type SettlementRow } from '../stored-settlements/load-settlement';
import {
  getAccountPostingSettings,
  toCorePostingSettings,
} from '../posting-settings/posting-settings-repository';
import { localDate } from '../posting/send-settlement';
import { assertCogsEnabled, type CogsAccount } from './cogs-account';
import { lockAdjustmentsToStored, planSettlementLock } from './fifo-lock';
import { readBundles, readCosts, readLots } from './product-catalog-repository';

const INSERT_BATCH = 1000;

/** Computes without storing (the detail of a settlement never refreshed shows the same numbers). */
export async function computeSettlementCogs(
  db: Kysely<Database>,
  row: SettlementRow,
  account: CogsAccount,
  now: Date,
): Promise<CogsResult> {
  const channel = row.sales_source as Channel;
  const posting = toCorePostingSettings(await getAccountPostingSettings(db, row.account_key));
  const method = account.settings.costingMethod;
  const lots =
    method === 'fifo' ? await readLots(db, account.catalogKey, row.currency, row.settlement_key) : [];
  const prior = method === 'fifo' ? await readPriorTakes(db, account.catalogKey, row.settlement_key) : [];
  const calculator = new CogsCalculator({
    method,
    currency: row.currency,
    refunds: refundsFor(account.features, account.settings),
    costs: await readCosts(db, account.catalogKey, row.currency),
    bundles: await readBundles(db, account.catalogKey),
    lots,
    priorConsumptions: prior,
    calendar: createLocalCalendar(account.timeZoneId),
    fallbackDate: localDate(row.end_at ?? row.deposit_at ?? now, account.timeZoneId),
    productTypeOf: createProductTypeMatcher(posting.productTypes ?? []),
    categoryOf: (typeKey) => describeTransactionType(channel, typeKey).category,
  });
  await forEachStoredLine(db, row, (line) => calculator.add(line));
  return calculator.finish();
}

/** Earlier settlements' lot takes of the orders this settlement refunds (a restocked unit goes back there). */
async function readPriorTakes(db: Kysely<Database>, catalogKey: string, settlementKey: string) {
  const rows = await db
    .selectFrom('settlement_cogs_lots')
    .select(['lot_id', 'order_id', 'sku', 'units'])
    .where('catalog_key', '=', catalogKey)
    .where('settlement_key', '<>', settlementKey)
    .where('order_id', 'in', (eb) =>
      eb
        .selectFrom('settlement_refs')
        .select('value')
        .where('settlement_key', '=', settlementKey)
        .where('kind', '=', 'order'),
    )
    .execute();
  return rows.map((r) => ({ lotId: r.lot_id, orderId: r.order_id, sku: r.sku, units: r.units }));
}

export async function refreshSettlementCogs(
  db: Kysely<Database>,
  row: SettlementRow,
  account: CogsAccount,
  now: Date,
): Promise<CogsResult> {
  assertCogsEnabled(account);
  if (row.cogs_posting_status !== 'NOT_POSTED') {
    throw new AppError(
      'settlement.posted',
      `The cost of goods sold of settlement ${row.settlement_id} is posted; posted journals are not recomputed.`,
      { settlementKey: row.settlement_key },
    );
  }
  if (row.duplicate_of !== null)
    throw new AppError(
      'request.invalid',
      `Settlement ${row.settlement_id} repeats a settlement already loaded; refresh the original instead.`,
    );
  const result = await computeSettlementCogs(db, row, account, now);
  const total = cogsNetTotal(result);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('settlement_cogs_lots').where('settlement_key', '=', row.settlement_key).execute();
    const takes = result.consumptions.map((c) => ({
      settlement_key: row.settlement_key,
      account_key: row.account_key,
      catalog_key: account.catalogKey,
      lot_id: c.lotId,
      order_id: c.orderId,
      sku: c.sku,
      units: c.units,
      month: c.month ?? null,
    }));
    for (let i = 0; i < takes.length; i += INSERT_BATCH)
      await trx
        .insertInto('settlement_cogs_lots')
        .values(takes.slice(i, i + INSERT_BATCH))
        .execute();
    const stored = {
      account_key: row.account_key,
      method: result.method,
      currency: result.currency,
      total: formatUnits(total),
      cells: JSON.stringify(
        result.cells.map((c) => ({
          ...c,
          soldCost: formatUnits(c.soldCost),
          restockedCost: formatUnits(c.restockedCost),
        })),
      ),
      missing: JSON.stringify(result.missing),
      settings_version: account.settingsVersion,
      computed_at: now,
    };
    await trx
      .insertInto('settlement_cogs')
      .values({ settlement_key: row.settlement_key, ...stored })
      .onConflict((oc) => oc.columns(['account_key', 'settlement_key']).doUpdateSet(stored))
      .execute();
    await trx
      .updateTable('settlements')
      .set({
        cogs_invoices_total: formatUnits(total),
        cogs_currency: row.currency,
        all_product_costs_available: result.missing.length === 0,
        updated_at: now,
      })
      .where('settlement_key', '=', row.settlement_key)
      .execute();
  });
  // The FIFO lock's adjustments as of now, shown with the result; the send plans them again (decision 0049).
  const adjustments = await planSettlementLock(db, row, account, result);
  await db
    .updateTable('settlement_cogs')
    .set({ lock_adjustments: JSON.stringify(lockAdjustmentsToStored(adjustments)) })
    .where('account_key', '=', row.account_key)
    .where('settlement_key', '=', row.settlement_key)
    .execute();
  return result;
}

/** A stored result back in core's shape (amounts as units). */
export function cogsResultFromStored(stored: {
  method: 'standard' | 'fifo';
  currency: string;
  cells: unknown[];
  missing: unknown[];
}): CogsResult {
  type StoredCell = Omit<CogsResult['cells'][number], 'soldCost' | 'restockedCost'> & {
    soldCost: string;
    restockedCost: string;
  };
  const cells = (stored.cells as StoredCell[]).map((c) => ({
    ...c,
    soldCost: decimalToUnits(c.soldCost),
    restockedCost: decimalToUnits(c.restockedCost),
  }));
  return {
    method: stored.method,
    currency: stored.currency,
    cells,
    missing: stored.missing as CogsResult['missing'],
    consumptions: [],
  };
}
