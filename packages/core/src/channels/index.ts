/**
 * Reading channel reports. The one entry point:
 *
 *   parseReport(input: Uint8Array | ReportInput, options?: { fileName?: string; channel?: Channel })
 *     : Promise<ParseResult>            // { settlements: Settlement[], problems, invalidSettlementIds }
 *
 *   parseReportInto(input, sink, options?): Promise<{ parser: ReportParser | undefined }>
 *     streaming variant: pushes into any ParseSink (summarizeSettlements() keeps no lines, so memory
 *     does not grow with the file); returns the parser that read the file (undefined: not recognised,
 *     a problem was sent to the sink).
 *
 * `input` is the whole file's bytes, or `{ fileName, chunks }` with chunks any (async) iterable of
 * byte chunks, e.g. a node:fs ReadStream. The parser is picked by each parser's detect() on the first
 * 64 KiB decoded; `options.channel` restricts the choice to that channel's parsers (the best of them is
 * used even if unsure, so its own header problems are reported). Nothing recognised, an empty file or
 * a binary file gives a problem naming the file (row 0) and, for an unknown format, the formats tried.
 */
import { collectSettlements, type ParseResult } from '../settlements/collect-settlements';
import type { Channel } from '../settlements/model';
import type { ParseSink, ReportInput, ReportParser } from '../settlements/parser';
import { REPORT_PARSERS } from './registry';
import { decodeHead } from './shared/decode-text';

export { REPORT_PARSERS } from './registry';

export interface ParseReportOptions {
  /** Shown in problems and kept as the settlements' sourceFile; default 'report'. */
  fileName?: string;
  /** Only consider this channel's parsers. */
  channel?: Channel;
}

const HEAD_BYTES = 64 * 1024;
/** Below this confidence a parser is not chosen on its own say (without an explicit channel). */
const MIN_CONFIDENCE = 0.5;

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Reads the first bytes of a chunk stream and returns them with a stream that replays everything. */
async function peekHead(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{
  head: Uint8Array;
  replay: AsyncIterable<Uint8Array>;
}> {
  const iterator = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  const taken: Uint8Array[] = [];
  let length = 0;
  let isDone = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    taken.push(next.value);
    length += next.value.length;
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      yield* taken;
      if (isDone) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // A parser that stops early (not its format, too many problems) must still close the file.
      if (!isDone) await iterator.return?.();
    }
  }
  return { head: concat(taken, length).subarray(0, HEAD_BYTES), replay: replay() };
}

function looksBinary(head: string): boolean {
  const sample = head.slice(0, 4096);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) control++;
  }
  return control > sample.length / 20;
}

/** Picks the parser for a decoded head, or undefined with the reason. */
export function pickParser(head: string, options: ParseReportOptions = {}): ReportParser | undefined {
  const candidates = options.channel ? REPORT_PARSERS.filter((p) => p.channel === options.channel) : REPORT_PARSERS;
  let best: ReportParser | undefined;
  let bestScore = 0;
  for (const parser of candidates) {
    const score = parser.detect(head, options.fileName);
    if (score > bestScore) {
      best = parser;
      bestScore = score;
    }
  }
  if (best && bestScore >= MIN_CONFIDENCE) return best;
  if (options.channel) return best ?? candidates[0];
  return undefined;
}

export async function parseReportInto(
  input: Uint8Array | ReportInput,
  sink: ParseSink,
  options: ParseReportOptions = {},
): Promise<{ parser: ReportParser | undefined }> {
  const fileName = input instanceof Uint8Array ? (options.fileName ?? 'report') : input.fileName;
  const chunks = input instanceof Uint8Array ? [input] : input.chunks;
  const fileProblem = (message: string) => sink.problem({ file: fileName, row: 0, column: null, message });
  const { head, replay } = await peekHead(chunks);
  if (head.length === 0) {
    fileProblem(`The file ${fileName} is empty.`);
    return { parser: undefined };
  }
  const text = decodeHead(head);
  if (looksBinary(text)) {
    fileProblem(`The file ${fileName} is not a text report (it looks like a binary file, e.g. a spreadsheet or archive). Export the report as CSV or text.`);
    return { parser: undefined };
  }
  const parser = pickParser(text, { ...options, fileName });
  if (!parser) {
    const tried = (options.channel ? REPORT_PARSERS.filter((p) => p.channel === options.channel) : REPORT_PARSERS).map((p) => p.label);
    fileProblem(
      tried.length === 0
        ? `No report format of channel ${options.channel ?? ''} is known yet, so ${fileName} cannot be read.`
        : `The file ${fileName} is not a report format Ledgerport knows. Formats tried: ${tried.join('; ')}.`,
    );
    return { parser: undefined };
  }
  await parser.parse({ fileName, chunks: replay }, sink);
  return { parser };
}

export async function parseReport(input: Uint8Array | ReportInput, options: ParseReportOptions = {}): Promise<ParseResult> {
  const sink = collectSettlements();
  await parseReportInto(input, sink, options);
  return sink.result();
}
