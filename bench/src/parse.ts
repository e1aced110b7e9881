/**
 * `npm run bench -- parse`: the streaming settlement parser on a generated 1,000,000-line Amazon V2
 * settlement (~187 MB, bench/.data/, reused when present), beside bare loops over the same bytes in
 * the same process: decode + split into lines (the baseline of issue 3), the same loop keeping its
 * buffer a flat string (as the row reader does: `carry + text` makes a rope that V8 searches about
 * twice as slowly; shown so the baseline's own cost is visible), and decode + split into lines and
 * fields. Reports MB/s (10^6 bytes per second), lines/s, peak RSS and the load average (the machine
 * is shared). Never fails on time. Options: --lines=N (default 1,000,000).
 */
import { createReadStream } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseReportInto } from '@ledgerport/core/channels';
import { summarizeSettlements } from '@ledgerport/core/settlements';
import { formatMoney } from '@ledgerport/core/money';
import { generateAmazonV2 } from './generate-amazon-v2';

const CHUNK = 1024 * 1024;

interface Figures {
  name: string;
  seconds: number;
  lines: number;
  peakRssMb: number;
}

/** Runs `task` while sampling RSS every 20 ms; returns seconds and the peak seen. */
async function measure(name: string, task: () => Promise<number>): Promise<Figures> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = process.hrtime.bigint();
  const lines = await task();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { name, seconds, lines, peakRssMb: peak / 1024 / 1024 };
}

/** The bare loop with a flat buffer: only the carried partial line is joined to the next chunk's first line. */
async function bareLinesFlat(path: string): Promise<number> {
  const decoder = new TextDecoder();
  let carry = '';
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    let pos = 0;
    if (carry.length > 0) {
      const nl = text.indexOf('\n');
      if (nl === -1) {
        carry += text;
        continue;
      }
      lines++;
      pos = nl + 1;
    }
    for (let nl = text.indexOf('\n', pos); nl !== -1; nl = text.indexOf('\n', pos)) {
      lines++;
      pos = nl + 1;
    }
    carry = text.slice(pos);
  }
  if (carry.length > 0) lines++;
  return lines;
}

async function bareLines(path: string, splitFields: boolean): Promise<number> {
  const decoder = new TextDecoder();
  let carry = '';
  let lines = 0;
  let fields = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>) {
    const text = carry + decoder.decode(chunk, { stream: true });
    let pos = 0;
    for (let nl = text.indexOf('\n', pos); nl !== -1; nl = text.indexOf('\n', pos)) {
      if (splitFields) fields += text.slice(pos, nl).split('\t').length;
      lines++;
      pos = nl + 1;
    }
    carry = text.slice(pos);
  }
  if (carry.length > 0) lines++;
  return splitFields && fields < 0 ? 0 : lines;
}

export async function run(args: string[]): Promise<void> {
  const lineArg = args.find((a) => a.startsWith('--lines='));
  const lineCount = lineArg ? Number(lineArg.slice('--lines='.length)) : 1_000_000;
  const path = fileURLToPath(new URL(`../.data/amazon-v2-${lineCount}.txt`, import.meta.url));
  const generated = await generateAmazonV2(path, lineCount);
  const mb = generated.byteCount / 1e6;
  console.log(`input: ${path} (${mb.toFixed(1)} MB, ${lineCount} detail lines, ${generated.isReused ? 'reused' : 'generated now'})`);

  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`load average before: ${load()} (node ${process.versions.node})`);
  const results: Figures[] = [];
  results.push(await measure('bare loop: decode + split lines', () => bareLines(path, false)));
  results.push(await measure('bare loop, flat buffer', () => bareLinesFlat(path)));
  results.push(await measure('bare loop: decode + split lines + fields', () => bareLines(path, true)));
  let summaryText = '';
  results.push(
    await measure('parseReport + sums by type', async () => {
      const sink = summarizeSettlements();
      const chunks = createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>;
      await parseReportInto({ fileName: path, chunks }, sink);
      const result = sink.result();
      const s = result.settlements[0];
      if (!s || result.problems.length > 0) throw new Error(`benchmark file did not parse: ${JSON.stringify(result.problems.slice(0, 3))}`);
      summaryText = `${s.lineCount} lines, ${s.byType.size} types, lines total ${formatMoney({ units: s.linesTotal, currency: s.header.currency })} ${s.header.currency}, ${s.consistency.isConsistent ? 'consistent' : 'INCONSISTENT'}`;
      return s.lineCount;
    }),
  );

  const pad = (t: string, n: number) => t.padEnd(n);
  console.log(`load average after: ${load()}`);
  console.log(`${pad('measure', 44)}${pad('seconds', 10)}${pad('MB/s', 10)}${pad('lines/s', 12)}peak RSS MB`);
  for (const r of results) {
    console.log(`${pad(r.name, 44)}${pad(r.seconds.toFixed(2), 10)}${pad((mb / r.seconds).toFixed(1), 10)}${pad(Math.round(r.lines / r.seconds).toLocaleString('en-US'), 12)}${r.peakRssMb.toFixed(0)}`);
  }
  const [bare, flat, fields, parse] = results as [Figures, Figures, Figures, Figures];
  const percent = (base: Figures) => `${((base.seconds / parse.seconds) * 100).toFixed(0)}%`;
  console.log(`parse result: ${summaryText}`);
  console.log(`parse speed vs bare line-split loop: ${percent(bare)} ; vs the flat-buffer loop: ${percent(flat)} ; vs line+field split: ${percent(fields)}`);
  console.log(`process peak RSS (resourceUsage.maxRSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  console.log('targets: >= 60 MB/s end to end, >= 50% of the bare loop, peak RSS < 256 MB');
}
