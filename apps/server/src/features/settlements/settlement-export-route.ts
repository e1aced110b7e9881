/**
 * GET spanner/settlements/export: an account's settlements starting within [start, end] (92 days at
 * most) as CSV or XLSX. report=summary: one row per settlement; transactions: one row per
 * settlement and transaction type, with the account and tax rate when includeTaxRatesAndCountries.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { exportSettlements, SETTLEMENT_EXPORT_DAYS_MAX } from '@ledgerport/contract';
import { csvNumber, escapeFormulaText, type CsvNumber } from '@ledgerport/core/exports';
import { resolveMapping } from '@ledgerport/core/mapping';
import { describeTransactionType, type Channel } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';

const DAY_MS = 86_400_000;

export function registerSettlementExportRoute(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, exportSettlements, async ({ query, caller, reply }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const start = Date.parse(`${query.start}T00:00:00Z`);
    const end = Date.parse(`${query.end}T00:00:00Z`) + DAY_MS; // the end date counts as the whole day
    const keys = query.settlementKeys ? query.settlementKeys.split(',').filter(Boolean) : null;
    if (end <= start) throw new AppError('request.invalid', `The end date ${query.end} must be after the start date ${query.start}.`);
    if (!keys && end - start > SETTLEMENT_EXPORT_DAYS_MAX * DAY_MS) throw new AppError('request.invalid', `Choose at most ${SETTLEMENT_EXPORT_DAYS_MAX} days to export.`);
    let q = db.selectFrom('settlements').selectAll().where('account_key', '=', query.accountKey).where('duplicate_of', 'is', null);
    q = keys ? q.where('settlement_key', 'in', keys) : q.where('start_at', '>=', new Date(start)).where('start_at', '<', new Date(end));
    const rows = await q.orderBy('start_at').execute();
    const withMarketplace = query.includeMarketplace === 'true';
    const withTax = query.includeTaxRatesAndCountries === 'true';
    let table: Cell[][];
    if (query.report === 'summary') {
      table = [
        ['Settlement', 'Start', 'End', 'Deposit date', 'Currency', 'Total', 'Lines total', 'Difference', 'Status', 'Posting status', ...(withMarketplace ? ['Marketplace'] : [])],
        ...rows.map((r) => [r.settlement_id, day(r.start_at), day(r.end_at), day(r.deposit_at), r.currency, amount(r.total), amount(r.lines_total), amount(r.difference), r.status, r.posting_status, ...(withMarketplace ? [r.marketplace] : [])]),
      ];
    } else {
      const context = await getAccountMappingContext(db, query.accountKey);
      const mappings = await getCurrentMappings(db, context);
      // The totals stored with each settlement (a few rows), never its lines.
      const sums = rows.length === 0 ? [] : await db
        .selectFrom('settlement_type_totals')
        .select(['settlement_key', 'type_key', 'marketplace', sql<string>`sum(amount)::text`.as('amount'), sql<string>`sum(line_count)`.as('n')])
        .where('settlement_key', 'in', rows.map((r) => r.settlement_key))
        .groupBy(['settlement_key', 'type_key', 'marketplace'])
        .orderBy('settlement_key')
        .orderBy('type_key')
        .execute();
      const byKey = new Map(rows.map((r) => [r.settlement_key, r]));
      table = [
        ['Settlement', 'Deposit date', 'Currency', 'Transaction type', 'Category', 'Amount', 'Lines', ...(withMarketplace ? ['Marketplace'] : []), ...(withTax ? ['Account', 'Tax rate'] : [])],
        ...sums.map((s) => {
          const r = byKey.get(s.settlement_key)!;
          const channel = r.sales_source as Channel;
          const info = describeTransactionType(channel, s.type_key);
          const target = withTax ? resolveMapping(mappings, context.describeType, channel, s.type_key, null) : undefined;
          return [r.settlement_id, day(r.deposit_at), r.currency, info.label, info.category, amount(s.amount), Number(s.n), ...(withMarketplace ? [s.marketplace] : []), ...(withTax ? [target?.accountCode ?? 'unmapped', target?.taxRateCode ?? ''] : [])];
        }),
      ];
    }
    const name = `settlements-${query.accountKey}-${query.start}-${query.end}-${query.report}`;
    return sendTable(reply, name, query.format, table);
  });
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** Amounts are numbers to the spreadsheet (never escaped); every string is text (see core's csv-row). */
type Cell = string | number | null | CsvNumber;
const amount = (text: string | null): CsvNumber | null => (text === null ? null : csvNumber(text));

async function sendTable(reply: FastifyReply, name: string, format: 'csv' | 'xlsx', table: Cell[][]): Promise<void> {
  if (format === 'csv') {
    // Text starting = + - @ tab or CR would run as a formula when the file is opened: escaped by core's rule.
    const cells = table.map((row) => row.map((c) => (typeof c === 'string' ? escapeFormulaText(c) : c !== null && typeof c === 'object' ? c.csvNumber : c)));
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`);
    await reply.send(stringify(cells));
    return;
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Settlements');
  // An XLSX cell holding a string is text, never a formula: no escaping, and amounts stay as they were.
  for (const row of table) sheet.addRow(row.map((c) => (c !== null && typeof c === 'object' ? c.csvNumber : c)));
  sheet.getRow(1).font = { bold: true };
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${name}.xlsx"`);
  await reply.send(buffer);
}
