/**
 * The rows of Export Data, read in pages so a file of millions of lines never sits in memory: the
 * settlements ending in the range by a keyset on (end_at, settlement_key), and each one's lines by a
 * keyset on line_no (decision 0017), PAGE rows per statement. Each page is its own short statement (no
 * transaction is held open: PGlite has one connection). The summary is the report rollup's rows.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { csvNumber, type CsvNumber } from '@ledgerport/core/exports';
import { formatUnits } from '@ledgerport/core/money';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { readMonthTotals } from './report-day-totals';

export const EXPORT_PAGE = 2000;

/** A cell: text, a number the spreadsheet should add up (an amount), a count, or empty. */
export type ExportCell = string | number | CsvNumber | null;

export interface ExportRange {
  accountKey: string;
  channel: Channel;
  timeZoneId: string;
  start: string;
  end: string;
}

const amount = (text: string | null): CsvNumber | null => (text === null ? null : csvNumber(text));
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const instantRange = (r: ExportRange) => ({
  from: sql<Date>`(${r.start}::date::timestamp at time zone ${r.timeZoneId})`,
  to: sql<Date>`((${r.end}::date + 1)::timestamp at time zone ${r.timeZoneId})`,
});

export const SUMMARY_HEADER = ['Month', 'Currency', 'Category', 'Transaction type', 'Type key', 'Marketplace', 'Amount', 'Lines'];
export async function* summaryRows(db: Kysely<Database>, r: ExportRange): AsyncGenerator<ExportCell[]> {
  const rows = await readMonthTotals(db, r.accountKey, r.start, r.end, 'closed');
  rows.sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency) || a.typeKey.localeCompare(b.typeKey) || (a.marketplace ?? '').localeCompare(b.marketplace ?? ''));
  for (const row of rows) {
    const info = describeTransactionType(r.channel, row.typeKey);
    yield [row.month, row.currency, info.category, info.label, row.typeKey, row.marketplace, csvNumber(formatUnits(row.amount)), row.lineCount];
  }
}

/** The original settlements ending in the range, a page at a time. */
async function* settlementPages(db: Kysely<Database>, r: ExportRange) {
  const { from, to } = instantRange(r);
  let after: { endAt: Date; key: string } | null = null;
  for (;;) {
    let q = db
      .selectFrom('settlements')
      .select(['settlement_key', 'settlement_id', 'start_at', 'end_at', 'deposit_at', 'currency', 'total', 'lines_total', 'difference', 'status', 'posting_status', 'marketplace', 'line_count'])
      .where('account_key', '=', r.accountKey)
      .where('duplicate_of', 'is', null)
      .where('end_at', '>=', from)
      .where('end_at', '<', to);
    if (after) {
      const a: { endAt: Date; key: string } = after;
      q = q.where((eb) => eb.or([eb('end_at', '>', a.endAt), eb.and([eb('end_at', '=', a.endAt), eb('settlement_key', '>', a.key)])]));
    }
    const page = await q.orderBy('end_at').orderBy('settlement_key').limit(EXPORT_PAGE).execute();
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE) return;
    const last = page[page.length - 1]!;
    after = { endAt: last.end_at!, key: last.settlement_key };
  }
}

export const SETTLEMENTS_HEADER = ['Settlement', 'Start', 'End', 'Deposit date', 'Currency', 'Total', 'Lines total', 'Difference', 'Status', 'Posting status', 'Marketplace', 'Lines'];
export async function* settlementRows(db: Kysely<Database>, r: ExportRange): AsyncGenerator<ExportCell[]> {
  for await (const page of settlementPages(db, r)) {
    for (const s of page) {
      yield [s.settlement_id, day(s.start_at), day(s.end_at), day(s.deposit_at), s.currency, amount(s.total), amount(s.lines_total), amount(s.difference), s.status, s.posting_status, s.marketplace, s.line_count];
    }
  }
}

export const LINES_HEADER = ['Settlement', 'Line', 'Posted at', 'Currency', 'Category', 'Transaction type', 'Type key', 'Order', 'SKU', 'Quantity', 'Marketplace', 'Fulfilment', 'Amount', 'Source file', 'Source row'];
export async function* lineRows(db: Kysely<Database>, r: ExportRange): AsyncGenerator<ExportCell[]> {
  for await (const page of settlementPages(db, r)) {
    for (const s of page) {
      let afterLine = 0;
      for (;;) {
        const lines = await db
          .selectFrom('settlement_lines')
          .select(['line_no', 'posted_at', 'type_key', 'order_id', 'sku', 'quantity', 'marketplace', 'fulfilment_channel', 'amount', 'source_file', 'source_row'])
          .where('settlement_key', '=', s.settlement_key)
          .where('line_no', '>', afterLine)
          .orderBy('line_no')
          .limit(EXPORT_PAGE)
          .execute();
        for (const l of lines) {
          const info = describeTransactionType(r.channel, l.type_key);
          yield [s.settlement_id, l.line_no, l.posted_at ? l.posted_at.toISOString() : null, s.currency, info.category, info.label, l.type_key, l.order_id, l.sku, l.quantity, l.marketplace, l.fulfilment_channel, csvNumber(l.amount), l.source_file, l.source_row];
        }
        if (lines.length < EXPORT_PAGE) break;
        afterLine = lines[lines.length - 1]!.line_no;
      }
    }
  }
}

/** How many data rows the export will have (the header aside): for the progress of a download. */
export async function countExportRows(db: Kysely<Database>, report: 'summary' | 'settlements' | 'lines', r: ExportRange): Promise<number> {
  if (report === 'summary') {
    const row = await db
      .selectFrom('report_day_totals')
      .select(sql<string>`count(distinct (substr(local_day, 1, 7), currency, type_key, marketplace))::text`.as('n'))
      .where('account_key', '=', r.accountKey)
      .where('status', '=', 'closed')
      .where('local_day', '>=', r.start)
      .where('local_day', '<=', r.end)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const { from, to } = instantRange(r);
  const row = await db
    .selectFrom('settlements')
    .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(line_count), 0)::text`.as('lines')])
    .where('account_key', '=', r.accountKey)
    .where('duplicate_of', 'is', null)
    .where('end_at', '>=', from)
    .where('end_at', '<', to)
    .executeTakeFirst();
  return Number(report === 'lines' ? row?.lines ?? 0 : row?.n ?? 0);
}
