/**
 * GET /reports/export-data (Export Data, beta): the summary by type and month, the settlements list or
 * every raw line of the settlements ending in a range, streamed as CSV (csv-stringify) or XLSX
 * (exceljs's streaming WorkbookWriter). Rows come from async generators that read a page at a time
 * (export-data-rows.ts) and are written as the client takes them: a file of millions of lines never
 * sits in memory. The x-export-rows header says how many data rows follow, for the progress bar.
 */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { errorMessages, EXPORT_DATA_DAYS_MAX, exportData, SUMMARY_REPORT_DAYS_MAX } from '@ledgerport/contract';
import { escapeFormulaText } from '@ledgerport/core/exports';
import type { Channel } from '@ledgerport/core/settlements';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { countExportRows, lineRows, LINES_HEADER, settlementRows, SETTLEMENTS_HEADER, summaryRows, SUMMARY_HEADER, type ExportCell } from './export-data-rows';
import { assertReportRange } from './report-range';

const SHEET_NAMES = { summary: 'Summary by type and month', settlements: 'Settlements', lines: 'Settlement lines' } as const;

export function registerExportDataRoute(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  addRoute(app, deps, exportData, async ({ caller, query, reply }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const { accountKey, report, start, end, format } = query;
    assertReportRange(start, end, report === 'lines' ? EXPORT_DATA_DAYS_MAX : SUMMARY_REPORT_DAYS_MAX);
    const account = await db.selectFrom('accounts').select(['sales_channel', 'time_zone_id']).where('account_key', '=', accountKey).executeTakeFirst();
    if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
    const range = { accountKey, channel: account.sales_channel as Channel, timeZoneId: account.time_zone_id, start, end };
    const expected = await countExportRows(db, report, range);
    const [header, rows] =
      report === 'summary' ? [SUMMARY_HEADER, summaryRows(db, range)] : report === 'settlements' ? [SETTLEMENTS_HEADER, settlementRows(db, range)] : [LINES_HEADER, lineRows(db, range)];
    const name = `${report}-${accountKey}-${start}-${end}.${format}`;
    reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-export-rows', String(expected))
      .header('access-control-expose-headers', 'x-export-rows');
    return reply.send(format === 'csv' ? csvStream(header, rows) : xlsxStream(SHEET_NAMES[report], header, rows));
  });
}

/** Text as a spreadsheet must see it (formula starts escaped, see core's csv-row); numbers as they are. */
const csvCell = (c: ExportCell) => (typeof c === 'string' ? escapeFormulaText(c) : c !== null && typeof c === 'object' ? c.csvNumber : c);

function csvStream(header: string[], rows: AsyncGenerator<ExportCell[]>): Readable {
  const cells = Readable.from((async function* () {
    yield header;
    for await (const row of rows) yield row.map(csvCell);
  })(), { objectMode: true, highWaterMark: 256 });
  const out = stringify();
  cells.on('error', (error) => out.destroy(error));
  return cells.pipe(out);
}

/**
 * The streaming workbook writes each committed row into the zip as it goes; the writer waits while
 * the client has not taken what was written (the PassThrough's buffer is full), so a slow download
 * holds a few pages, never the file. An XLSX cell holding a string is text, never a formula; amounts
 * are written as their exact decimal text, as the settlements export does (never a float).
 */
function xlsxStream(sheetName: string, header: string[], rows: AsyncGenerator<ExportCell[]>): Readable {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName);
  void (async () => {
    const first = sheet.addRow(header);
    first.font = { bold: true };
    first.commit();
    let n = 0;
    for await (const row of rows) {
      sheet.addRow(row.map((c) => (c !== null && typeof c === 'object' ? c.csvNumber : c))).commit();
      if (++n % 1000 === 0 && out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
