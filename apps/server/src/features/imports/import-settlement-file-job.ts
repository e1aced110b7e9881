/**
 * The background job that reads one uploaded file: parsed in a worker thread while its lines are
 * written (readSettlementFile, progress stored as it reads), then settled in one short transaction
 * (settleStoredSettlements): the settlements appear whole or not at all. A file with problems stores
 * nothing unless the upload chose to load the readable settlements.
 *
 * Crash safe (issue 14): a job claims the file by raising its `attempts` (compare and set), and the
 * settlements and the file's outcome are written in ONE transaction that first checks the claim is
 * still its own. A process killed at any point leaves the file QUEUED, PARSING or STORING with nothing
 * of it visible (lines written under keys no settlement row has); pg-boss retries the job (heartbeat)
 * or recover-settlement-imports queues it again, and the next attempt reads it from the start or fails
 * it (core's decideImportAttempt), saying which. An attempt that lost its claim (its process was
 * thought dead) settles nothing and discards its lines. The uploaded file is removed once its outcome
 * is recorded, and the upload's folder with its last file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, SettlementImportFilesTable } from '@ledgerport/db';
import type { ImportedSettlement } from '@ledgerport/contract';
import { decideImportAttempt, importRestartedNote, importRestartingNote, type UnfinishedImportStatus } from '@ledgerport/core/rules';
import type { Channel } from '@ledgerport/core/settlements';
import type { JobHandler } from '../../jobs/job-handler';
import { settlementFileImported } from './import-events';
import { discardUnsettledLines, discardWrittenLines, readSettlementFile } from './read-settlement-file';
import { settleStoredSettlements } from './store-settlements';

export const IMPORT_SETTLEMENT_FILE_QUEUE = 'import-settlement-file';
export const UNFINISHED_IMPORT_STATUSES: readonly UnfinishedImportStatus[] = ['QUEUED', 'PARSING', 'STORING'];
const PROBLEMS_KEPT_MAX = 500;
/**
 * Lines per COPY. On PGlite a statement runs on the thread that serves requests, so a batch is what
 * a request may wait behind; on PostgreSQL the thread only hands the text on.
 */
const PGLITE_BATCH_LINES = 2_000;
const POSTGRES_BATCH_LINES = 20_000;

/** The job's singleton key: one file of one upload (recover-settlement-imports asks whether it is still queued). */
export const importFileJobKey = (importId: string, fileIndex: number) => `${importId}/${fileIndex}`;

/** accountKey routes every statement of the job to the account's shard on Citus (decision 0042). */
export interface ImportFileJobData {
  accountKey?: string;
  importId: string;
  fileIndex: number;
}

export const importSettlementFileJob: JobHandler<ImportFileJobData> = {
  queue: IMPORT_SETTLEMENT_FILE_QUEUE,
  // A retry after a killed process reads the file again; decideImportAttempt stops a file that keeps
  // stopping the server, so the retries here only need to outnumber its attempts.
  retryLimit: 4,
  retryDelaySeconds: 1,
  expireInSeconds: 3600,
  // A job whose process died is retried within about half a minute (heartbeat, then pg-boss's supervisor).
  heartbeatSeconds: 10,
  async handle(data, deps, log) {
    // Jobs queued before the account was part of their data look it up (a lookup on every shard on Citus).
    const accountKey = data.accountKey ?? (await findImportAccount(deps.db, data.importId));
    if (accountKey === undefined) return;
    const statusNow = () => fileStatus(deps.db, accountKey, data.importId, data.fileIndex);
    const isStarting = UNFINISHED_IMPORT_STATUSES.includes((await statusNow()) as UnfinishedImportStatus);
    if (isStarting) deps.metrics.countWork('import', 'started');
    await importSettlementFile(deps.db, data.importId, data.fileIndex, deps.clock, deps.config.databaseUrl ? POSTGRES_BATCH_LINES : PGLITE_BATCH_LINES, accountKey);
    const outcome = await statusNow();
    if (isStarting && outcome !== undefined && !UNFINISHED_IMPORT_STATUSES.includes(outcome as UnfinishedImportStatus)) deps.metrics.countWork('import', outcome === 'FAILED' ? 'failed' : 'done');
    await settlementFileImported.emit({ deps, accountKey, log });
  },
};

const NO_KEYS = sql<string[]>`'{}'::text[]`;

/** Raised when another attempt claimed the file since this one did: this one stores nothing. */
class ClaimLostError extends Error {}

async function fileStatus(db: Kysely<Database>, accountKey: string, importId: string, fileIndex: number): Promise<string | undefined> {
  const row = await db.selectFrom('settlement_import_files').select('status').where('account_key', '=', accountKey).where('import_id', '=', importId).where('file_index', '=', fileIndex).executeTakeFirst();
  return row?.status;
}

/** The account of an upload found by its id alone (on Citus: every shard asked once). */
export async function findImportAccount(db: Kysely<Database>, importId: string): Promise<string | undefined> {
  return (await db.selectFrom('settlement_imports').select('account_key').where('import_id', '=', importId).executeTakeFirst())?.account_key;
}

export async function importSettlementFile(db: Kysely<Database>, importId: string, fileIndex: number, clock: () => Date, batchLines = PGLITE_BATCH_LINES, knownAccountKey?: string): Promise<void> {
  const accountKey = knownAccountKey ?? (await findImportAccount(db, importId));
  if (accountKey === undefined) return;
  const file = await db
    .selectFrom('settlement_import_files as f')
    .innerJoin('settlement_imports as i', (j) => j.onRef('i.account_key', '=', 'f.account_key').onRef('i.import_id', '=', 'f.import_id'))
    .innerJoin('accounts as a', 'a.account_key', 'i.account_key')
    .select(['f.file_name', 'f.stored_path', 'f.size_bytes', 'f.status', 'f.attempts', 'f.lines_keys', 'i.load_readable', 'i.account_key', 'a.sales_channel'])
    .where('f.account_key', '=', accountKey)
    .where('f.import_id', '=', importId)
    .where('f.file_index', '=', fileIndex)
    .executeTakeFirst();
  if (!file) return;
  const thisFile = db.updateTable('settlement_import_files').where('account_key', '=', accountKey).where('import_id', '=', importId).where('file_index', '=', fileIndex);
  if (!UNFINISHED_IMPORT_STATUSES.includes(file.status as UnfinishedImportStatus)) {
    removeUpload(file.stored_path);
    return;
  }
  const decision = decideImportAttempt({
    fileName: file.file_name,
    status: file.status as UnfinishedImportStatus,
    attempts: file.attempts,
    isFilePresent: file.stored_path !== null && fs.existsSync(file.stored_path),
  });
  // Claim: only the job that raises attempts from the value it read goes on.
  const attempt = file.attempts + 1;
  const claimed = await thisFile
    .set(
      decision.kind === 'run'
        ? { status: 'PARSING', progress_percent: 0, attempts: attempt, message: decision.interruptedWhile ? importRestartingNote(decision.interruptedWhile) : null, updated_at: clock() }
        : { status: 'FAILED', progress_percent: 100, attempts: attempt, message: decision.message, stored_path: null, updated_at: clock() },
    )
    .where('attempts', '=', file.attempts)
    .where('status', 'in', UNFINISHED_IMPORT_STATUSES)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return;
  // What an earlier attempt, killed mid-file, wrote and never settled goes before anything else.
  if (file.lines_keys.length > 0) {
    await discardUnsettledLines(db, accountKey, file.lines_keys);
    await thisFile.set({ lines_keys: NO_KEYS }).where('attempts', '=', attempt).execute();
  }
  if (decision.kind === 'fail' || file.stored_path === null) {
    removeUpload(file.stored_path);
    await finishImportWhenDone(db, accountKey, importId, clock());
    return;
  }
  await db.updateTable('settlement_imports').set({ status: 'RUNNING' }).where('account_key', '=', accountKey).where('import_id', '=', importId).where('status', '=', 'QUEUED').execute();
  const mine = (trx: Kysely<Database>) =>
    trx.updateTable('settlement_import_files').where('account_key', '=', accountKey).where('import_id', '=', importId).where('file_index', '=', fileIndex).where('attempts', '=', attempt).where('status', 'in', UNFINISHED_IMPORT_STATUSES);
  const setFile = (values: Updateable<SettlementImportFilesTable>, trx: Kysely<Database> = db) => mine(trx).set({ ...values, updated_at: clock() }).executeTakeFirst();
  const restartedNote = decision.interruptedWhile ? ` ${importRestartedNote(decision.interruptedWhile)}` : '';
  try {
    const size = Math.max(1, Number(file.size_bytes));
    let shown = 0;
    const pending: Promise<unknown>[] = [];
    const source = { kind: 'file' as const, importId, loadReadable: file.load_readable, at: clock() };
    // Parsed in a worker thread; its lines are written as it reads (see readSettlementFile).
    const result = await readSettlementFile(db, {
      path: file.stored_path,
      fileName: file.file_name,
      channel: file.sales_channel as Channel,
      accountKey: file.account_key,
      source,
      batchLines,
      onLinesKey: (linesKey) => mine(db).set({ lines_keys: sql<string[]>`array_append(lines_keys, ${linesKey})` }).execute(),
      onProgress: (read) => {
        // Parsing is 90% of the bar, storing the rest; the row is written at most every 5%.
        const percent = Math.floor((read / size) * 90);
        if (percent >= shown + 5) {
          shown = percent;
          pending.push(setFile({ progress_percent: percent }));
        }
      },
    });
    await Promise.all(pending);
    const invalid = new Set(result.invalidSettlementIds);
    const readable = result.written.filter((w) => !invalid.has(w.header.settlementId));
    const isStored = result.problems.length === 0 || file.load_readable;
    // Lines of what is not stored (a file with problems, a settlement with one) are never settled.
    await discardWrittenLines(db, accountKey, isStored ? result.written.filter((w) => invalid.has(w.header.settlementId)) : result.written);
    try {
      if ((await setFile({ status: 'STORING', progress_percent: 90, format: result.format })).numUpdatedRows === 0n) throw new ClaimLostError();
      // The settlements and the file's outcome in one transaction, which first takes the file's row
      // (locked until commit) and checks the claim: stored once, or not at all. Another upload of the
      // same settlement storing it at the same instant makes this one's insert collide with its row:
      // the transaction is run again once, and then finds that row and records a duplicate.
      await retriedOnceOnDuplicateSettlement(() => db.transaction().execute(async (trx) => {
        if ((await setFile({}, trx)).numUpdatedRows === 0n) throw new ClaimLostError();
        const settlements: ImportedSettlement[] = isStored ? await settleStoredSettlements(trx, file.account_key, readable, source) : [];
        const problems = result.problems.slice(0, PROBLEMS_KEPT_MAX);
        const loaded = settlements.filter((s) => s.outcome !== 'duplicate').length;
        const duplicates = settlements.length - loaded;
        const message = isStored
          ? `${loaded} settlement${loaded === 1 ? '' : 's'} loaded${duplicates > 0 ? `, ${duplicates} already loaded before (duplicate)` : ''}${result.problems.length > 0 ? `; ${result.problems.length} row${result.problems.length === 1 ? '' : 's'} with problems left out` : ''}.`
          : `Nothing was loaded from ${file.file_name}: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} found. Fix the file, or choose to load the readable settlements.`;
        await setFile(
          {
            status: isStored && (loaded + duplicates > 0 || result.problems.length === 0) ? 'LOADED' : 'PROBLEMS',
            progress_percent: 100,
            settlements: JSON.stringify(settlements),
            problems: JSON.stringify(problems),
            problems_omitted: result.problems.length - problems.length,
            message: message + restartedNote,
            stored_path: null,
          },
          trx,
        );
      }));
    } catch (error) {
      // Nothing was settled: the lines written for it go.
      if (isStored) await discardWrittenLines(db, accountKey, readable);
      throw error;
    }
  } catch (error) {
    if (error instanceof ClaimLostError) return;
    const failed = await setFile({ status: 'FAILED', progress_percent: 100, message: `The file ${file.file_name} could not be read: ${(error as Error).message}`, stored_path: null });
    if (failed.numUpdatedRows === 0n) return;
  }
  removeUpload(file.stored_path);
  await finishImportWhenDone(db, accountKey, importId, clock());
}

/** The unique index that keeps one original settlement per account and duplicate key (migration 0003). */
const DUPLICATE_SETTLEMENT_INDEX = 'settlements_duplicate_key_uq';

async function retriedOnceOnDuplicateSettlement<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
    const isCollision = e.code === '23505' && (e.constraint === DUPLICATE_SETTLEMENT_INDEX || String(e.message).includes(DUPLICATE_SETTLEMENT_INDEX));
    if (!isCollision) throw error;
    return run();
  }
}

/** Removes an uploaded file, and its upload's folder once that is empty. */
export function removeUpload(storedPath: string | null): void {
  if (storedPath === null) return;
  fs.rmSync(storedPath, { force: true });
  try {
    fs.rmdirSync(path.dirname(storedPath));
  } catch {
    // Another file of the upload still waits for its job (ENOTEMPTY), or the folder is gone already.
  }
}

export async function finishImportWhenDone(db: Kysely<Database>, accountKey: string, importId: string, at: Date): Promise<void> {
  const open = await db
    .selectFrom('settlement_import_files')
    .select('file_index')
    .where('account_key', '=', accountKey)
    .where('import_id', '=', importId)
    .where('status', 'in', UNFINISHED_IMPORT_STATUSES)
    .executeTakeFirst();
  if (!open) await db.updateTable('settlement_imports').set({ status: 'DONE', finished_at: at }).where('account_key', '=', accountKey).where('import_id', '=', importId).where('status', '!=', 'DONE').execute();
}
