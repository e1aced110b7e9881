/**
 * Cross-account reads of the support backend (issue 19). The only unscoped queries of the product
 * besides the account list (CONVENTIONS "Tenancy"): each reads a small, indexed slice (inconsistent
 * settlements through a partial index; history requests from the channel connections), never lines.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { FetchHistoryStatus, InconsistentSettlement } from '@ledgerport/contract';
import type { StoredHistoryRequest } from '../channel-connections/channel-connection-repository';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export async function listInconsistentAcrossAccounts(db: Kysely<Database>, limit: number): Promise<InconsistentSettlement[]> {
  const rows = await db
    .selectFrom('settlements as s')
    .innerJoin('accounts as a', 'a.account_key', 's.account_key')
    .select([
      's.account_key', 'a.account_name', 'a.sales_channel', 's.settlement_key', 's.settlement_id', 's.currency', 's.start_at', 's.end_at',
      's.total', 's.lines_total', 's.difference', 's.inconsistency_reason', 's.on_hold', 's.posting_status',
    ])
    .where('s.inconsistent', '=', true)
    .where('s.duplicate_of', 'is', null)
    .orderBy('s.end_at', 'desc')
    .orderBy('s.settlement_key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    accountKey: r.account_key,
    accountName: r.account_name,
    salesChannel: r.sales_channel as InconsistentSettlement['salesChannel'],
    settlementKey: r.settlement_key,
    settlementId: r.settlement_id,
    currency: r.currency,
    startDate: day(r.start_at),
    endDate: day(r.end_at),
    total: r.total,
    linesTotal: r.lines_total,
    difference: r.difference,
    reason: r.inconsistency_reason,
    isOnHold: r.on_hold,
    postingStatus: r.posting_status,
  }));
}

export async function listHistoryRequestsAcrossAccounts(db: Kysely<Database>, limit: number): Promise<FetchHistoryStatus[]> {
  const rows = await db
    .selectFrom('connections as c')
    .innerJoin('accounts as a', 'a.account_key', 'c.account_key')
    .select(['c.account_key', 'a.account_name', 'a.sales_channel', 'c.settings'])
    .where('c.role', '!=', 'accounting')
    .execute();
  const all = rows.flatMap((r) =>
    ((r.settings as { historyRequests?: StoredHistoryRequest[] }).historyRequests ?? []).map((h) => ({
      ...h,
      accountKey: r.account_key,
      accountName: r.account_name,
      salesChannel: r.sales_channel as FetchHistoryStatus['salesChannel'],
    })),
  );
  return all.sort((x, y) => (x.requestedAt < y.requestedAt ? 1 : x.requestedAt > y.requestedAt ? -1 : 0)).slice(0, limit);
}
