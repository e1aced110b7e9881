/**
 * Reads an uploaded settlement file off the request thread: a worker thread (parse-file-worker.ts)
 * parses it and makes its lines' COPY text, and this thread writes each batch with copyInto, each
 * in its own short statement (never a transaction held open while the file is read: PGlite's one
 * connection would serve nobody else meanwhile). The lines stay invisible until the caller settles
 * them (settleStoredSettlements) or discards them (discardWrittenLines).
 */
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { copyInto, type Database } from '@ledgerport/db';
import { SettlementLineTotals, type Channel, type ParseProblem } from '@ledgerport/core/settlements';
import type { FromParseWorker, ParseFileJob, ToParseWorker } from './parse-file-worker';
import { SETTLEMENT_LINE_COLUMNS, SETTLEMENT_REF_COLUMNS } from './settlement-lines-copy';
import { isLinesWanted, type SettlementSource, type WrittenSettlement } from './store-settlements';

export interface ReadSettlementFile {
  path: string;
  fileName: string;
  channel: Channel;
  accountKey: string;
  source: SettlementSource;
  /** Lines per COPY: smaller on PGlite, whose statements run on the event loop's thread. */
  batchLines: number;
  onProgress?: (readBytes: number) => void;
  /** Called with each key before any line is written under it (so a killed process's lines can be found). */
  onLinesKey?: (linesKey: string) => Promise<unknown>;
}

export interface ReadResult {
  format: string | null;
  /** Every settlement read, with the key its lines were written under (null: a duplicate, none written). */
  written: WrittenSettlement[];
  problems: ParseProblem[];
  invalidSettlementIds: string[];
}

const WORKER_URL = new URL('./parse-file-worker.ts', import.meta.url);
/** Batches the worker may make ahead of the database: enough to keep both busy, few enough to bound memory. */
const IN_FLIGHT_MAX = 2;

export function readSettlementFile(db: Kysely<Database>, file: ReadSettlementFile): Promise<ReadResult> {
  const job: ParseFileJob = { path: file.path, fileName: file.fileName, channel: file.channel, accountKey: file.accountKey, batchLines: file.batchLines, inFlightMax: IN_FLIGHT_MAX };
  // The worker runs the TypeScript sources as the server does (decision 0003): tsx is registered in
  // the thread first (Node 20 does not apply a --import loader to a worker's own .ts entry).
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`, { eval: true, workerData: job });
  const skipped = new Set<string>();
  const announced: string[] = [];
  // Messages are handled one after another, in the order the worker sent them.
  let queue: Promise<unknown> = Promise.resolve();
  return new Promise<ReadResult>((resolve, reject) => {
    let isSettled = false;
    const fail = (error: Error) => {
      if (isSettled) return;
      isSettled = true;
      void worker.terminate();
      // Lines already written for a file that cannot be read are never settled: they go.
      void queue
        .catch(() => undefined)
        .then(() => discardLinesOf(db, file.accountKey, announced))
        .then(() => reject(error), () => reject(error));
    };
    const tell = (message: ToParseWorker) => worker.postMessage(message);
    const handle = async (message: FromParseWorker): Promise<void> => {
      if (message.kind === 'progress') file.onProgress?.(message.readBytes);
      else if (message.kind === 'settlement') {
        announced.push(message.linesKey);
        await file.onLinesKey?.(message.linesKey);
        if (!(await isLinesWanted(db, file.accountKey, message.header, file.source))) {
          skipped.add(message.linesKey);
          tell({ kind: 'skip', linesKey: message.linesKey });
        }
      } else if (message.kind === 'lines') {
        if (!skipped.has(message.linesKey)) {
          await copyInto(db, 'settlement_lines', SETTLEMENT_LINE_COLUMNS, message.bytes);
          await copyInto(db, 'settlement_refs', SETTLEMENT_REF_COLUMNS, message.refs);
        }
        tell({ kind: 'ack' });
      } else if (message.kind === 'failed') throw new Error(message.message);
      else {
        isSettled = true;
        void worker.terminate();
        resolve({
          format: message.format,
          written: message.settlements.map((s) => ({ header: s.header, linesKey: skipped.has(s.linesKey) ? null : s.linesKey, totals: SettlementLineTotals.fromData(s.totals) })),
          problems: message.problems,
          invalidSettlementIds: message.invalidSettlementIds,
        });
      }
    };
    worker.on('message', (message: FromParseWorker) => {
      queue = queue.then(() => handle(message)).catch(fail);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the file reader stopped unexpectedly (exit code ${code})`)));
  });
}

async function discardLinesOf(db: Kysely<Database>, accountKey: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('settlement_lines').where('account_key', '=', accountKey).where('settlement_key', 'in', keys).execute();
  await db.deleteFrom('settlement_refs').where('account_key', '=', accountKey).where('settlement_key', 'in', keys).execute();
}

/**
 * Deletes what a killed attempt wrote under these keys (recorded in lines_keys) and never settled:
 * lines and refs of a key no settlement row has. A key that became a settlement keeps everything.
 */
export async function discardUnsettledLines(db: Kysely<Database>, accountKey: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const settled = new Set((await db.selectFrom('settlements').select('settlement_key').where('account_key', '=', accountKey).where('settlement_key', 'in', keys).execute()).map((r) => r.settlement_key));
  const unsettled = keys.filter((k) => !settled.has(k));
  for (const linesKey of unsettled) {
    const last = await db.selectFrom('settlement_lines').select((eb) => eb.fn.max('line_no').as('n')).where('account_key', '=', accountKey).where('settlement_key', '=', linesKey).executeTakeFirst();
    await discardWrittenLines(db, accountKey, [{ linesKey, totals: { lineCount: Number(last?.n ?? 0) } }]);
  }
}

/** Deletes lines (and refs) written under these keys that will never be settled, a batch at a time (PGlite stays responsive). */
export async function discardWrittenLines(db: Kysely<Database>, accountKey: string, written: readonly { linesKey: string | null; totals: { lineCount: number } }[]): Promise<void> {
  const DISCARD_BATCH = 20_000;
  for (const w of written) {
    if (w.linesKey === null) continue;
    await db.deleteFrom('settlement_refs').where('account_key', '=', accountKey).where('settlement_key', '=', w.linesKey).execute();
    for (let upTo = DISCARD_BATCH; upTo < w.totals.lineCount + DISCARD_BATCH; upTo += DISCARD_BATCH) {
      await db.deleteFrom('settlement_lines').where('account_key', '=', accountKey).where('settlement_key', '=', w.linesKey).where('line_no', '<=', upTo).execute();
    }
  }
}
