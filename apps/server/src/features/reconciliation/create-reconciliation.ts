/**
 * Runs a reconciliation and saves it: the uploaded file is parsed by core (a bank statement or an
 * order list), compared with the account's stored settlements, and the report and its rows are
 * written in one transaction with the audit entry. A file core cannot read saves nothing: the 400
 * lists its problems, each naming row and column.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { ParseProblemBody } from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import {
  addDays,
  matchDeposits,
  matchOrders,
  orderIdCandidates,
  parseBankStatement,
  parseOrderList,
  type OrderPayment,
  type ReconciliationRow,
  type SettlementDeposit,
} from '@ledgerport/core/reconciliation';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../../audit/record-audit';
import type { StoredCounts } from './reconciliation-repository';

export interface ReconciliationRequest {
  accountKey: string;
  kind: 'deposits' | 'orders';
  start?: string | undefined;
  end?: string | undefined;
  daysAfterMin: number;
  daysAfterMax: number;
  currency?: string | undefined;
}

type RowValues = Omit<Database['reconciliation_report_rows'], 'report_id' | 'row_no' | 'account_key'>;

const PROBLEMS_SHOWN_MAX = 50;
const INSERT_BATCH = 500;

export async function createReconciliation(db: Kysely<Database>, userId: string, at: Date, request: ReconciliationRequest, file: { name: string; bytes: Uint8Array }): Promise<string> {
  if (request.daysAfterMin > request.daysAfterMax) {
    throw new AppError('request.invalid', `The window is empty: daysAfterMin (${request.daysAfterMin}) is after daysAfterMax (${request.daysAfterMax}).`, { daysAfterMin: request.daysAfterMin, daysAfterMax: request.daysAfterMax });
  }
  const outcome = request.kind === 'orders' ? await reconcileOrders(db, request, file) : await reconcileDeposits(db, request, file);
  const reportId = `rcn_${crypto.randomBytes(12).toString('base64url')}`;
  const params = { fileName: file.name, format: outcome.format, start: request.start ?? null, end: request.end ?? null, daysAfterMin: request.daysAfterMin, daysAfterMax: request.daysAfterMax, currency: request.currency ?? null };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reconciliation_reports')
      .values({ report_id: reportId, account_key: request.accountKey, kind: request.kind, params: JSON.stringify(params), totals: JSON.stringify(outcome.totals), created_by_user_id: userId, created_at: at })
      .execute();
    for (let i = 0; i < outcome.rows.length; i += INSERT_BATCH) {
      const batch = outcome.rows.slice(i, i + INSERT_BATCH).map((row, j) => ({ ...row, report_id: reportId, row_no: i + j + 1, account_key: request.accountKey }));
      await trx.insertInto('reconciliation_report_rows').values(batch).execute();
    }
    await recordAudit(trx, {
      actorUserId: userId,
      accountKey: request.accountKey,
      action: 'reconciliation.created',
      entityType: 'reconciliation-report',
      entityId: reportId,
      after: { fileName: file.name, kind: request.kind, start: params.start, end: params.end },
      at,
    });
  });
  return reportId;
}

interface Outcome {
  format: string;
  rows: RowValues[];
  totals: StoredCounts;
}

async function reconcileDeposits(db: Kysely<Database>, request: ReconciliationRequest, file: { name: string; bytes: Uint8Array }): Promise<Outcome> {
  const { start, end } = request;
  if (!start || !end) throw new AppError('request.invalid', 'Choose the dates of the settlements to reconcile (start and end).');
  if (end < start) throw new AppError('request.invalid', `The end date ${end} must not be before the start date ${start}.`, { start, end });
  const statement = parseBankStatement(file.bytes, file.name);
  if (statement.problems.length > 0) refuseFile(file.name, 'bank statement', statement.problems);
  const from = addDays(start, request.daysAfterMin);
  const to = addDays(end, request.daysAfterMax);
  const transactions = statement.transactions.map((t) => ({ ...t, currency: t.currency ?? request.currency ?? null }));
  const inRange = transactions.filter((t) => t.date >= from && t.date <= to);
  const rows = await db
    .selectFrom('settlements')
    .select(['settlement_key', 'settlement_id', 'currency', 'total', 'end_at', 'deposit_at'])
    .where('account_key', '=', request.accountKey)
    .where('duplicate_of', 'is', null)
    .where('status', '=', 'closed')
    .where('total', 'is not', null)
    .where('end_at', '>=', new Date(`${start}T00:00:00Z`))
    .where('end_at', '<', new Date(`${addDays(end, 1)}T00:00:00Z`))
    .orderBy('end_at')
    .orderBy('settlement_key')
    .execute();
  const settlements: SettlementDeposit[] = rows.map((r) => ({
    settlementKey: r.settlement_key,
    settlementId: r.settlement_id,
    currency: r.currency,
    amount: decimalToUnits(r.total!),
    endDate: r.end_at!.toISOString().slice(0, 10),
    depositDate: r.deposit_at ? r.deposit_at.toISOString().slice(0, 10) : null,
  }));
  const result = matchDeposits(settlements, inRange, { daysAfterMin: request.daysAfterMin, daysAfterMax: request.daysAfterMax });
  const t = result.totals;
  const currencies = [...new Set([...Object.keys(t.settlementTotal), ...Object.keys(t.depositTotal)])].sort();
  return {
    format: statement.format,
    rows: result.rows.map(depositRowValues),
    totals: {
      settlements: t.settlementCount,
      deposits: t.depositCount,
      matched: t.matchedCount,
      unmatchedSettlements: t.unmatchedSettlementCount,
      unmatchedDeposits: t.unmatchedDepositCount,
      ignored: t.ignoredCount + (transactions.length - inRange.length),
      orders: 0,
      paidOrders: 0,
      unpaidOrders: 0,
      totals: currencies.map((currency) => ({
        currency,
        settlementTotal: formatUnits(t.settlementTotal[currency] ?? 0n, 2),
        depositTotal: formatUnits(t.depositTotal[currency] ?? 0n, 2),
        matchedTotal: formatUnits(t.matchedTotal[currency] ?? 0n, 2),
      })),
    },
  };
}

function depositRowValues(row: ReconciliationRow): RowValues {
  const { settlement: s, deposit: d } = row;
  return {
    kind: row.kind,
    settlement_key: s?.settlementKey ?? null,
    settlement_id: s?.settlementId ?? null,
    settlement_currency: s?.currency ?? null,
    settlement_amount: s ? formatUnits(s.amount) : null,
    settlement_end_date: s?.endDate ?? null,
    deposit_row: d?.row ?? null,
    deposit_date: d?.date ?? null,
    deposit_amount: d ? formatUnits(d.amount) : null,
    deposit_currency: d?.currency ?? null,
    deposit_description: d?.description || null,
    deposit_reference: d?.reference ?? null,
    order_id: null,
    date_difference_days: row.dateDifferenceDays,
    amount_difference: row.amountDifference === null ? null : formatUnits(row.amountDifference),
    reason: row.reason,
  };
}

async function reconcileOrders(db: Kysely<Database>, request: ReconciliationRequest, file: { name: string; bytes: Uint8Array }): Promise<Outcome> {
  const list = parseOrderList(file.bytes, file.name);
  if (list.problems.length > 0) refuseFile(file.name, 'order list', list.problems);
  const ids = [...new Set(list.orders.flatMap((o) => orderIdCandidates(o.orderId)))];
  const paidIn = new Map<string, OrderPayment[]>();
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const found = await db
      .selectFrom('settlement_refs as r')
      .innerJoin('settlements as s', (j) => j.onRef('s.account_key', '=', 'r.account_key').onRef('s.settlement_key', '=', 'r.settlement_key'))
      .select(['r.value', 's.settlement_key', 's.settlement_id'])
      .where('r.account_key', '=', request.accountKey)
      .where('r.kind', '=', 'order')
      .where('r.value', 'in', ids.slice(i, i + INSERT_BATCH))
      .where('s.account_key', '=', request.accountKey)
      .where('s.duplicate_of', 'is', null)
      .where('s.status', '=', 'closed')
      .orderBy('s.end_at')
      .execute();
    for (const f of found) paidIn.set(f.value, [...(paidIn.get(f.value) ?? []), { settlementKey: f.settlement_key, settlementId: f.settlement_id }]);
  }
  const rows = matchOrders(list.orders, paidIn);
  const paid = rows.filter((r) => r.isPaid).length;
  return {
    format: 'orders-csv',
    rows: rows.map((r) => ({
      kind: r.isPaid ? 'paid-order' : 'unpaid-order',
      settlement_key: r.settlements[0]?.settlementKey ?? null,
      settlement_id: r.settlements.length > 0 ? r.settlements.map((s) => s.settlementId).join(', ') : null,
      settlement_currency: null,
      settlement_amount: null,
      settlement_end_date: null,
      deposit_row: r.order.row,
      deposit_date: null,
      deposit_amount: r.order.amount === null ? null : formatUnits(r.order.amount),
      deposit_currency: request.currency ?? null,
      deposit_description: null,
      deposit_reference: null,
      order_id: r.order.orderId,
      date_difference_days: null,
      amount_difference: null,
      reason: r.reason,
    })),
    totals: { settlements: 0, deposits: 0, matched: 0, unmatchedSettlements: 0, unmatchedDeposits: 0, ignored: 0, orders: rows.length, paidOrders: paid, unpaidOrders: rows.length - paid, totals: [] },
  };
}

function refuseFile(fileName: string, what: string, problems: ParseProblemBody[]): never {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length === 2 ? '' : 's'})` : '';
  throw new AppError('reconciliation.file-problems', `The ${what} ${fileName} could not be read: ${problems[0]!.message.replace(/\.$/, '')}${more}. Nothing was saved.`, {
    file: fileName,
    problems: problems.slice(0, PROBLEMS_SHOWN_MAX),
    problemsOmitted: Math.max(0, problems.length - PROBLEMS_SHOWN_MAX),
  });
}
