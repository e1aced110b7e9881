/**
 * The COGS journals of a settlement from its stored result (refreshcogs), with the account's COGS
 * accounts: core's buildCogsJournals. A settlement never refreshed, or one with missing costs, has
 * no journal to send: the refusal says which SKUs lack a cost.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import {
  buildCogsJournals,
  cogsLedgerAccounts,
  findChartAccount,
  resolveCogsAccounts,
  type ChartAccount,
  type CogsResult,
  type LockAdjustment,
} from '@ledgerport/core/cogs';
import type { AccountingSystem } from '@ledgerport/core/mapping';
import { accountingSystemLabel, type PostingDocument } from '@ledgerport/core/posting';
import type { Channel } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import { findConnectedReferenceData } from '../mappings/connected-chart';
import { mappingSystemOf } from '../mappings/mapping-repository';
import { localDate } from '../posting/send-settlement';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import type { CogsAccount } from './cogs-account';
import { cogsResultFromStored } from './refresh-cogs';
import {
  isLockedResult,
  lockAdjustmentsFromStored,
  lockAdjustmentsToStored,
  planSettlementLock,
  postedCostsByPart,
  type PostedCostRow,
} from './fifo-lock';

export type StoredCogs = CogsResult & { computedAt: Date; total: string; lockAdjustments: LockAdjustment[] };

export async function findStoredCogs(
  db: Kysely<Database>,
  settlementKey: string,
): Promise<StoredCogs | undefined> {
  const stored = await db
    .selectFrom('settlement_cogs')
    .selectAll()
    .where('settlement_key', '=', settlementKey)
    .executeTakeFirst();
  return stored
    ? {
        ...cogsResultFromStored(stored),
        computedAt: stored.computed_at,
        total: stored.total,
        lockAdjustments: lockAdjustmentsFromStored(stored.lock_adjustments),
      }
    : undefined;
}

export function cogsDocumentsOf(
  row: SettlementRow,
  account: CogsAccount,
  result: CogsResult & { lockAdjustments?: readonly LockAdjustment[] },
  now: Date,
): PostingDocument[] {
  return buildCogsJournals(result, {
    system: mappingSystemOf(account.accountingSystem),
    channel: row.sales_source as Channel,
    settlementId: row.settlement_id,
    sourceFile: row.source_file,
    endDate: localDate(row.end_at ?? row.deposit_at ?? now, account.timeZoneId),
    accounts: cogsLedgerAccounts(account.settings),
    settingsVersion: `${account.accountKey}@cogs-v${account.settingsVersion}`,
    lockAdjustments: result.lockAdjustments ?? [],
  });
}

/** The journals to send, or why there are none (409 with the settlement and its SKUs named). */
export async function getSendableCogsDocuments(
  db: Kysely<Database>,
  row: SettlementRow,
  account: CogsAccount,
  now: Date,
): Promise<PostingDocument[]> {
  return (await getCogsSendPlan(db, row, account, now)).docs;
}

/**
 * The journals to send and, under the FIFO lock (decision 0049), what each part expenses per month.
 * The lock's adjustments are planned again before the first part goes out (another settlement may
 * have posted them since the refresh) and stored; once a part is live they stay as stored, so a
 * retry sends the same parts.
 */
export async function getCogsSendPlan(
  db: Kysely<Database>,
  row: SettlementRow,
  account: CogsAccount,
  now: Date,
): Promise<{ docs: PostingDocument[]; postedCosts: Map<number, PostedCostRow[]> | null }> {
  const result = await findStoredCogs(db, row.settlement_key);
  if (!result)
    throw new AppError(
      'cogs.not-computed',
      `The cost of goods sold of settlement ${row.settlement_id} has not been computed yet; refresh COGS first.`,
      { settlementKey: row.settlement_key },
    );
  if (result.missing.length > 0) {
    const skus = result.missing
      .slice(0, 5)
      .map((m) => m.sku)
      .join(', ');
    const more = result.missing.length > 5 ? ` and ${result.missing.length - 5} more` : '';
    throw new AppError(
      'cogs.missing-costs',
      `Settlement ${row.settlement_id} sold SKUs with no ${row.currency} cost (${skus}${more}); add their costs in Cost Admin, refresh COGS, then send.`,
      { settlementKey: row.settlement_key, skus: result.missing.map((m) => m.sku) },
    );
  }
  const isLocked = await isLockedResult(db, row, result);
  if (isLocked) {
    const live = await db
      .selectFrom('settlement_cogs_documents')
      .select('document_id')
      .where('settlement_key', '=', row.settlement_key)
      .where('status', 'in', ['SENDING', 'POSTED'])
      .limit(1)
      .executeTakeFirst();
    if (!live) {
      result.lockAdjustments = await planSettlementLock(db, row, account, result);
      await db
        .updateTable('settlement_cogs')
        .set({ lock_adjustments: JSON.stringify(lockAdjustmentsToStored(result.lockAdjustments)) })
        .where('account_key', '=', row.account_key)
        .where('settlement_key', '=', row.settlement_key)
        .execute();
    }
  }
  const docs = cogsDocumentsOf(row, await withChartAccounts(db, account), result, now);
  if (docs.length === 0)
    throw new AppError(
      'cogs.not-computed',
      `Settlement ${row.settlement_id} sold no units with a cost, so it has no cost of goods sold journal.`,
      { settlementKey: row.settlement_key },
    );
  return { docs, postedCosts: isLocked ? postedCostsByPart(docs, result, result.lockAdjustments) : null };
}

const MANUAL_JOURNAL_SYSTEMS: Record<string, string> = { XERO: 'Xero', SAGE: 'Sage' };

/**
 * Xero and Sage take the COGS journal as a manual journal on accounts of their own chart: the
 * settings' accounts are looked up in the connected chart (cached reference data) and a send is
 * refused, naming them, when the chart has no such account. Without a cached chart the codes go as
 * typed (the system answers).
 */
export async function withChartAccounts(db: Kysely<Database>, account: CogsAccount): Promise<CogsAccount> {
  const systemName = MANUAL_JOURNAL_SYSTEMS[account.accountingSystem];
  if (!systemName) return account;
  const reference = await findConnectedReferenceData(db, account.accountKey, account.accountingSystem as 'XERO' | 'SAGE');
  if (!reference) return account;
  const resolved = resolveCogsAccounts(account.settings, [...reference.accounts, ...reference.bankAccounts], systemName);
  if (!resolved.isResolved) throw new AppError('cogs.accounts-not-found', resolved.message, { accountKey: account.accountKey });
  return {
    ...account,
    settings: { ...account.settings, inventoryAccount: resolved.inventoryAccount, cogsAccount: resolved.cogsAccount },
  };
}

export interface CogsChartCheck {
  system: string;
  inventoryAccount: ChartAccount | null;
  cogsAccount: ChartAccount | null;
  message: string | null;
  accounts: ChartAccount[];
}

const CHART_ACCOUNTS_MAX = 2000;

/**
 * Settings > Cost of Goods Sold against the connected chart (cached reference data): the account each
 * typed code and name finds, with the send's own matcher (core's resolveCogsAccounts and
 * findChartAccount), the refusal the send would give, and the chart's accounts to pick from.
 * null when no accounting system is connected or its chart was never fetched.
 */
export async function checkCogsChart(db: Kysely<Database>, account: CogsAccount): Promise<CogsChartCheck | null> {
  if (account.accountingSystem === 'MANUAL') return null;
  const reference = await findConnectedReferenceData(db, account.accountKey, account.accountingSystem as AccountingSystem);
  if (!reference) return null;
  const chart = [...reference.accounts, ...reference.bankAccounts];
  const system = MANUAL_JOURNAL_SYSTEMS[account.accountingSystem] ?? accountingSystemLabel(account.accountingSystem);
  const resolved = resolveCogsAccounts(account.settings, chart, system);
  const pick = (a: ChartAccount | undefined) => (a ? { code: a.code, name: a.name } : null);
  const seen = new Set<string>();
  const accounts = chart
    .filter((a) => a.code !== '' && !seen.has(a.code) && seen.add(a.code))
    .map((a) => ({ code: a.code, name: a.name }))
    .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }))
    .slice(0, CHART_ACCOUNTS_MAX);
  return {
    system,
    inventoryAccount: pick(findChartAccount(account.settings.inventoryAccount, chart)),
    cogsAccount: pick(findChartAccount(account.settings.cogsAccount, chart)),
    message: resolved.isResolved ? null : resolved.message,
    accounts,
  };
}
