/**
 * `ledgerport parse FILE... [--channel C] [--json]`: reads channel reports (streamed from disk, so a
 * 2 GB settlement needs no more memory than a small one) and prints each settlement's figures and every
 * problem. Exit status: 0 every file parsed, 1 any problem found, 2 usage error.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseReportInto } from '@ledgerport/core/channels';
import {
  CHANNELS,
  duplicateKey,
  summarizeSettlements,
  summaryToJson,
  type Channel,
  type ParseProblem,
  type ParseSink,
  type SettlementSummaryJson,
} from '@ledgerport/core/settlements';
import type { CliCommand, CliIo } from '../cli-command';

interface ParseArgs {
  files: string[];
  channel: Channel | undefined;
  isJson: boolean;
}

function parseArgs(args: string[]): ParseArgs | string {
  const files: string[] = [];
  let channel: Channel | undefined;
  let isJson = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') isJson = true;
    else if (arg === '--channel' || arg.startsWith('--channel=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      const upper = (value ?? '').toUpperCase();
      if (!(CHANNELS as readonly string[]).includes(upper)) return `unknown channel '${value ?? ''}'; known: ${CHANNELS.map((c) => c.toLowerCase()).join(', ')}`;
      channel = upper as Channel;
    } else if (arg.startsWith('-')) return `unknown option '${arg}'`;
    else files.push(arg);
  }
  if (files.length === 0) return 'no file given';
  return { files, channel, isJson };
}

/** Streams one report file from disk into any sink (also used by `ledgerport post`). */
export async function readReportFile(file: string, sink: ParseSink, channel: Channel | undefined): Promise<void> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
  } catch {
    sink.problem({ file, row: 0, column: null, message: `The file ${file} cannot be read (it does not exist or is not a file).` });
    return;
  }
  const chunks = createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Uint8Array>;
  await parseReportInto({ fileName: file, chunks }, sink, { channel });
}

async function parseFile(file: string, channel: Channel | undefined) {
  const sink = summarizeSettlements();
  await readReportFile(file, sink, channel);
  return sink.result();
}

function table(settlements: SettlementSummaryJson[], problems: ParseProblem[]): string {
  const out: string[] = [];
  for (const s of settlements) {
    out.push(
      `${s.channel} settlement ${s.settlementId} (${s.format}${s.marketplace ? `, ${s.marketplace}` : ''}) ${s.currency}`,
      `  period   ${s.startDate ?? '?'} .. ${s.endDate ?? '?'}   deposit ${s.depositDate ?? '-'}`,
      `  total    ${s.total ?? '(open)'}   lines ${s.linesTotal} in ${s.lineCount} line(s)   ${s.consistent ? 'consistent' : `INCONSISTENT: ${s.reason ?? ''}`}`,
    );
    const keys = Object.keys(s.byType);
    const width = Math.max(...keys.map((k) => k.length), 4);
    for (const k of keys) out.push(`    ${k.padEnd(width)}  ${s.byType[k]!.padStart(14)}`);
    out.push('');
  }
  if (settlements.length === 0) out.push('No complete settlement read.', '');
  for (const p of problems) out.push(`problem: ${p.file}${p.row > 0 ? `, row ${p.row}` : ''}${p.column ? `, column ${p.column}` : ''}: ${p.message}`);
  return out.join('\n');
}

export const parseCommand: CliCommand = {
  summary: 'read settlement reports and print their totals, sums by type and problems',
  usage: 'ledgerport parse FILE... [--channel amazon|shopify|paypal|ebay|etsy|walmart|bigcommerce|afterpay] [--json]',
  async run(args: string[], io: CliIo): Promise<number> {
    const parsed = parseArgs(args);
    if (typeof parsed === 'string') {
      io.err(`ledgerport parse: ${parsed}\nUsage: ${parseCommand.usage}`);
      return 2;
    }
    const settlements: SettlementSummaryJson[] = [];
    const problems: ParseProblem[] = [];
    const seen = new Map<string, string>();
    for (const file of parsed.files) {
      const result = await parseFile(file, parsed.channel);
      problems.push(...result.problems);
      for (const summary of result.settlements) {
        const key = duplicateKey(summary.header);
        const first = seen.get(key);
        if (first !== undefined) {
          problems.push({ file, row: 0, column: null, message: `Settlement ${summary.header.settlementId} was already read from ${first}: the same settlement is loaded twice, so it is listed once.` });
          continue;
        }
        seen.set(key, file);
        settlements.push(summaryToJson(summary));
      }
    }
    io.out(parsed.isJson ? JSON.stringify({ settlements, problems }, null, 2) : table(settlements, problems));
    return problems.length > 0 ? 1 : 0;
  },
};
