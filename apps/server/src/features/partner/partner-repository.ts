/**
 * The Partner Dashboard's read: a partner's client accounts (those carrying the partner's code) with
 * their status summary rows. One statement over the partner-code index and the summary's primary key;
 * it never reads settlements or lines (decision 0035). A firm member who is not a firm admin sees only
 * the clients of their teams (decision 0038). An account with no summary row yet (created,
 * nothing stored) shows zeros.
 */
import { sql, type Kysely } from 'kysely';
import type { PartnerAccountStatus } from '@ledgerport/contract';
import { attentionReasons } from '@ledgerport/core/rules';
import { prepared, type Database } from '@ledgerport/db';
import { firmReachBy } from '../accounts/account-access';

interface Row {
  account_key: string;
  account_name: string;
  sales_channel: string;
  accounting_system: string;
  plan_code: string | null;
  waiting_count: number | null;
  unmapped_count: number | null;
  inconsistent_count: number | null;
  on_hold_count: number | null;
  failed_count: number | null;
  connection_status: string | null;
  connection_error: string | null;
  last_posted_at: Date | string | null;
  last_fetched_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listPartnerAccountsStatus(db: Kysely<Database>, userId: string, partnerCode: string, currentAccountKey: string | null): Promise<PartnerAccountStatus[]> {
  const { rows } = await sql<Row>`${prepared()}select a.account_key, a.account_name, a.sales_channel, a.accounting_system, a.plan_code,
      s.waiting_count, s.unmapped_count, s.inconsistent_count, s.on_hold_count, s.failed_count, s.connection_status, s.connection_error,
      s.last_posted_at, s.last_fetched_at
    from accounts a left join account_status_summary s on s.account_key = a.account_key
    where a.partner_code = ${partnerCode} and ${firmReachBy(userId, 'a')}
    order by lower(a.account_name), a.account_key`.execute(db);
  return rows.map((r) => {
    const status = {
      waitingCount: r.waiting_count ?? 0,
      unmappedCount: r.unmapped_count ?? 0,
      inconsistentCount: r.inconsistent_count ?? 0,
      onHoldCount: r.on_hold_count ?? 0,
      failedCount: r.failed_count ?? 0,
      connectionStatus: r.connection_status,
      connectionError: r.connection_error,
    };
    return {
      accountKey: r.account_key,
      accountName: r.account_name,
      salesChannel: r.sales_channel as PartnerAccountStatus['salesChannel'],
      accountingSystem: r.accounting_system as PartnerAccountStatus['accountingSystem'],
      planCode: r.plan_code,
      isCurrent: r.account_key === currentAccountKey,
      ...status,
      lastPostedAt: iso(r.last_posted_at),
      lastFetchedAt: iso(r.last_fetched_at),
      attentionReasons: attentionReasons(status),
    };
  });
}
