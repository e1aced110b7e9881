/** Reads saved reconciliation reports and their rows, in the contract's words. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, ReconciliationReportRowsTable } from '@ledgerport/db';
import type { ReconciliationReport, ReconciliationRowBody, ReconciliationRowKindBody } from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';

/** The totals column: counts and per-currency sums, as the report shows them. */
export type StoredCounts = ReconciliationReport['counts'] & { totals: ReconciliationReport['totals'] };

const reportColumns = ['r.report_id', 'r.account_key', 'r.kind', 'r.params', 'r.totals', 'r.created_at', 'u.email'] as const;

function reportsQuery(db: Kysely<Database>) {
  return db.selectFrom('reconciliation_reports as r').leftJoin('users as u', 'u.user_id', 'r.created_by_user_id').select(reportColumns);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsQuery>['executeTakeFirstOrThrow']>>;

function reportOf(row: ReportRow): ReconciliationReport {
  const params = row.params as { fileName: string; format: string; start: string | null; end: string | null; daysAfterMin: number; daysAfterMax: number };
  const { totals, ...counts } = row.totals as StoredCounts;
  return {
    reconciliationReportId: row.report_id,
    accountKey: row.account_key,
    kind: row.kind,
    fileName: params.fileName,
    format: params.format,
    start: params.start,
    end: params.end,
    daysAfterMin: params.daysAfterMin,
    daysAfterMax: params.daysAfterMax,
    createdAt: row.created_at.toISOString(),
    createdBy: row.email ?? null,
    counts,
    totals,
  };
}

/** The report's account, to check the caller's access before anything else is read. */
export async function findReportAccount(db: Kysely<Database>, reportId: string): Promise<string | undefined> {
  const row = await db.selectFrom('reconciliation_reports').select('account_key').where('report_id', '=', reportId).executeTakeFirst();
  return row?.account_key;
}

export async function getReport(db: Kysely<Database>, accountKey: string, reportId: string): Promise<ReconciliationReport> {
  return reportOf(await reportsQuery(db).where('r.account_key', '=', accountKey).where('r.report_id', '=', reportId).executeTakeFirstOrThrow());
}

export async function listReports(db: Kysely<Database>, accountKey: string, limit: number): Promise<ReconciliationReport[]> {
  const rows = await reportsQuery(db).where('r.account_key', '=', accountKey).orderBy('r.created_at', 'desc').orderBy('r.report_id').limit(limit).execute();
  return rows.map(reportOf);
}

export async function countRows(db: Kysely<Database>, accountKey: string, reportId: string, kind: ReconciliationRowKindBody | undefined): Promise<number> {
  let q = db.selectFrom('reconciliation_report_rows').select((eb) => eb.fn.countAll<string>().as('n')).where('account_key', '=', accountKey).where('report_id', '=', reportId);
  if (kind) q = q.where('kind', '=', kind);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** One page of rows in file order; `afterRowNo` pages by keyset for the export, `offset` for the screen. */
export async function readRows(
  db: Kysely<Database>,
  accountKey: string,
  reportId: string,
  page: { kind?: ReconciliationRowKindBody | undefined; limit: number; offset?: number; afterRowNo?: number },
): Promise<ReconciliationRowBody[]> {
  let q = db.selectFrom('reconciliation_report_rows').selectAll().where('account_key', '=', accountKey).where('report_id', '=', reportId);
  if (page.kind) q = q.where('kind', '=', page.kind);
  if (page.afterRowNo !== undefined) q = q.where('row_no', '>', page.afterRowNo);
  const rows = await q.orderBy('row_no').limit(page.limit).offset(page.offset ?? 0).execute();
  return rows.map(rowOf);
}

const amount = (text: string | null) => (text === null ? null : formatUnits(decimalToUnits(text), 2));

function rowOf(r: Selectable<ReconciliationReportRowsTable>): ReconciliationRowBody {
  return {
    rowNo: r.row_no,
    kind: r.kind,
    settlementKey: r.settlement_key,
    settlementId: r.settlement_id,
    settlementCurrency: r.settlement_currency,
    settlementAmount: amount(r.settlement_amount),
    settlementEndDate: r.settlement_end_date,
    depositRow: r.deposit_row,
    depositDate: r.deposit_date,
    depositAmount: amount(r.deposit_amount),
    depositCurrency: r.deposit_currency,
    depositDescription: r.deposit_description,
    depositReference: r.deposit_reference,
    orderId: r.order_id,
    dateDifferenceDays: r.date_difference_days,
    amountDifference: amount(r.amount_difference),
    reason: r.reason,
  };
}
