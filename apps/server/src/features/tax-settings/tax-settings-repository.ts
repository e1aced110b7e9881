/**
 * An account's tax settings row (migration 0036): its VAT/GST registration, tax rates and statement
 * account, and core's TaxTreatment made from it for the posting engine. No row: undefined, and
 * posting keeps the mappings' own tax rates and clearing account.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, TaxSettingsTable } from '@ledgerport/db';
import type { TaxTreatment } from '@ledgerport/core/posting';

export type TaxSettingsRow = Selectable<TaxSettingsTable>;

/** The columns TaxTreatment is made of (also selected, prefixed, by the settlement detail statement). */
export type TaxTreatmentColumns = Pick<
  TaxSettingsRow,
  'country' | 'is_registered' | 'sales_tax_rate_code' | 'fees_tax_rate_code' | 'reverse_charge_tax_rate_code' | 'no_tax_rate_code' | 'statement_account_code' | 'statement_account_name'
>;

export async function findTaxSettings(db: Kysely<Database>, accountKey: string): Promise<TaxSettingsRow | undefined> {
  return db.selectFrom('tax_settings').selectAll().where('account_key', '=', accountKey).executeTakeFirst();
}

export function taxTreatmentFrom(row: TaxTreatmentColumns | undefined): TaxTreatment | undefined {
  if (!row) return undefined;
  return {
    country: row.country,
    isRegistered: row.is_registered,
    rates: { sales: row.sales_tax_rate_code, fees: row.fees_tax_rate_code, reverseCharge: row.reverse_charge_tax_rate_code, noTax: row.no_tax_rate_code },
    statementAccount: row.statement_account_code !== null && row.statement_account_name !== null ? { code: row.statement_account_code, name: row.statement_account_name } : null,
  };
}

export async function findTaxTreatment(db: Kysely<Database>, accountKey: string): Promise<TaxTreatment | undefined> {
  return taxTreatmentFrom(await findTaxSettings(db, accountKey));
}

export type TaxSettingsChange = Partial<Omit<TaxSettingsRow, 'account_key' | 'updated_at' | 'updated_by' | 'tax_rates'>> & { tax_rates?: { code: string; name: string }[] };

/** Writes the changed columns, creating the row on the first save (call inside the transaction that records the audit entry). */
export async function upsertTaxSettings(trx: Kysely<Database>, accountKey: string, change: TaxSettingsChange, userId: string, at: Date): Promise<void> {
  const { tax_rates, ...rest } = change;
  const values = { ...rest, ...(tax_rates ? { tax_rates: JSON.stringify(tax_rates) } : {}), updated_by: userId, updated_at: at };
  await trx
    .insertInto('tax_settings')
    .values({ account_key: accountKey, ...values })
    .onConflict((oc) => oc.column('account_key').doUpdateSet(values))
    .execute();
}
