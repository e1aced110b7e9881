/**
 * The cached chart of accounts, tax rates, tracking categories and bank accounts of the account's
 * accounting system (table accounting_reference_data), which the mappings screen offers.
 */
import type { AccountingReferenceData, PeriodLock } from '@ledgerport/core/posting';
import { AccountingError } from '@ledgerport/core/posting';
import type { AccountingDeps } from './accounting-connection-store';
import { buildAccountingPort } from './resolve-accounting-connection-port';

export interface StoredReferenceData extends AccountingReferenceData {
  system: string;
  fetchedAt: string | null;
}

export async function refreshReferenceData(deps: AccountingDeps, accountKey: string): Promise<StoredReferenceData> {
  const port = await buildAccountingPort(deps, accountKey);
  if (!port) throw new AccountingError({ kind: 'auth', message: 'The accounting system is not connected. Connect it from the admin page.' });
  const now = deps.clock();
  let data: AccountingReferenceData;
  try {
    data = await port.fetchReferenceData();
  } catch (error) {
    if (error instanceof AccountingError) {
      await deps.db.updateTable('connections').set({ last_error: error.message, last_error_at: now }).where('account_key', '=', accountKey).where('role', '=', 'accounting').execute();
    }
    throw error;
  }
  const json = JSON.stringify(data);
  await deps.db
    .insertInto('accounting_reference_data')
    .values({ account_key: accountKey, system: port.system, data: json, fetched_at: now })
    .onConflict((oc) => oc.column('account_key').doUpdateSet({ system: port.system, data: json, fetched_at: now }))
    .execute();
  await deps.db.updateTable('connections').set({ last_synced_at: now }).where('account_key', '=', accountKey).where('role', '=', 'accounting').execute();
  return { system: port.system, fetchedAt: now.toISOString(), ...data };
}

export async function readReferenceData(deps: AccountingDeps, accountKey: string): Promise<StoredReferenceData> {
  const row = await deps.db.selectFrom('accounting_reference_data').selectAll().where('account_key', '=', accountKey).executeTakeFirst();
  const account = await deps.db.selectFrom('accounts').select('accounting_system').where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  if (!row) return { system: account.accounting_system, fetchedAt: null, accounts: [], bankAccounts: [], taxRates: [], trackingCategories: [], currencies: [], periodLock: null };
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as AccountingReferenceData;
  // Reference data read before issue 28 has no lock: none known until the next read.
  return { system: row.system, fetchedAt: row.fetched_at.toISOString(), ...data, periodLock: data.periodLock ?? null };
}

/** Keeps the lock read again before a send with the cached reference data of the same system (no other field changes). */
export async function storeRefreshedPeriodLock(deps: Pick<AccountingDeps, 'db'>, accountKey: string, system: string, lock: PeriodLock | null): Promise<void> {
  const row = await deps.db.selectFrom('accounting_reference_data').select(['system', 'data']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!row || row.system !== system) return;
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as AccountingReferenceData;
  if (JSON.stringify(data.periodLock ?? null) === JSON.stringify(lock)) return;
  await deps.db.updateTable('accounting_reference_data').set({ data: JSON.stringify({ ...data, periodLock: lock }) }).where('account_key', '=', accountKey).execute();
}
