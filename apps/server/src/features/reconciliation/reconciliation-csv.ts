/**
 * A reconciliation report as CSV: every row in file order, read a page at a time. Amounts are number
 * cells; text that would start a spreadsheet formula (a bank description '=HYPERLINK(...)') is
 * escaped by core's rule, as in every CSV we write.
 */
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '@ledgerport/db';
import type { ReconciliationReport, ReconciliationRowBody } from '@ledgerport/contract';
import { csvNumber, escapeFormulaText } from '@ledgerport/core/exports';
import { readRows } from './reconciliation-repository';

const PAGE = 1000;
export const OUTCOME_LABELS: Record<ReconciliationRowBody['kind'], string> = {
  matched: 'Matched',
  'unmatched-settlement': 'Settlement without deposit',
  'unmatched-deposit': 'Deposit without settlement',
  'paid-order': 'Order paid',
  'unpaid-order': 'Order unpaid',
};

const HEADER = ['Outcome', 'Settlement', 'Settlement currency', 'Settlement amount', 'Settlement end date', 'File line', 'Bank date', 'Bank amount', 'Bank currency', 'Bank description', 'Bank reference', 'Order', 'Days after end', 'Amount difference', 'Reason'];

export async function sendReconciliationCsv(db: Kysely<Database>, reply: FastifyReply, report: ReconciliationReport): Promise<void> {
  const table: (string | number | null)[][] = [HEADER];
  const text = (value: string | null) => (value === null ? null : escapeFormulaText(value));
  const number = (value: string | null) => (value === null ? null : csvNumber(value).csvNumber);
  let after = 0;
  for (;;) {
    const rows = await readRows(db, report.accountKey, report.reconciliationReportId, { limit: PAGE, afterRowNo: after });
    for (const r of rows) {
      table.push([
        OUTCOME_LABELS[r.kind],
        text(r.settlementId),
        r.settlementCurrency,
        number(r.settlementAmount),
        r.settlementEndDate,
        r.depositRow,
        r.depositDate,
        number(r.depositAmount),
        r.depositCurrency,
        text(r.depositDescription),
        text(r.depositReference),
        text(r.orderId),
        r.dateDifferenceDays,
        number(r.amountDifference),
        text(r.reason),
      ]);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.rowNo;
  }
  const name = `reconciliation-${report.accountKey}-${report.createdAt.slice(0, 10)}-${report.reconciliationReportId}`;
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`);
  await reply.send(stringify(table));
}
