/**
 * Reads of the report rollup (report_day_totals, migration 0025, decision 0029): every report groups
 * these few rows per day instead of the settlements' type totals or lines. Days are the settlement's
 * end in the account's time zone, as 'YYYY-MM-DD' text, so a range is a text comparison on the key.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { parseDecimalUnits } from '@ledgerport/core/money';

export interface DayTotalsRow {
  month: string;
  currency: string;
  status: string;
  typeKey: string;
  /** null when the lines carry none. */
  marketplace: string | null;
  amount: bigint;
  lineCount: number;
}

const units = (value: string) => parseDecimalUnits(value, '.') ?? 0n;

/** The account's rollup between two local days (both included), summed by month, currency, status, type and marketplace. */
export async function readMonthTotals(db: Kysely<Database>, accountKey: string, start: string, end: string, status?: 'closed' | 'open'): Promise<DayTotalsRow[]> {
  let q = db
    .selectFrom('report_day_totals')
    .select([
      sql<string>`substr(local_day, 1, 7)`.as('month'),
      'currency',
      'status',
      'type_key',
      'marketplace',
      sql<string>`sum(amount)::text`.as('amount'),
      sql<string>`sum(line_count)::text`.as('line_count'),
    ])
    .where('account_key', '=', accountKey)
    .where('local_day', '>=', start)
    .where('local_day', '<=', end);
  if (status) q = q.where('status', '=', status);
  const rows = await q.groupBy([sql`1`, 'currency', 'status', 'type_key', 'marketplace']).execute();
  return rows.map((r) => ({ month: r.month, currency: r.currency, status: r.status, typeKey: r.type_key, marketplace: r.marketplace === '' ? null : r.marketplace, amount: units(r.amount), lineCount: Number(r.line_count) }));
}

export interface SettlementCounts {
  closed: number;
  open: number;
  inconsistent: number;
  posted: number;
  partiallyPosted: number;
  notPosted: number;
  duplicates: number;
}

/**
 * Counts of the account's settlements ending between two local days, from the index on
 * (account_key, end_at): the day range becomes an instant range in the account's time zone.
 */
export async function countSettlements(db: Kysely<Database>, accountKey: string, timeZoneId: string, start: string, end: string): Promise<SettlementCounts> {
  const from = sql`(${start}::date::timestamp at time zone ${timeZoneId})`;
  const to = sql`((${end}::date + 1)::timestamp at time zone ${timeZoneId})`;
  const result = await sql<{ closed: string; open: string; inconsistent: string; posted: string; partially_posted: string; not_posted: string; duplicates: string }>`
    select count(*) filter (where duplicate_of is null and status = 'closed')::text as closed,
           count(*) filter (where duplicate_of is null and status = 'open')::text as open,
           count(*) filter (where duplicate_of is null and status = 'closed' and inconsistent)::text as inconsistent,
           count(*) filter (where duplicate_of is null and posting_status = 'POSTED')::text as posted,
           count(*) filter (where duplicate_of is null and posting_status = 'PARTIALLY_POSTED')::text as partially_posted,
           count(*) filter (where duplicate_of is null and posting_status = 'NOT_POSTED')::text as not_posted,
           count(*) filter (where duplicate_of is not null)::text as duplicates
    from settlements where account_key = ${accountKey} and end_at >= ${from} and end_at < ${to}`.execute(db);
  const c = result.rows[0]!;
  return { closed: Number(c.closed), open: Number(c.open), inconsistent: Number(c.inconsistent), posted: Number(c.posted), partiallyPosted: Number(c.partially_posted), notPosted: Number(c.not_posted), duplicates: Number(c.duplicates) };
}
