/**
 * The worker thread that reads one uploaded settlement file (see read-settlement-file.ts): it parses
 * the file, sums each settlement's lines (SettlementLineTotals) and turns its lines into COPY text in
 * batches, so the thread that serves requests only writes the text. It never holds more than a batch
 * of lines per settlement, and waits for the main thread's acknowledgement when `inFlightMax` batches
 * are not yet written, so a slow database never lets lines pile up in memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseReportInto } from '@ledgerport/core/channels';
import { SettlementLineTotals, type Channel, type ParseProblem, type SettlementHeader, type SettlementLine, type TypeTotal } from '@ledgerport/core/settlements';
import { newSettlementKey, settlementLinesCopyBytes, SettlementRefsCollector } from './settlement-lines-copy';

export interface ParseFileJob {
  path: string;
  fileName: string;
  channel: Channel;
  accountKey: string;
  batchLines: number;
  inFlightMax: number;
}

export type FromParseWorker =
  | { kind: 'settlement'; header: SettlementHeader; linesKey: string }
  /** A batch of lines as COPY rows, and the settlement_refs rows of the order ids and SKUs first seen in it. */
  | { kind: 'lines'; linesKey: string; bytes: Uint8Array; refs: Uint8Array; lineCount: number }
  | { kind: 'progress'; readBytes: number }
  | { kind: 'done'; format: string | null; settlements: { header: SettlementHeader; linesKey: string; totals: { lineCount: number; linesTotal: bigint; typeTotals: TypeTotal[] } }[]; problems: ParseProblem[]; invalidSettlementIds: string[] }
  | { kind: 'failed'; message: string };

/** `ack`: a batch is written; `skip`: the settlement is a duplicate, its lines are not wanted. */
export type ToParseWorker = { kind: 'ack' } | { kind: 'skip'; linesKey: string };

interface Reading {
  header: SettlementHeader;
  linesKey: string;
  totals: SettlementLineTotals;
  pending: SettlementLine[];
  refs: SettlementRefsCollector;
  nextLineNo: number;
  isSkipped: boolean;
}

/**
 * Below the thread that serves requests: where a thread has a priority of its own (Linux: a thread is
 * a task, /proc/thread-self names it), this one yields the processor to requests. A busy machine
 * then reads the file a little slower instead of answering everyone else slower.
 */
function lowerThisThreadPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, PARSE_THREAD_NICENESS);
  } catch {
    // No /proc (not Linux), or not allowed: the thread keeps the process's priority.
  }
}
const PARSE_THREAD_NICENESS = 10;
lowerThisThreadPriority();

const port = parentPort!;
const job = workerData as ParseFileJob;
const readings = new Map<string, Reading>();
const byKey = new Map<string, Reading>();
const problems: ParseProblem[] = [];
const invalid = new Set<string>();
let inFlight = 0;
let wakeUp: (() => void) | null = null;

port.on('message', (message: ToParseWorker) => {
  if (message.kind === 'ack') inFlight--;
  else {
    const reading = byKey.get(message.linesKey);
    if (reading) {
      reading.isSkipped = true;
      reading.pending = [];
      reading.refs = new SettlementRefsCollector();
    }
  }
  wakeUp?.();
});

const post = (message: FromParseWorker) => port.postMessage(message);

async function flush(reading: Reading): Promise<void> {
  while (inFlight >= job.inFlightMax) await new Promise<void>((resolve) => (wakeUp = resolve));
  wakeUp = null;
  if (reading.isSkipped || reading.pending.length === 0) return;
  const lines = reading.pending;
  reading.pending = [];
  inFlight++;
  const bytes = settlementLinesCopyBytes(reading.linesKey, job.accountKey, reading.nextLineNo, lines, reading.header.sourceFile);
  const refs = reading.refs.takeCopyBytes(reading.linesKey, job.accountKey);
  // Handed over, not copied: the buffers are the batch's own.
  port.postMessage({ kind: 'lines', linesKey: reading.linesKey, bytes, refs, lineCount: lines.length } satisfies FromParseWorker, [bytes.buffer as ArrayBuffer, refs.buffer as ArrayBuffer]);
  reading.nextLineNo += lines.length;
}

async function flushFull(isEnd: boolean): Promise<void> {
  for (const reading of readings.values()) if (isEnd || reading.pending.length >= job.batchLines) await flush(reading);
}

const sink = {
  settlement(header: SettlementHeader) {
    const existing = readings.get(header.settlementId);
    // A parser may announce a settlement again with what it learned later (Etsy deposits).
    if (existing) existing.header = header;
    else {
      const reading: Reading = { header, linesKey: newSettlementKey(), totals: new SettlementLineTotals(), pending: [], refs: new SettlementRefsCollector(), nextLineNo: 1, isSkipped: false };
      readings.set(header.settlementId, reading);
      byKey.set(reading.linesKey, reading);
      post({ kind: 'settlement', header, linesKey: reading.linesKey });
    }
  },
  line(settlementId: string, line: SettlementLine) {
    const reading = readings.get(settlementId);
    if (!reading) throw new Error(`parser bug: line for settlement '${settlementId}' before settlement() announced it`);
    reading.totals.add(line);
    if (!reading.isSkipped) {
      reading.pending.push(line);
      reading.refs.add(line);
    }
  },
  problem(problem: ParseProblem, settlementId?: string) {
    problems.push(problem);
    if (settlementId !== undefined) invalid.add(settlementId);
  },
};

async function* chunks(): AsyncGenerator<Uint8Array> {
  let readBytes = 0;
  for await (const chunk of fs.createReadStream(job.path, { highWaterMark: 1024 * 1024 })) {
    yield chunk as Buffer;
    readBytes += (chunk as Buffer).length;
    post({ kind: 'progress', readBytes });
    await flushFull(false);
  }
}

try {
  const { parser } = await parseReportInto({ fileName: job.fileName, chunks: chunks() }, sink, { channel: job.channel });
  await flushFull(true);
  // Every batch written before the totals are handed over.
  while (inFlight > 0) await new Promise<void>((resolve) => (wakeUp = resolve));
  post({
    kind: 'done',
    format: parser?.format ?? null,
    settlements: [...readings.values()].map((r) => ({ header: r.header, linesKey: r.linesKey, totals: r.totals.toData() })),
    problems,
    invalidSettlementIds: [...invalid],
  });
} catch (error) {
  post({ kind: 'failed', message: (error as Error).message });
}
