/**
 * Recovery of uploads after a crash (issue 14), at every start and every five minutes:
 *
 * - An unfinished file (QUEUED, PARSING, STORING) whose import job is gone (the process died between
 *   saving the upload and queueing its jobs, or pg-boss gave up on the job) is queued again; the job
 *   then reads it from the start or fails it (import-settlement-file-job.ts), saying which.
 * - What is under uploads/ and no unfinished file references is removed: a finished file the process
 *   was killed before removing, an upload cut off before its rows were saved, empty upload folders.
 *   An upload still streaming has no rows yet, so a file without rows is removed only if it was last
 *   written before this process started (at start) or over an hour ago (on schedule).
 *
 * Only an unfinished import file references its uploaded file: a stored settlement is reprocessed
 * from its stored lines, and only an API settlement is redownloaded, so no file is kept after its import.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Deps } from '../../http/deps';
import type { JobHandler } from '../../jobs/job-handler';
import { finishImportWhenDone, IMPORT_SETTLEMENT_FILE_QUEUE, importFileJobKey, UNFINISHED_IMPORT_STATUSES } from './import-settlement-file-job';

export const RECOVER_SETTLEMENT_IMPORTS_QUEUE = 'recover-settlement-imports';
const UPLOAD_IDLE_MS = 60 * 60 * 1000;

export const recoverSettlementImportsJob: JobHandler<{ startedAt?: string }> = {
  queue: RECOVER_SETTLEMENT_IMPORTS_QUEUE,
  cron: '*/5 * * * *',
  isRunAtStart: true,
  async handle(data, deps, log) {
    const requeued = await requeueOrphanedImportFiles(deps);
    const writtenBefore = data?.startedAt ? new Date(data.startedAt) : new Date(Date.now() - UPLOAD_IDLE_MS);
    const removed = await removeUnreferencedUploads(deps.db, deps.config.uploadDir, writtenBefore);
    if (requeued + removed > 0) log.info(`recovered uploads: ${requeued} file(s) queued again, ${removed} leftover upload file(s) or folder(s) removed`);
  },
};

/** Queues again every unfinished file (of one account when given: support's utility) no job is queued or running for; answers how many. */
export async function requeueOrphanedImportFiles(deps: Pick<Deps, 'db' | 'jobs' | 'clock'>, accountKey?: string): Promise<number> {
  const { jobs } = deps;
  if (!jobs.countPending) return 0;
  let query = deps.db.selectFrom('settlement_import_files').select(['account_key', 'import_id', 'file_index']).where('status', 'in', UNFINISHED_IMPORT_STATUSES);
  if (accountKey !== undefined) query = query.where('account_key', '=', accountKey);
  const files = await query.execute();
  let requeued = 0;
  for (const f of files) {
    const key = importFileJobKey(f.import_id, f.file_index);
    if ((await jobs.countPending(IMPORT_SETTLEMENT_FILE_QUEUE, key)) > 0) continue;
    await jobs.send(IMPORT_SETTLEMENT_FILE_QUEUE, { accountKey: f.account_key, importId: f.import_id, fileIndex: f.file_index }, { singletonKey: key });
    requeued++;
  }
  let imports = deps.db.selectFrom('settlement_imports').select(['account_key', 'import_id']).where('status', '!=', 'DONE');
  if (accountKey !== undefined) imports = imports.where('account_key', '=', accountKey);
  const running = await imports.execute();
  for (const imp of running) await finishImportWhenDone(deps.db, imp.account_key, imp.import_id, deps.clock());
  return requeued;
}

/**
 * Removes from uploadDir every file and folder no unfinished import file references, except an upload
 * without rows written since writtenBefore (it may still be streaming); answers how many it removed.
 */
export async function removeUnreferencedUploads(db: Kysely<Database>, uploadDir: string, writtenBefore: Date): Promise<number> {
  if (!fs.existsSync(uploadDir)) return 0;
  let removed = 0;
  const isIdle = (p: string) => fs.statSync(p).mtimeMs < writtenBefore.getTime();
  for (const entry of fs.readdirSync(uploadDir, { withFileTypes: true })) {
    const dir = path.join(uploadDir, entry.name);
    if (!entry.isDirectory()) {
      if (isIdle(dir)) {
        fs.rmSync(dir, { force: true });
        removed++;
      }
      continue;
    }
    // Before its files go: removing one makes the folder look freshly written.
    const isDirIdle = isIdle(dir);
    const hasRows = (await db.selectFrom('settlement_imports').select('import_id').where('import_id', '=', entry.name).executeTakeFirst()) !== undefined;
    const live = await db
      .selectFrom('settlement_import_files')
      .select('stored_path')
      .where('import_id', '=', entry.name)
      .where('status', 'in', UNFINISHED_IMPORT_STATUSES)
      .where('stored_path', 'is not', null)
      .execute();
    const kept = new Set(live.map((f) => path.resolve(f.stored_path!)));
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (kept.has(path.resolve(file)) || (!hasRows && !isIdle(file))) continue;
      fs.rmSync(file, { recursive: true, force: true });
      removed++;
    }
    if (fs.readdirSync(dir).length === 0 && (hasRows || isDirIdle)) {
      fs.rmSync(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
