/**
 * Keeps an account's row of account_status_summary true to its data (decision 0035): recomputed for
 * that one account in one statement after each event that changes a fact in it (settlements stored or
 * fetched, mappings saved, a send's outcome, a hold, a connection status change). The counts are
 * core's countAccountStatus in SQL: originals only; waiting = closed and not fully posted; unmapped
 * and inconsistent among the not fully posted. Every subquery is bound to the one account_key, so the
 * statement stays on one shard under Citus.
 */
import { sql, type Kysely } from 'kysely';
import { prepared, type Database } from '@ledgerport/db';

export async function refreshAccountStatus(db: Kysely<Database>, accountKey: string, at: Date): Promise<void> {
  await sql`${prepared()}insert into account_status_summary (account_key, waiting_count, unmapped_count, inconsistent_count, on_hold_count, failed_count,
      connection_status, connection_error, last_posted_at, last_fetched_at, refreshed_at)
    select a.account_key, coalesce(s.waiting, 0), coalesce(s.unmapped, 0), coalesce(s.inconsistent, 0), coalesce(s.on_hold, 0), coalesce(s.failed, 0),
      c.status, c.last_error,
      (select max(d.posted_at) from settlement_documents d where d.account_key = a.account_key and d.status = 'POSTED'),
      (select max(f.last_synced_at) from connections f where f.account_key = a.account_key and f.role <> 'accounting'),
      ${at}
    from accounts a
    left join lateral (
      select count(*) filter (where st.status = 'closed' and st.posting_status <> 'POSTED')::int as waiting,
        count(*) filter (where st.posting_status <> 'POSTED' and not st.accounts_mapped)::int as unmapped,
        count(*) filter (where st.posting_status <> 'POSTED' and st.inconsistent)::int as inconsistent,
        count(*) filter (where st.on_hold)::int as on_hold,
        count(*) filter (where st.send_state = 'FAILED')::int as failed
      from settlements st where st.account_key = a.account_key and st.duplicate_of is null
    ) s on true
    left join lateral (
      select cc.status, cc.last_error from connections cc where cc.account_key = a.account_key and cc.role = 'sales-channel'
      order by cc.updated_at desc limit 1
    ) c on true
    where a.account_key = ${accountKey}
    on conflict (account_key) do update set waiting_count = excluded.waiting_count, unmapped_count = excluded.unmapped_count,
      inconsistent_count = excluded.inconsistent_count, on_hold_count = excluded.on_hold_count, failed_count = excluded.failed_count,
      connection_status = excluded.connection_status, connection_error = excluded.connection_error,
      last_posted_at = excluded.last_posted_at, last_fetched_at = excluded.last_fetched_at, refreshed_at = excluded.refreshed_at`.execute(db);
}
