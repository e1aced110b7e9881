/**
 * Upload of an Amazon Inventory Ledger summary (multipart, one part named file), like the cost sheet
 * import: all or nothing, any bad cell a 400 naming file, row and column. Each month the file covers
 * replaces that month's earlier upload; the write is audited on the account.
 */
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { findTextProblem, INVENTORY_REPORT_BYTES_MAX, uploadInventoryReport } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { getInventoryAccount } from './inventory-account';
import { replaceInventoryMonths } from './inventory-repository';
import { readInventoryLedger } from './read-inventory-ledger';

const PROBLEMS_SHOWN_MAX = 20;

export function registerInventoryUploadRoute(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: INVENTORY_REPORT_BYTES_MAX, files: 1, fields: 2 } });
    addRoute(scope, deps, uploadInventoryReport, async ({ caller, query, request }) => {
      const account = await getInventoryAccount(db, caller, query.accountKey);
      if (!request.isMultipart())
        throw new AppError('request.unsupported-media-type', 'Upload the inventory report as multipart/form-data, in a part named file.');
      const part = await request.file();
      if (!part) throw new AppError('request.invalid', 'Choose an inventory report to upload (a part named file).');
      const problem = findTextProblem(part.filename);
      if (problem)
        throw new AppError('request.invalid', `The file name ${JSON.stringify(part.filename)} ${problem}; rename the file and upload it again.`, { file: part.filename });
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError('request.too-large', `The file ${part.filename} is larger than ${INVENTORY_REPORT_BYTES_MAX / 1024 / 1024} MB; nothing was uploaded.`, { file: part.filename });
      if (bytes.length === 0)
        throw new AppError('request.invalid', `The file ${part.filename} is empty; nothing was uploaded.`, { file: part.filename });
      const ledger = readInventoryLedger(bytes, part.filename);
      if (ledger.problems.length === 0 && ledger.rowCount === 0)
        throw new AppError('request.invalid', `The file ${part.filename} has no inventory rows; nothing was uploaded.`, { file: part.filename });
      if (ledger.problems.length > 0) {
        const shown = ledger.problems.slice(0, PROBLEMS_SHOWN_MAX).map((p) => p.message).join(' ');
        const more = ledger.problems.length > PROBLEMS_SHOWN_MAX ? ` (${ledger.problems.length - PROBLEMS_SHOWN_MAX} more problems not shown)` : '';
        throw new AppError('request.invalid', `Nothing was uploaded from ${part.filename}: ${shown}${more}`, {
          file: part.filename,
          problems: ledger.problems.slice(0, 200),
        });
      }
      const stored = ledger.months;
      const months = stored.map((m) => m.month);
      const at = deps.clock();
      await db.transaction().execute(async (trx) => {
        await replaceInventoryMonths(trx, account.accountKey, stored, caller.userId, at, { source: 'UPLOAD', reportId: null });
        await recordAudit(trx, {
          actorUserId: caller.userId,
          accountKey: account.accountKey,
          action: 'inventory.report-uploaded',
          entityType: 'inventory-report',
          entityId: part.filename,
          before: null,
          after: { file: part.filename, months, rows: ledger.rowCount },
          at,
        });
      });
      const positionCount = stored.reduce((n, m) => n + m.positions.length, 0);
      return {
        months,
        rowCount: ledger.rowCount,
        positionCount,
        message: `${ledger.rowCount} row${ledger.rowCount === 1 ? '' : 's'} of ${part.filename} uploaded for ${months.join(', ')}.`,
      };
    });
  });
}
