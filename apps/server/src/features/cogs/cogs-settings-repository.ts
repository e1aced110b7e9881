/** Settings > Cost of Goods Sold: one row per account that saved them (migration 0026). */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { CogsSettings } from '@ledgerport/core/cogs';

export async function saveCogsSettingsRow(
  trx: Kysely<Database>,
  accountKey: string,
  s: CogsSettings,
  version: number,
  userId: string,
  at: Date,
): Promise<void> {
  const values = {
    costing_method: s.costingMethod,
    refund_treatment: s.refundTreatment,
    inventory_account_code: s.inventoryAccount.code,
    inventory_account_name: s.inventoryAccount.name,
    cogs_account_code: s.cogsAccount.code,
    cogs_account_name: s.cogsAccount.name,
    version,
    updated_at: at,
    updated_by: userId,
  };
  await trx
    .insertInto('account_cogs_settings')
    .values({ account_key: accountKey, ...values })
    .onConflict((oc) => oc.column('account_key').doUpdateSet(values))
    .execute();
}
