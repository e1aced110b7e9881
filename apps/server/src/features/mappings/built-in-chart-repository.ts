/**
 * The built-in ledger's chart of accounts and tax rates as stored (migration 0051, decision 0058).
 * No rows: core's default chart of the account's channel and its "No Tax" rate. The first change
 * stores that chart whole (`storeDefaultChart`), then each change is one row.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { defaultChart, type AccountRole, type ChartOfAccounts, type LedgerAccount, type TaxRate } from '@ledgerport/core/mapping';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import type { Channel } from '@ledgerport/core/settlements';

/** '19.0000' -> '19', '5.5000' -> '5.5': the percentage as the owner typed it. */
export function percentText(numeric: string): string {
  const units = parseDecimalUnits(numeric) ?? 0n;
  return formatUnits(units).replace(/\.?0+$/, '') || '0';
}

/** The stored chart, or undefined when the account still uses the default chart. */
export async function findBuiltInChart(db: Kysely<Database>, accountKey: string): Promise<ChartOfAccounts | undefined> {
  const accounts = await db.selectFrom('ledger_accounts').selectAll().where('account_key', '=', accountKey).orderBy('position').execute();
  if (accounts.length === 0) return undefined;
  const rates = await db.selectFrom('ledger_tax_rates').selectAll().where('account_key', '=', accountKey).orderBy('position').execute();
  return {
    system: 'MANUAL',
    accounts: accounts.map((a) => ({
      code: a.code,
      name: a.name,
      kind: a.kind,
      path: a.path,
      ...(a.role ? { role: a.role as AccountRole } : {}),
      ...(a.channel ? { channel: a.channel as Channel } : {}),
      ...(a.is_active ? {} : { isInactive: true }),
    })),
    taxRates: rates.map((t) => ({
      code: t.code,
      name: t.name,
      ratePercent: percentText(t.rate_percent),
      ...(t.tax_account_code ? { accountCode: t.tax_account_code } : {}),
      ...(t.is_active ? {} : { isInactive: true }),
    })),
  };
}

/** The chart the account's built-in ledger has now: stored, or the default one of its channel. */
export async function getBuiltInChart(db: Kysely<Database>, accountKey: string, channel: Channel): Promise<ChartOfAccounts> {
  return (await findBuiltInChart(db, accountKey)) ?? defaultChart('MANUAL', [channel]);
}

async function insertAccounts(trx: Kysely<Database>, accountKey: string, accounts: LedgerAccount[], from: number, userId: string | null, at: Date): Promise<void> {
  if (accounts.length === 0) return;
  await trx
    .insertInto('ledger_accounts')
    .values(
      accounts.map((a, i) => ({
        account_key: accountKey,
        code: a.code,
        code_lower: a.code.toLowerCase(),
        name: a.name,
        kind: a.kind,
        path: a.path,
        role: a.role ?? null,
        channel: a.channel ?? null,
        is_active: !a.isInactive,
        position: from + i,
        updated_by: userId,
        updated_at: at,
      })),
    )
    .execute();
}

async function insertRates(trx: Kysely<Database>, accountKey: string, rates: TaxRate[], from: number, userId: string | null, at: Date): Promise<void> {
  if (rates.length === 0) return;
  await trx
    .insertInto('ledger_tax_rates')
    .values(
      rates.map((t, i) => ({
        account_key: accountKey,
        code: t.code,
        name: t.name,
        rate_percent: t.ratePercent ?? '0',
        tax_account_code: t.accountCode ?? null,
        is_active: !t.isInactive,
        position: from + i,
        updated_by: userId,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * Stores the default chart when the account has none yet (inside the caller's transaction; the
 * accounts row is locked first so two first changes do not both store it). Returns the stored chart.
 */
export async function ensureStoredChart(trx: Kysely<Database>, accountKey: string, channel: Channel, userId: string | null, at: Date): Promise<ChartOfAccounts> {
  await trx.selectFrom('accounts').select('account_key').where('account_key', '=', accountKey).forUpdate().executeTakeFirst();
  const stored = await findBuiltInChart(trx, accountKey);
  if (stored) return stored;
  const chart = defaultChart('MANUAL', [channel]);
  await insertAccounts(trx, accountKey, chart.accounts, 0, userId, at);
  await insertRates(trx, accountKey, chart.taxRates.map((t) => ({ ...t, ratePercent: t.ratePercent ?? '0' })), 0, userId, at);
  return chart;
}

export async function addLedgerAccount(trx: Kysely<Database>, accountKey: string, chart: ChartOfAccounts, account: LedgerAccount, userId: string, at: Date): Promise<void> {
  await insertAccounts(trx, accountKey, [account], chart.accounts.length, userId, at);
}

export async function updateLedgerAccount(trx: Kysely<Database>, accountKey: string, code: string, change: { name?: string; isActive?: boolean }, userId: string, at: Date): Promise<void> {
  await trx
    .updateTable('ledger_accounts')
    .set({ ...(change.name !== undefined ? { name: change.name } : {}), ...(change.isActive !== undefined ? { is_active: change.isActive } : {}), updated_by: userId, updated_at: at })
    .where('account_key', '=', accountKey)
    .where('code', '=', code)
    .execute();
}

export async function deleteLedgerAccount(trx: Kysely<Database>, accountKey: string, code: string): Promise<void> {
  await trx.deleteFrom('ledger_accounts').where('account_key', '=', accountKey).where('code', '=', code).execute();
}

export async function addTaxRate(trx: Kysely<Database>, accountKey: string, chart: ChartOfAccounts, rate: TaxRate, userId: string | null, at: Date): Promise<void> {
  await insertRates(trx, accountKey, [rate], chart.taxRates.length, userId, at);
}

export async function updateTaxRate(trx: Kysely<Database>, accountKey: string, code: string, change: { name?: string; ratePercent?: string; accountCode?: string; isActive?: boolean }, userId: string, at: Date): Promise<void> {
  await trx
    .updateTable('ledger_tax_rates')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.ratePercent !== undefined ? { rate_percent: change.ratePercent } : {}),
      ...(change.accountCode !== undefined ? { tax_account_code: change.accountCode } : {}),
      ...(change.isActive !== undefined ? { is_active: change.isActive } : {}),
      updated_by: userId,
      updated_at: at,
    })
    .where('account_key', '=', accountKey)
    .where('code', '=', code)
    .execute();
}

/** The codes of the chart that posted journals carry (a posted account is never deleted). */
export async function postedAccountCodes(db: Kysely<Database>, accountKey: string): Promise<Set<string>> {
  const rows = await db.selectFrom('ledger_lines').select('account_code').distinct().where('account_key', '=', accountKey).execute();
  return new Set(rows.map((r) => r.account_code));
}
