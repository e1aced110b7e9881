/**
 * `npm run bench -- post`: the 1,000,000-line Amazon V2 settlement of the parse benchmark (same
 * generator, same file in bench/.data/), in one process: parse only (sums by type, the baseline),
 * then parse + post grouped by type and by SKU, written as an hledger journal. Reports seconds,
 * lines/s, peak RSS and the share posting adds to parsing. Never fails on time.
 * The machine is shared, so each measure runs --rounds times (interleaved) and the best round counts,
 * and the share posting adds is computed on this process's CPU time as well as on wall time.
 * Options: --lines=N (default 1,000,000), --rounds=N (default 2).
 */
import { createReadStream } from 'node:fs';
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
  peakRssMb: number;
  note: string;
}

async function measure(name: string, task: () => Promise<{ lines: number; note: string }>): Promise<Figures> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  const { lines, note } = await task();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  clearInterval(timer);
  return { name, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, lines, peakRssMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, note };
}

const describeKnown: TypeDescriber = (channel, key) => {
  const info = describeTransactionType(channel, key);
  return info.known ? { category: info.category, label: info.label } : undefined;
};

async function parseInto(path: string, sink: ParseSink): Promise<void> {
  await parseReportInto({ fileName: path, chunks: createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Uint8Array> }, sink);
}

async function parseAndPost(path: string, groupBy: GroupBy): Promise<{ lines: number; note: string }> {
  // Unknown generated types go to suspense rather than stopping the run; they are counted in the note.
  const sink = postingSink(defaultMappings('MANUAL', { isUnmappedToSuspense: true }), { describeType: describeKnown, groupBy });
  await parseInto(path, sink);
  const result = sink.result();
  if (result.parseProblems.length > 0 || result.documents.length === 0) throw new Error(`benchmark file did not post: ${JSON.stringify(result.parseProblems.slice(0, 3))}`);
  const journal = writeExport('hledger', result.documents)[0]!.content;
  const lines = result.documents.reduce((a, d) => a + d.lines.reduce((b, l) => b + (l.role === 'transaction' || l.role === 'unmapped' ? l.sources.lineCount : 0), 0), 0);
  const docLines = result.documents.reduce((a, d) => a + d.lines.length, 0);
  const problems = result.problems.map((p) => p.code).join(', ') || 'none';
  return { lines, note: `${result.documents.length} document(s), ${docLines} document lines, hledger ${(journal.length / 1e6).toFixed(2)} MB, problems: ${problems}` };
}

export async function run(args: string[]): Promise<void> {
  const lineArg = args.find((a) => a.startsWith('--lines='));
  const lineCount = lineArg ? Number(lineArg.slice('--lines='.length)) : 1_000_000;
  const path = fileURLToPath(new URL(`../.data/amazon-v2-${lineCount}.txt`, import.meta.url));
  const generated = await generateAmazonV2(path, lineCount);
  const mb = generated.byteCount / 1e6;
  console.log(`input: ${path} (${mb.toFixed(1)} MB, ${lineCount} detail lines, ${generated.isReused ? 'reused' : 'generated now'})`);

  const roundsArg = args.find((a) => a.startsWith('--rounds='));
  const rounds = Math.max(1, roundsArg ? Number(roundsArg.slice('--rounds='.length)) : 2);
  const tasks: [string, () => Promise<{ lines: number; note: string }>][] = [
    [
      'parse only (sums by type)',
      async () => {
        const sink = summarizeSettlements();
        await parseInto(path, sink);
        const s = sink.result().settlements[0];
        return { lines: s?.lineCount ?? 0, note: `${s?.byType.size ?? 0} types` };
      },
    ],
    ['parse + post by type -> hledger', () => parseAndPost(path, 'type')],
    ['parse + post by SKU -> hledger', () => parseAndPost(path, 'sku')],
  ];
  // A first untimed pass warms the JIT and the file cache, so no measure is flattered by a cold baseline.
  await tasks[0]![1]();
  const best = new Map<string, Figures>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, task] of tasks) {
      const f = await measure(name, task);
      const prev = best.get(name);
      best.set(name, prev && prev.cpuSeconds <= f.cpuSeconds ? { ...prev, peakRssMb: Math.max(prev.peakRssMb, f.peakRssMb) } : { ...f, peakRssMb: Math.max(prev?.peakRssMb ?? 0, f.peakRssMb) });
    }
  }
  const results = tasks.map(([name]) => best.get(name)!);
  const base = results[0]!;
  const pad = (t: string, n: number) => t.padEnd(n);
  const share = (r: Figures, key: 'seconds' | 'cpuSeconds') => `${r[key] >= base[key] ? '+' : ''}${(((r[key] - base[key]) / base[key]) * 100).toFixed(1)}%`;
  console.log(`best of ${rounds} round(s)`);
  console.log(`${pad('measure', 34)}${pad('wall s', 9)}${pad('CPU s', 8)}${pad('lines/s', 12)}${pad('peak RSS MB', 13)}${pad('adds (wall)', 13)}adds (CPU)`);
  for (const r of results) {
    const added = r === base ? [pad('baseline', 13), 'baseline'] : [pad(share(r, 'seconds'), 13), share(r, 'cpuSeconds')];
    console.log(`${pad(r.name, 34)}${pad(r.seconds.toFixed(2), 9)}${pad(r.cpuSeconds.toFixed(2), 8)}${pad(Math.round(r.lines / r.seconds).toLocaleString('en-US'), 12)}${pad(r.peakRssMb.toFixed(0), 13)}${added.join('')}`);
  }
  for (const r of results) console.log(`  ${r.name}: ${r.note}`);
  console.log(`process peak RSS (resourceUsage.maxRSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; RSS is per process, so later measures inherit earlier peaks`);
  console.log('target: posting adds < 30% to parse time');
}
