/**
 * Reconciliation reports: create from an uploaded file (multipart, one part named file, read into
 * memory up to RECONCILIATION_FILE_BYTES_MAX: a statement is small and parsed at once), list, one
 * report with a page of its rows, delete, CSV export. A report of an account the caller cannot open
 * is not found.
 */
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  createReconciliationReport,
  deleteReconciliationReport,
  errorMessages,
  exportReconciliationReport,
  findTextProblem,
  getReconciliationReport,
  listReconciliationReports,
  pageSizes,
  RECONCILIATION_FILE_BYTES_MAX,
} from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../audit/record-audit';
import { accountLevelOf, assertAccountAccess, assertAllowed } from '../accounts/account-access';
import { createReconciliation } from './create-reconciliation';
import { sendReconciliationCsv } from './reconciliation-csv';
import { countRows, findReportAccount, getReport, listReports, readRows } from './reconciliation-repository';

export function registerReconciliationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  /** The report's account when the caller may do the route's effect there; not found otherwise. */
  async function accountOfReport(caller: Caller, reportId: string): Promise<string> {
    const accountKey = await findReportAccount(db, reportId);
    const level = accountKey ? await accountLevelOf(db, caller, accountKey) : null;
    if (!accountKey || level === null) throw new AppError('reconciliation.not-found', errorMessages.reconciliationReportNotFound, { reconciliationReportId: reportId });
    assertAllowed(caller, level, { reconciliationReportId: reportId });
    return accountKey;
  }

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: RECONCILIATION_FILE_BYTES_MAX, files: 1, fields: 5 } });
    addRoute(scope, deps, createReconciliationReport, async ({ query, caller, request }) => {
      await assertAccountAccess(db, caller, query.accountKey);
      if (!request.isMultipart()) throw new AppError('request.unsupported-media-type', 'Upload the file as multipart/form-data, in a part named file.');
      const part = await request.file();
      if (!part) throw new AppError('request.invalid', 'Choose a file to reconcile (a part named file).');
      const problem = findTextProblem(part.filename);
      if (problem) throw new AppError('request.invalid', `The file name ${JSON.stringify(part.filename)} ${problem}; rename the file and upload it again.`, { file: part.filename });
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('request.too-large', `The file ${part.filename} is larger than ${RECONCILIATION_FILE_BYTES_MAX / 1024 / 1024} MB; nothing was saved.`, { file: part.filename });
      if (bytes.length === 0) throw new AppError('request.invalid', `The file ${part.filename} is empty; nothing was saved.`, { file: part.filename });
      const reportId = await createReconciliation(db, caller.userId, deps.clock(), query, { name: part.filename || 'statement', bytes });
      return getReport(db, query.accountKey, reportId);
    });
  });

  addRoute(app, deps, listReconciliationReports, async ({ query, caller }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    return { reports: await listReports(db, query.accountKey, query.limit) };
  });

  addRoute(app, deps, getReconciliationReport, async ({ query, caller }) => {
    const accountKey = await accountOfReport(caller, query.reconciliationReportId);
    const report = await getReport(db, accountKey, query.reconciliationReportId);
    const totalRows = await countRows(db, accountKey, query.reconciliationReportId, query.rowKind);
    const rows = await readRows(db, accountKey, query.reconciliationReportId, { kind: query.rowKind, limit: query.size, offset: query.page * query.size });
    return { report, rows, pagination: { perPage: query.size, currentPage: query.page, cursor: null, totalRows, pageOptions: [...pageSizes] } };
  });

  addRoute(app, deps, deleteReconciliationReport, async ({ query, caller }) => {
    const accountKey = await accountOfReport(caller, query.reconciliationReportId);
    const report = await getReport(db, accountKey, query.reconciliationReportId);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('reconciliation_report_rows').where('report_id', '=', query.reconciliationReportId).execute();
      await trx.deleteFrom('reconciliation_reports').where('report_id', '=', query.reconciliationReportId).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey,
        action: 'reconciliation.deleted',
        entityType: 'reconciliation-report',
        entityId: query.reconciliationReportId,
        before: { fileName: report.fileName, kind: report.kind, start: report.start, end: report.end },
        at: deps.clock(),
      });
    });
  });

  addRoute(app, deps, exportReconciliationReport, async ({ query, caller, reply }) => {
    const accountKey = await accountOfReport(caller, query.reconciliationReportId);
    const report = await getReport(db, accountKey, query.reconciliationReportId);
    await sendReconciliationCsv(db, reply, report);
  });
}
