/**
 * Report rollup (issue 18, decision 0029): report_day_totals holds, per account, local day (the day a
 * settlement ends in the account's time zone, as 'YYYY-MM-DD' text), currency, settlement status,
 * marketplace ('' for none) and transaction type, the sum and count of the lines of the account's
 * original (non-duplicate) settlements. Reports read these few rows (about types x marketplaces per
 * day) instead of every settlement's type totals.
 *
 * It is kept by triggers in the very statement that changes what it sums, so it is never stale and no
 * write path can forget it:
 * - settlement_type_totals insert / delete (statement triggers over the transition table): add or
 *   subtract the rows' sums under their settlement's day, currency and status. The store path writes
 *   and replaces type totals beside the lines in its transaction (decision 0017).
 * - settlements update of end_at, status, currency, duplicate_of or account_key (completing an open
 *   settlement, closing it): move its type totals from the old key to the new.
 * - settlements delete (before: its type totals still exist): subtract them. The cascade that then
 *   deletes the type totals finds no settlement row and adds nothing.
 * - accounts update of time_zone_id: the account's days are recounted from its type totals.
 * A key whose line count falls to zero is deleted, so the table only holds days with lines. Taking
 * away only updates rows that exist (never inserts a negative row), so a delete that meets rows already
 * gone (redaction deletes every table of the account in its own order) leaves nothing behind.
 * The migration backfills it from the stored type totals (which equal the lines: decision 0017).
 */
import { sql, type Kysely } from 'kysely';

const KEY = 'account_key, local_day, currency, status, marketplace, type_key';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_day_totals (
    account_key text not null references accounts (account_key) on delete cascade,
    local_day text not null check (local_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    currency text not null,
    status text not null,
    marketplace text not null,
    type_key text not null,
    amount numeric(20,4) not null,
    line_count bigint not null,
    primary key (${sql.raw(KEY)})
  )`.execute(db);
  const upsert = sql.raw(`on conflict (${KEY}) do update set amount = report_day_totals.amount + excluded.amount, line_count = report_day_totals.line_count + excluded.line_count`);
  const localDay = sql.raw(`to_char((s.end_at at time zone a.time_zone_id)::date, 'YYYY-MM-DD')`);
  // One account's days recounted (null: every account), from the type totals.
  await sql`create function report_day_totals_rebuild(p_account text) returns void language plpgsql as $$
    begin
      delete from report_day_totals where p_account is null or account_key = p_account;
      insert into report_day_totals (${sql.raw(KEY)}, amount, line_count)
        select s.account_key, ${localDay}, s.currency, s.status, coalesce(t.marketplace, ''), t.type_key, sum(t.amount), sum(t.line_count)
        from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key join accounts a on a.account_key = s.account_key
        where s.duplicate_of is null and s.end_at is not null and (p_account is null or s.account_key = p_account)
        group by 1, 2, 3, 4, 5, 6;
    end $$`.execute(db);
  // One settlement's type totals added (p_sign 1) or taken away (-1) under the given header values.
  await sql`create function report_day_totals_shift(p_settlement text, p_account text, p_end timestamptz, p_currency text, p_status text, p_duplicate_of text, p_sign integer)
    returns void language plpgsql as $$
    declare
      v_day text;
    begin
      if p_duplicate_of is not null or p_end is null then return; end if;
      select to_char((p_end at time zone a.time_zone_id)::date, 'YYYY-MM-DD') into v_day from accounts a where a.account_key = p_account;
      if v_day is null then return; end if;
      if p_sign > 0 then
        insert into report_day_totals (${sql.raw(KEY)}, amount, line_count)
          select p_account, v_day, p_currency, p_status, coalesce(t.marketplace, ''), t.type_key, sum(t.amount), sum(t.line_count)
          from settlement_type_totals t where t.settlement_key = p_settlement
          group by 5, 6
          ${upsert};
      else
        update report_day_totals r set amount = r.amount - g.amount, line_count = r.line_count - g.line_count
          from (select coalesce(t.marketplace, '') as marketplace, t.type_key, sum(t.amount) as amount, sum(t.line_count) as line_count
                from settlement_type_totals t where t.settlement_key = p_settlement group by 1, 2) g
          where r.account_key = p_account and r.local_day = v_day and r.currency = p_currency and r.status = p_status
            and r.marketplace = g.marketplace and r.type_key = g.type_key;
      end if;
      delete from report_day_totals where account_key = p_account and local_day = v_day and currency = p_currency and status = p_status and line_count = 0;
    end $$`.execute(db);
  await sql`create function report_day_totals_on_type_totals_insert() returns trigger language plpgsql as $$
    begin
      insert into report_day_totals (${sql.raw(KEY)}, amount, line_count)
        select s.account_key, ${localDay}, s.currency, s.status, coalesce(t.marketplace, ''), t.type_key, sum(t.amount), sum(t.line_count)
        from new_rows t join settlements s on s.settlement_key = t.settlement_key join accounts a on a.account_key = s.account_key
        where s.duplicate_of is null and s.end_at is not null
        group by 1, 2, 3, 4, 5, 6
        ${upsert};
      return null;
    end $$`.execute(db);
  await sql`create function report_day_totals_on_type_totals_delete() returns trigger language plpgsql as $$
    begin
      update report_day_totals r set amount = r.amount - g.amount, line_count = r.line_count - g.line_count
        from (
          select s.account_key, ${localDay} as local_day, s.currency, s.status, coalesce(t.marketplace, '') as marketplace, t.type_key, sum(t.amount) as amount, sum(t.line_count) as line_count
          from old_rows t join settlements s on s.settlement_key = t.settlement_key join accounts a on a.account_key = s.account_key
          where s.duplicate_of is null and s.end_at is not null
          group by 1, 2, 3, 4, 5, 6) g
        where r.account_key = g.account_key and r.local_day = g.local_day and r.currency = g.currency and r.status = g.status
          and r.marketplace = g.marketplace and r.type_key = g.type_key;
      delete from report_day_totals r where r.line_count = 0 and (r.account_key, r.local_day, r.currency, r.status) in (
        select s.account_key, ${localDay}, s.currency, s.status
        from old_rows t join settlements s on s.settlement_key = t.settlement_key join accounts a on a.account_key = s.account_key);
      return null;
    end $$`.execute(db);
  await sql`create trigger report_day_totals_type_totals_insert after insert on settlement_type_totals
    referencing new table as new_rows for each statement execute function report_day_totals_on_type_totals_insert()`.execute(db);
  await sql`create trigger report_day_totals_type_totals_delete after delete on settlement_type_totals
    referencing old table as old_rows for each statement execute function report_day_totals_on_type_totals_delete()`.execute(db);
  await sql`create function report_day_totals_on_settlement_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform report_day_totals_shift(old.settlement_key, old.account_key, old.end_at, old.currency, old.status, old.duplicate_of, -1);
        return old;
      end if;
      perform report_day_totals_shift(old.settlement_key, old.account_key, old.end_at, old.currency, old.status, old.duplicate_of, -1);
      perform report_day_totals_shift(new.settlement_key, new.account_key, new.end_at, new.currency, new.status, new.duplicate_of, 1);
      return new;
    end $$`.execute(db);
  await sql`create trigger report_day_totals_settlement_delete before delete on settlements
    for each row execute function report_day_totals_on_settlement_change()`.execute(db);
  await sql`create trigger report_day_totals_settlement_update after update of end_at, status, currency, duplicate_of, account_key on settlements
    for each row when ((old.end_at, old.status, old.currency, old.duplicate_of, old.account_key) is distinct from (new.end_at, new.status, new.currency, new.duplicate_of, new.account_key))
    execute function report_day_totals_on_settlement_change()`.execute(db);
  await sql`create function report_day_totals_on_time_zone_change() returns trigger language plpgsql as $$
    begin
      perform report_day_totals_rebuild(new.account_key);
      return new;
    end $$`.execute(db);
  await sql`create trigger report_day_totals_time_zone_update after update of time_zone_id on accounts
    for each row when (old.time_zone_id is distinct from new.time_zone_id) execute function report_day_totals_on_time_zone_change()`.execute(db);
  await sql`select report_day_totals_rebuild(null)`.execute(db);
  await sql`analyze report_day_totals`.execute(db);
  // Reports count an account's settlements by status over a range of end days from the index alone.
  await sql`create index settlements_account_end_idx on settlements (account_key, end_at) include (status, inconsistent, posting_status, duplicate_of)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlements_account_end_idx`.execute(db);
  await sql`drop trigger report_day_totals_time_zone_update on accounts`.execute(db);
  await sql`drop trigger report_day_totals_settlement_update on settlements`.execute(db);
  await sql`drop trigger report_day_totals_settlement_delete on settlements`.execute(db);
  await sql`drop trigger report_day_totals_type_totals_delete on settlement_type_totals`.execute(db);
  await sql`drop trigger report_day_totals_type_totals_insert on settlement_type_totals`.execute(db);
  for (const f of ['on_time_zone_change', 'on_settlement_change', 'on_type_totals_delete', 'on_type_totals_insert']) await sql`drop function ${sql.raw(`report_day_totals_${f}()`)}`.execute(db);
  await sql`drop function report_day_totals_shift(text, text, timestamptz, text, text, text, integer)`.execute(db);
  await sql`drop function report_day_totals_rebuild(text)`.execute(db);
  await sql`drop table report_day_totals`.execute(db);
}
