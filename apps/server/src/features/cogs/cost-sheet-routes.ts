/**
 * Cost sheets: import costs from CSV or XLSX (multipart, one part named file; exceljs reads the first
 * worksheet, core's readCostTable checks every cell) and export them in the same columns. An import
 * is all or nothing: any bad cell is a 400 naming its row and column, and nothing is saved.
 */
import { isBillingEnabled } from '../../config/billing-config';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import {
  COST_SHEET_BYTES_MAX,
  exportProductCosts,
  findTextProblem,
  importProductCosts,
} from '@ledgerport/contract';
import { COST_SHEET_COLUMNS, parseCostCsv, readCostTable, type CostSheet } from '@ledgerport/core/cogs';
import { escapeFormulaText } from '@ledgerport/core/exports';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getCogsAccount } from './cogs-account';
import { ensureProduct, upsertCost } from './product-catalog-repository';

const PROBLEMS_SHOWN_MAX = 20;

export function registerCostSheetRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: COST_SHEET_BYTES_MAX, files: 1, fields: 2 },
    });
    addRoute(scope, deps, importProductCosts, async ({ caller, query, request }) => {
      await assertAccountAccess(db, caller, query.accountKey);
      const { catalogKey } = await getCogsAccount(db, query.accountKey, isBillingEnabled(deps.config));
      if (!request.isMultipart())
        throw new AppError(
          'request.unsupported-media-type',
          'Upload the cost sheet as multipart/form-data, in a part named file.',
        );
      const part = await request.file();
      if (!part) throw new AppError('request.invalid', 'Choose a cost sheet to import (a part named file).');
      const problem = findTextProblem(part.filename);
      if (problem)
        throw new AppError(
          'request.invalid',
          `The file name ${JSON.stringify(part.filename)} ${problem}; rename the file and upload it again.`,
          { file: part.filename },
        );
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError(
          'request.too-large',
          `The file ${part.filename} is larger than ${COST_SHEET_BYTES_MAX / 1024 / 1024} MB; nothing was imported.`,
          { file: part.filename },
        );
      if (bytes.length === 0)
        throw new AppError('request.invalid', `The file ${part.filename} is empty; nothing was imported.`, {
          file: part.filename,
        });
      const sheet = isXlsx(bytes) ? await readXlsx(bytes, part.filename) : parseCostCsv(bytes, part.filename);
      if (sheet.problems.length > 0) {
        const shown = sheet.problems
          .slice(0, PROBLEMS_SHOWN_MAX)
          .map((p) => p.message)
          .join(' ');
        const more =
          sheet.problems.length > PROBLEMS_SHOWN_MAX
            ? ` (${sheet.problems.length - PROBLEMS_SHOWN_MAX} more problems not shown)`
            : '';
        throw new AppError('request.invalid', `Nothing was imported from ${part.filename}: ${shown}${more}`, {
          file: part.filename,
          problems: sheet.problems.slice(0, 200),
        });
      }
      const at = deps.clock();
      let newProducts = 0;
      await db.transaction().execute(async (trx) => {
        for (const cost of sheet.costs) {
          if (await ensureProduct(trx, catalogKey, cost.sku, cost.title, at)) newProducts++;
          await upsertCost(trx, catalogKey, cost, caller.userId, at);
        }
        await recordAudit(trx, {
          actorUserId: caller.userId,
          accountKey: query.accountKey,
          action: 'product.costs-imported',
          entityType: 'product',
          entityId: part.filename,
          before: null,
          after: { file: part.filename, costs: sheet.costs.length },
          at,
        });
      });
      return {
        imported: sheet.costs.length,
        newProducts,
        message: `${sheet.costs.length} cost${sheet.costs.length === 1 ? '' : 's'} imported from ${part.filename}.`,
      };
    });
  });

  addRoute(app, deps, exportProductCosts, async ({ caller, query, reply }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const { catalogKey } = await getCogsAccount(db, query.accountKey, isBillingEnabled(deps.config));
    const rows = await db
      .selectFrom('products as p')
      .leftJoin('product_costs as c', (j) =>
        j.onRef('c.catalog_key', '=', 'p.catalog_key').onRef('c.sku', '=', 'p.sku'),
      )
      .select(['p.sku', 'p.title', 'c.currency', 'c.effective_date', 'c.unit_cost'])
      .where('p.catalog_key', '=', catalogKey)
      .orderBy('p.sku')
      .orderBy('c.currency')
      .orderBy('c.effective_date')
      .execute();
    const table = [
      [...COST_SHEET_COLUMNS],
      ...rows.map((r) => [r.sku, r.currency ?? '', r.effective_date ?? '', r.unit_cost ?? '', r.title ?? '']),
    ];
    return sendSheet(reply, `costs-${query.accountKey}`, query.format, table);
  });
}

/** XLSX (and every Office Open XML file) is a ZIP: it starts with PK\x03\x04. */
function isXlsx(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

async function readXlsx(bytes: Buffer, fileName: string): Promise<CostSheet> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return {
      costs: [],
      problems: [
        {
          file: fileName,
          row: 0,
          column: null,
          message: `${fileName} is not a spreadsheet Ledgerport can read; save it as .xlsx or .csv.`,
        },
      ],
    };
  }
  const sheet = book.worksheets[0];
  if (!sheet)
    return {
      costs: [],
      problems: [{ file: fileName, row: 0, column: null, message: 'The workbook has no worksheet.' }],
    };
  const rows: { row: number; fields: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const fields: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) fields.push(cellText(row.getCell(c)));
    rows.push({ row: rowNumber, fields });
  });
  return readCostTable(rows, fileName);
}

/** A cell as the text a person sees: dates as YYYY-MM-DD, numbers as written (never a float's rounding). */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object' && 'result' in v) {
    const r = v.result;
    return r instanceof Date
      ? r.toISOString().slice(0, 10)
      : typeof r === 'string' || typeof r === 'number' || typeof r === 'boolean'
        ? String(r)
        : '';
  }
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  return cell.text;
}

async function sendSheet(
  reply: FastifyReply,
  name: string,
  format: 'csv' | 'xlsx',
  table: string[][],
): Promise<void> {
  if (format === 'csv') {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`);
    await reply.send(stringify(table.map((row) => row.map((c, i) => (i === 3 ? c : escapeFormulaText(c))))));
    return;
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Costs');
  // Costs stay text ("12.5000"): a spreadsheet number would be a float; the import reads either.
  for (const row of table) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}.xlsx"`);
  await reply.send(buffer);
}
