/**
 * The reports an account received (the internal account area, issue 19; decision 0047). A report is
 * what one fetch or upload delivered: the settlements stored from it share its report id (the
 * channel's report or settlement id, or the uploaded file's name), so they are grouped by it; an
 * upload that stored nothing (still being read, or refused) is a row of its own from its import file.
 * Scoped to one account (its `account_key` index); header rows only, lines a page at a time.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { AccountReportDetail, AccountReportRow, listAccountReports } from '@ledgerport/contract';
import type { z } from 'zod';

type ReportQuery = z.output<(typeof listAccountReports)['querystring']>;

const day = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().slice(0, 10));
const iso = (d: Date | string) => new Date(d).toISOString();

const SORT_COLUMNS: Record<ReportQuery['sort'], string> = {
  receivedAt: 'received_at',
  reportId: 'report_id',
  periodEnd: 'period_end',
  rowCount: 'row_count',
  status: 'status',
};

interface ReportSqlRow {
  report_id: string;
  source: 'upload' | 'api';
  channel: string | null;
  format: string | null;
  period_start: Date | string | null;
  period_end: Date | string | null;
  received_at: Date | string;
  row_count: number | string;
  status: AccountReportRow['status'];
  settlement_count: number | string;
  settlement_key: string | null;
  settlement_id: string | null;
  message: string | null;
  total: number | string;
}

/** The received reports, filtered, sorted and paged in one statement, with the total of the filtered list. */
export async function listReportsOfAccount(db: Kysely<Database>, accountKey: string, q: ReportQuery): Promise<{ reports: AccountReportRow[]; total: number }> {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const direction = sql.raw(q.desc === 'true' ? 'desc' : 'asc');
  const column = sql.raw(SORT_COLUMNS[q.sort]);
  const result = await sql<ReportSqlRow>`
    with reports as (
      select coalesce(s.report_id, s.settlement_id) as report_id,
             case when s.source_kind = 'api' then 'api' else 'upload' end as source,
             max(s.sales_source) as channel, max(s.format) as format,
             min(s.start_at) as period_start, max(s.end_at) as period_end, min(s.created_at) as received_at,
             sum(s.line_count)::int as row_count,
             case when bool_and(s.duplicate_of is not null) then 'DUPLICATE'
                  when bool_or(s.inconsistent) then 'INCONSISTENT'
                  when bool_or(s.status = 'open') then 'OPEN'
                  else 'STORED' end as status,
             count(*)::int as settlement_count,
             (array_agg(s.settlement_key order by (s.duplicate_of is not null), s.start_at, s.settlement_key))[1] as settlement_key,
             (array_agg(s.settlement_id order by (s.duplicate_of is not null), s.start_at, s.settlement_key))[1] as settlement_id,
             null::text as message
        from settlements s
       where s.account_key = ${accountKey}
       group by coalesce(s.report_id, s.settlement_id), case when s.source_kind = 'api' then 'api' else 'upload' end
      union all
      select f.file_name, 'upload', null, f.format, null, null, i.created_at, 0, f.status, 0, null, null, f.message
        from settlement_import_files f
        join settlement_imports i on i.account_key = f.account_key and i.import_id = f.import_id
       where f.account_key = ${accountKey} and f.status <> 'LOADED' and jsonb_array_length(f.settlements) = 0
    )
    select r.*, count(*) over () as total
      from reports r
     where (${like}::text is null or r.report_id ilike ${like} or r.settlement_id ilike ${like})
       and (${q.source ?? null}::text is null or r.source = ${q.source ?? null})
       and (${q.status ?? null}::text is null or r.status = ${q.status ?? null})
     order by ${column} ${direction} nulls last, r.report_id, r.received_at
     limit ${q.limit} offset ${q.offset}`.execute(db);
  const total = result.rows[0] ? Number(result.rows[0].total) : await countReports(db, accountKey, q);
  return { reports: result.rows.map(reportOf), total };
}

/** A page past the end still tells the total (the window function has no row to ride on). */
async function countReports(db: Kysely<Database>, accountKey: string, q: ReportQuery): Promise<number> {
  if (q.offset === 0) return 0;
  return (await listReportsOfAccount(db, accountKey, { ...q, offset: 0, limit: 1 })).total;
}

function reportOf(r: ReportSqlRow): AccountReportRow {
  return {
    reportId: r.report_id,
    source: r.source,
    channel: r.channel,
    format: r.format,
    periodStart: day(r.period_start),
    periodEnd: day(r.period_end),
    receivedAt: iso(r.received_at),
    rowCount: Number(r.row_count),
    status: r.status,
    settlementCount: Number(r.settlement_count),
    settlementKey: r.settlement_key,
    settlementId: r.settlement_id,
    message: r.message,
  };
}

/** One report: its settlements, exact totals per type (from the stored type totals), its uploads that stored nothing, and a page of lines. */
export async function findReportOfAccount(db: Kysely<Database>, accountKey: string, reportId: string, page: { limit: number; offset: number }): Promise<AccountReportDetail | undefined> {
  const settlements = await db
    .selectFrom('settlements')
    .select(['settlement_key', 'settlement_id', 'currency', 'start_at', 'end_at', 'total', 'lines_total', 'line_count', 'status', 'posting_status', 'inconsistent', 'duplicate_of', 'source_kind'])
    .where('account_key', '=', accountKey)
    .where((eb) => eb.or([eb('report_id', '=', reportId), eb.and([eb('report_id', 'is', null), eb('settlement_id', '=', reportId)])]))
    .orderBy('start_at')
    .orderBy('settlement_key')
    .execute();
  const files = await db
    .selectFrom('settlement_import_files as f')
    .innerJoin('settlement_imports as i', (j) => j.onRef('i.account_key', '=', 'f.account_key').onRef('i.import_id', '=', 'f.import_id'))
    .select(['f.import_id', 'f.file_index', 'f.status', 'f.message', 'i.created_at'])
    .where('f.account_key', '=', accountKey)
    .where('f.file_name', '=', reportId)
    .where('f.status', '!=', 'LOADED')
    .orderBy('i.created_at', 'desc')
    .execute();
  if (settlements.length === 0 && files.length === 0) return undefined;
  const keys = settlements.map((s) => s.settlement_key);
  const totals = keys.length
    ? await db
        .selectFrom('settlement_type_totals as t')
        .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 't.account_key').onRef('s.settlement_key', '=', 't.settlement_key'))
        .select((eb) => ['t.type_key', 's.currency', eb.fn.sum<string>('t.amount').as('amount'), eb.fn.sum<string>('t.line_count').as('line_count')])
        .where('t.account_key', '=', accountKey)
        .where('t.settlement_key', 'in', keys)
        .groupBy(['t.type_key', 's.currency'])
        .orderBy('s.currency')
        .orderBy('t.type_key')
        .execute()
    : [];
  const lines = keys.length
    ? await db
        .selectFrom('settlement_lines as l')
        .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'l.account_key').onRef('s.settlement_key', '=', 'l.settlement_key'))
        .select(['l.settlement_key', 'l.line_no', 'l.posted_at', 'l.type_key', 'l.amount', 's.currency', 'l.order_id', 'l.sku', 'l.quantity', 'l.marketplace', 'l.description'])
        .where('l.account_key', '=', accountKey)
        .where('l.settlement_key', 'in', keys)
        .orderBy('l.settlement_key')
        .orderBy('l.line_no')
        .limit(page.limit)
        .offset(page.offset)
        .execute()
    : [];
  return {
    reportId,
    source: settlements.some((s) => s.source_kind === 'api') ? 'api' : 'upload',
    settlements: settlements.map((s) => ({
      settlementKey: s.settlement_key,
      settlementId: s.settlement_id,
      currency: s.currency,
      startDate: day(s.start_at),
      endDate: day(s.end_at),
      total: s.total === null ? null : String(s.total),
      linesTotal: String(s.lines_total),
      lineCount: s.line_count,
      status: s.status,
      postingStatus: s.posting_status,
      isInconsistent: s.inconsistent,
      duplicateOf: s.duplicate_of,
    })),
    totalsByType: totals.map((t) => ({ typeKey: t.type_key, currency: t.currency, amount: String(t.amount), lineCount: Number(t.line_count) })),
    files: files.map((f) => ({ importId: f.import_id, fileIndex: f.file_index, status: f.status, message: f.message, receivedAt: iso(f.created_at) })),
    lines: lines.map((l) => ({
      settlementKey: l.settlement_key,
      lineNo: l.line_no,
      postedAt: l.posted_at ? iso(l.posted_at) : null,
      typeKey: l.type_key,
      amount: String(l.amount),
      currency: l.currency,
      orderId: l.order_id,
      sku: l.sku,
      quantity: l.quantity,
      marketplace: l.marketplace,
      description: l.description,
    })),
    lineTotal: settlements.reduce((n, s) => n + s.line_count, 0),
  };
}
