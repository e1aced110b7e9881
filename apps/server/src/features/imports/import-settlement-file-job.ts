/**
 * The background job that reads one uploaded file: parsed in a worker thread while its lines are
 * written (readSettlementFile, progress stored as it reads), then settled in one short transaction
 * (settleStoredSettlements): the settlements appear whole or not at all. A file with problems stores nothing unless the
 * upload chose to load the readable settlements. The uploaded file is removed once read.
 */
import fs from 'node:fs';
import type { Kysely, Updateable } from 'kysely';
import type { Database, SettlementImportFilesTable } from '@ledgerport/db';
import type { ImportedSettlement } from '@ledgerport/contract';
import type { Channel } from '@ledgerport/core/settlements';
import type { JobHandler } from '../../jobs/job-handler';
import { discardWrittenLines, readSettlementFile } from './read-settlement-file';
import { settleStoredSettlements } from './store-settlements';

export const IMPORT_SETTLEMENT_FILE_QUEUE = 'import-settlement-file';
const PROBLEMS_KEPT_MAX = 500;
/**
 * Lines per COPY. On PGlite a statement runs on the thread that serves requests, so a batch is what
 * a request may wait behind; on PostgreSQL the thread only hands the text on.
 */
const PGLITE_BATCH_LINES = 2_000;
const POSTGRES_BATCH_LINES = 20_000;

export const importSettlementFileJob: JobHandler<{ importId: string; fileIndex: number }> = {
  queue: IMPORT_SETTLEMENT_FILE_QUEUE,
  retryLimit: 0,
  expireInSeconds: 3600,
  async handle(data, deps) {
    await importSettlementFile(deps.db, data.importId, data.fileIndex, deps.clock, deps.config.databaseUrl ? POSTGRES_BATCH_LINES : PGLITE_BATCH_LINES);
  },
};

export async function importSettlementFile(db: Kysely<Database>, importId: string, fileIndex: number, clock: () => Date, batchLines = PGLITE_BATCH_LINES): Promise<void> {
  const file = await db
    .selectFrom('settlement_import_files as f')
    .innerJoin('settlement_imports as i', 'i.import_id', 'f.import_id')
    .innerJoin('accounts as a', 'a.account_key', 'i.account_key')
    .select(['f.file_name', 'f.stored_path', 'f.size_bytes', 'f.status', 'i.load_readable', 'i.account_key', 'a.sales_channel'])
    .where('f.import_id', '=', importId)
    .where('f.file_index', '=', fileIndex)
    .executeTakeFirst();
  if (!file || file.status !== 'QUEUED' || !file.stored_path) return;
  const setFile = (values: Updateable<SettlementImportFilesTable>) =>
    db.updateTable('settlement_import_files').set({ ...values, updated_at: clock() }).where('import_id', '=', importId).where('file_index', '=', fileIndex).execute();
  await db.updateTable('settlement_imports').set({ status: 'RUNNING' }).where('import_id', '=', importId).where('status', '=', 'QUEUED').execute();
  await setFile({ status: 'PARSING' });
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
    await setFile({ status: 'STORING', progress_percent: 90, format: result.format });
    const invalid = new Set(result.invalidSettlementIds);
    const readable = result.written.filter((w) => !invalid.has(w.header.settlementId));
    const isStored = result.problems.length === 0 || file.load_readable;
    // Lines of what is not stored (a file with problems, a settlement with one) are never settled.
    await discardWrittenLines(db, isStored ? result.written.filter((w) => invalid.has(w.header.settlementId)) : result.written);
    let settled: ImportedSettlement[] = [];
    try {
      if (isStored) settled = await db.transaction().execute((trx) => settleStoredSettlements(trx, file.account_key, readable, source));
    } catch (error) {
      await discardWrittenLines(db, readable);
      throw error;
    }
    const outcome = { isStored, settlements: settled };
    const problems = result.problems.slice(0, PROBLEMS_KEPT_MAX);
    const loaded = outcome.settlements.filter((s) => s.outcome !== 'duplicate').length;
    const duplicates = outcome.settlements.length - loaded;
    const message = outcome.isStored
      ? `${loaded} settlement${loaded === 1 ? '' : 's'} loaded${duplicates > 0 ? `, ${duplicates} already loaded before (duplicate)` : ''}${result.problems.length > 0 ? `; ${result.problems.length} row${result.problems.length === 1 ? '' : 's'} with problems left out` : ''}.`
      : `Nothing was loaded from ${file.file_name}: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} found. Fix the file, or choose to load the readable settlements.`;
    await setFile({
      status: outcome.isStored && (loaded + duplicates > 0 || result.problems.length === 0) ? 'LOADED' : 'PROBLEMS',
      progress_percent: 100,
      settlements: JSON.stringify(outcome.settlements),
      problems: JSON.stringify(problems),
      problems_omitted: result.problems.length - problems.length,
      message,
      stored_path: null,
    });
  } catch (error) {
    await setFile({ status: 'FAILED', progress_percent: 100, message: `The file ${file.file_name} could not be read: ${(error as Error).message}`, stored_path: null });
  } finally {
    fs.rmSync(file.stored_path, { force: true });
    await finishImportWhenDone(db, importId, clock());
  }
}

async function finishImportWhenDone(db: Kysely<Database>, importId: string, at: Date): Promise<void> {
  const open = await db
    .selectFrom('settlement_import_files')
    .select('file_index')
    .where('import_id', '=', importId)
    .where('status', 'in', ['QUEUED', 'PARSING', 'STORING'])
    .executeTakeFirst();
  if (!open) await db.updateTable('settlement_imports').set({ status: 'DONE', finished_at: at }).where('import_id', '=', importId).execute();
}
