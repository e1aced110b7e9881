/**
 * The COGS journals of a settlement from its stored result (refreshcogs), with the account's COGS
 * accounts: core's buildCogsJournals. A settlement never refreshed, or one with missing costs, has
 * no journal to send: the refusal says which SKUs lack a cost.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { buildCogsJournals, cogsLedgerAccounts, resolveCogsAccounts, type CogsResult } from '@ledgerport/core/cogs';
import type { PostingDocument } from '@ledgerport/core/posting';
import type { Channel } from '@ledgerport/core/settlements';
import { AppError } from '../../http/app-error';
import { findConnectedReferenceData } from '../mappings/connected-chart';
import { mappingSystemOf } from '../mappings/mapping-repository';
import { localDate } from '../posting/send-settlement';
import type { SettlementRow } from '../settlements/load-settlement';
import type { CogsAccount } from './cogs-account';
import { cogsResultFromStored } from './refresh-cogs';

export async function findStoredCogs(
  db: Kysely<Database>,
  settlementKey: string,
): Promise<(CogsResult & { computedAt: Date; total: string }) | undefined> {
  const stored = await db
    .selectFrom('settlement_cogs')
    .selectAll()
    .where('settlement_key', '=', settlementKey)
    .executeTakeFirst();
  return stored
    ? { ...cogsResultFromStored(stored), computedAt: stored.computed_at, total: stored.total }
    : undefined;
}

export function cogsDocumentsOf(
  row: SettlementRow,
  account: CogsAccount,
  result: CogsResult,
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
  });
}

/** The journals to send, or why there are none (409 with the settlement and its SKUs named). */
export async function getSendableCogsDocuments(
  db: Kysely<Database>,
  row: SettlementRow,
  account: CogsAccount,
  now: Date,
): Promise<PostingDocument[]> {
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
  const docs = cogsDocumentsOf(row, await withChartAccounts(db, account), result, now);
  if (docs.length === 0)
    throw new AppError(
      'cogs.not-computed',
      `Settlement ${row.settlement_id} sold no units with a cost, so it has no cost of goods sold journal.`,
      { settlementKey: row.settlement_key },
    );
  return docs;
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
