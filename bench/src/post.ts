/**
 * `npm run bench -- post`: the 1,000,000-line Amazon V2 settlement of the parse benchmark (same
 * generator, same file in bench/.data/), in one process: parse only (sums by type, the baseline),
 * then parse + post grouped by type and by SKU, written as an hledger journal. Reports seconds,
 * lines/s, peak RSS and the share posting adds to parsing (issue 4: under 30%). Never fails on time.
 * Measured fairly on a shared machine: every measure first runs once untimed (JIT and file cache
 * warm), the heap is collected before each measure, the measures run interleaved --rounds times on
 * the same input, the best round (least CPU) of each counts, and the share posting adds is also
 * given per round against that round's own baseline (min / median / max: the spread under load).
 * Options: --lines=N (default 1,000,000), --rounds=N (default 3).
 */
import { createReadStream } from 'node:fs';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { parseReportInto } from '@ledgerport/core/channels';
import { describeTransactionType, summarizeSettlements, type ParseSink } from '@ledgerport/core/settlements';
import { defaultMappings, type TypeDescriber } from '@ledgerport/core/mapping';
import { postingSink, type GroupBy } from '@ledgerport/core/posting';
import { writeExport } from '@ledgerport/core/exports';
import { generateAmazonV2 } from './generate-amazon-v2';

interface Figures {
  name: string;
  seconds: number;
  cpuSeconds: number;
  lines: number;
  /** RSS when the measure started (after a full collection) and the most seen while it ran. */
  startRssMb: number;
  peakRssMb: number;
  note: string;
}

// A full collection before each measure, so no measure pays for the garbage of the one before.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** What a measure reports, read after its clock stopped: counting a document's lines is not posting work. */
type Report = () => { lines: number; note: string };

async function measure(name: string, task: () => Promise<Report>): Promise<Figures> {
  collectGarbage();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  const report = await task();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  clearInterval(timer);
  const { lines, note } = report();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { name, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, lines, startRssMb: mb(startRss), peakRssMb: mb(Math.max(peak, process.memoryUsage().rss)), note };
}

const describeKnown: TypeDescriber = (channel, key) => {
  const info = describeTransactionType(channel, key);
  return info.known ? { category: info.category, label: info.label } : undefined;
};

async function parseInto(path: string, sink: ParseSink): Promise<void> {
  await parseReportInto({ fileName: path, chunks: createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Uint8Array> }, sink);
}

async function parseAndPost(path: string, groupBy: GroupBy): Promise<Report> {
  // Unknown generated types go to suspense rather than stopping the run; they are counted in the note.
  const sink = postingSink(defaultMappings('MANUAL', { isUnmappedToSuspense: true }), { describeType: describeKnown, groupBy });
  await parseInto(path, sink);
  const result = sink.result();
  if (result.parseProblems.length > 0 || result.documents.length === 0) throw new Error(`benchmark file did not post: ${JSON.stringify(result.parseProblems.slice(0, 3))}`);
  const journal = writeExport('hledger', result.documents)[0]!.content;
  return () => {
    const lines = result.documents.reduce((a, d) => a + d.lines.reduce((b, l) => b + (l.role === 'transaction' || l.role === 'unmapped' ? l.sources.lineCount : 0), 0), 0);
    const docLines = result.documents.reduce((a, d) => a + d.lines.length, 0);
    const problems = result.problems.map((p) => p.code).join(', ') || 'none';
    return { lines, note: `${result.documents.length} document(s), ${docLines} document lines, hledger ${(journal.length / 1e6).toFixed(2)} MB, problems: ${problems}` };
  };
}

export async function run(args: string[]): Promise<void> {
  const lineArg = args.find((a) => a.startsWith('--lines='));
  const lineCount = lineArg ? Number(lineArg.slice('--lines='.length)) : 1_000_000;
  const path = fileURLToPath(new URL(`../.data/amazon-v2-${lineCount}.txt`, import.meta.url));
  const generated = await generateAmazonV2(path, lineCount);
  const mb = generated.byteCount / 1e6;
  console.log(`input: ${path} (${mb.toFixed(1)} MB, ${lineCount} detail lines, ${generated.isReused ? 'reused' : 'generated now'})`);

  const roundsArg = args.find((a) => a.startsWith('--rounds='));
  const rounds = Math.max(1, roundsArg ? Number(roundsArg.slice('--rounds='.length)) : 3);
  const tasks: [string, () => Promise<Report>][] = [
    [
      'parse only (sums by type)',
      async () => {
        const sink = summarizeSettlements();
        await parseInto(path, sink);
        const s = sink.result().settlements[0];
        return () => ({ lines: s?.lineCount ?? 0, note: `${s?.byType.size ?? 0} types` });
      },
    ],
    ['parse + post by type -> hledger', () => parseAndPost(path, 'type')],
    ['parse + post by SKU -> hledger', () => parseAndPost(path, 'sku')],
  ];
  // One untimed pass of every measure warms the JIT (parser and posting code alike) and the file cache.
  for (const [, task] of tasks) await task();
  const all = new Map<string, Figures[]>(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, task] of tasks) all.get(name)!.push(await measure(name, task));
  }
  const baseRounds = all.get(tasks[0]![0])!;
  /** Best round: least CPU (what another process's load disturbs least); peak RSS: the most of any round. */
  const bestOf = (list: Figures[]): Figures => {
    const best = list.reduce((a, b) => (b.cpuSeconds < a.cpuSeconds ? b : a));
    return { ...best, peakRssMb: Math.max(...list.map((f) => f.peakRssMb)) };
  };
  const results = tasks.map(([name]) => bestOf(all.get(name)!));
  const base = results[0]!;
  const pad = (t: string, n: number) => t.padEnd(n);
  const percent = (r: number) => `${r >= 0 ? '+' : ''}${(r * 100).toFixed(1)}%`;
  const share = (r: Figures, key: 'seconds' | 'cpuSeconds') => percent(r[key] / base[key] - 1);
  console.log(`best of ${rounds} round(s), each after an untimed warm-up pass and a full GC; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${pad('measure', 34)}${pad('wall s', 9)}${pad('CPU s', 8)}${pad('lines/s', 12)}${pad('peak RSS MB', 13)}${pad('adds (wall)', 13)}adds (CPU)`);
  for (const r of results) {
    const added = r === base ? [pad('baseline', 13), 'baseline'] : [pad(share(r, 'seconds'), 13), share(r, 'cpuSeconds')];
    console.log(`${pad(r.name, 34)}${pad(r.seconds.toFixed(2), 9)}${pad(r.cpuSeconds.toFixed(2), 8)}${pad(Math.round(r.lines / r.seconds).toLocaleString('en-US'), 12)}${pad(r.peakRssMb.toFixed(0), 13)}${added.join('')}`);
  }
  // Per round, against the same round's baseline: how much the figure moves with the machine's load.
  const spread = (list: Figures[], key: 'seconds' | 'cpuSeconds') => {
    const shares = list.map((f, i) => f[key] / baseRounds[i]![key] - 1).sort((a, b) => a - b);
    return `${percent(shares[0]!)} / ${percent(shares[Math.floor((shares.length - 1) / 2)]!)} / ${percent(shares.at(-1)!)}`;
  };
  console.log('adds per round, against that round\'s baseline (min / median / max):');
  for (const [name] of tasks.slice(1)) console.log(`  ${pad(name, 32)}wall ${pad(spread(all.get(name)!, 'seconds'), 30)}CPU ${spread(all.get(name)!, 'cpuSeconds')}`);
  for (const r of results) console.log(`  ${r.name}: ${r.note}; RSS at start ${r.startRssMb.toFixed(0)} MB`);
  console.log(`process peak RSS (resourceUsage.maxRSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; RSS is per process, so later measures inherit earlier peaks`);
  console.log('target: posting adds < 30% to parse time');
}
