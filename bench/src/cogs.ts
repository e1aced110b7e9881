/**
 * `npm run bench -- cogs`: FIFO cost of goods sold for the 1,000,000-line Amazon V2 settlement with
 * 50,000 SKUs and 500,000 purchase lots (issue 17), printed beside the parse time of the same
 * settlement in the same run. Two passes over the file: parse + FIFO COGS in one stream (the parser's
 * lines go straight into core's CogsCalculator, as the server streams stored lines into it), then
 * parse alone; COGS is the difference, with the lots' set-up and the result timed on their own.
 * Each pass runs in its own child process (`--pass=cogs`, `--pass=parse`), so neither peak RSS is the
 * other's leftovers (a heap V8 has grown is not given back). The generated refunds
 * refer to orders outside the settlement, so they are written off (restocking them would list them as
 * missing: their sale was never costed). Never fails on time.
 * Options: --lines=N (1,000,000), --skus=N (50,000), --lots=N (500,000).
 */
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseReportInto } from '@ledgerport/core/channels';
import { CogsCalculator, cogsNetTotal, type PurchaseLot } from '@ledgerport/core/cogs';
import { formatMoney } from '@ledgerport/core/money';
import { createLocalCalendar } from '@ledgerport/core/posting';
import {
  describeTransactionType,
  summarizeSettlements,
  type SettlementHeader,
  type SettlementLine,
} from '@ledgerport/core/settlements';
import { generateAmazonV2, generatedSkus } from './generate-amazon-v2';
import { numberFlag } from './number-flag';

const CHUNK = 1024 * 1024;
/** FIFO COGS before the one-lookup-per-SKU calculator (decision 0041), for comparison. */
const BASELINE = '7.6 s wall, peak RSS about 512 MB (issue 17); 2026-11-26 at load 13: 3.41 s wall, 528 MB; before detached strings (stop 25): 505 MB';
const SEED = 20261122;

interface Figures {
  seconds: number;
  /** CPU seconds of the process (all threads): on a shared, loaded machine wall time overstates the work. */
  cpuSeconds: number;
  peakRssMb: number;
}

async function measure(task: () => Promise<void>): Promise<Figures> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await task();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6, peakRssMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024 };
}

/** `count` lots spread evenly over the SKUs, bought over the 90 days before the settlement, 40 units each. */
function lotsFor(skus: string[], count: number): PurchaseLot[] {
  const lots: PurchaseLot[] = new Array<PurchaseLot>(count);
  for (let i = 0; i < count; i++) {
    const day = 1 + (Math.floor(i / skus.length) % 28);
    lots[i] = {
      lotId: `LOT-${i}`,
      sku: skus[i % skus.length]!,
      currency: 'USD',
      purchasedOn: `2026-0${7 + (i % 3)}-${String(day).padStart(2, '0')}`,
      quantity: 40,
      unitCost: BigInt(20_000 + (i % 997) * 100),
      consumed: 0,
    };
  }
  return lots;
}

interface PassFigures extends Figures {
  setupSeconds?: number;
  finishSeconds?: number;
  resultText?: string;
}

/** Runs one pass in a child process (the same bench with --pass=NAME) and reads its figures. */
function runPass(pass: 'cogs' | 'parse', args: string[]): PassFigures {
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  const child = spawnSync(process.execPath, [...process.execArgv, main, 'cogs', `--pass=${pass}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = child.stdout.split('\n').find((l) => l.startsWith(FIGURES));
  if (child.status !== 0 || line === undefined) throw new Error(`the ${pass} pass failed (exit ${child.status}): ${child.stderr}`);
  return JSON.parse(line.slice(FIGURES.length)) as PassFigures;
}

const FIGURES = 'FIGURES ';

export async function run(args: string[]): Promise<void> {
  const lineCount = numberFlag(args, 'lines', 1_000_000);
  const skuCount = numberFlag(args, 'skus', 50_000);
  const lotCount = numberFlag(args, 'lots', 500_000);
  const path = fileURLToPath(new URL(`../.data/amazon-v2-${lineCount}-${skuCount}skus.txt`, import.meta.url));
  const pass = args.find((a) => a.startsWith('--pass='))?.slice('--pass='.length);
  if (pass === 'cogs') return console.log(FIGURES + JSON.stringify(await cogsPass(path, skuCount, lotCount)));
  if (pass === 'parse') return console.log(FIGURES + JSON.stringify(await parsePass(path)));
  const generated = await generateAmazonV2(path, lineCount, SEED, skuCount);
  console.log(
    `input: ${path} (${(generated.byteCount / 1e6).toFixed(1)} MB, ${lineCount} lines, ${skuCount} SKUs in the catalogue, ${generated.isReused ? 'reused' : 'generated now'})`,
  );
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (node ${process.versions.node})`,
  );
  console.log(`${lotCount} purchase lots over ${skuCount} SKUs (${Math.round(lotCount / skuCount)} per SKU, 40 units each)`);
  const withCogs = runPass('cogs', args);
  const parseOnly = runPass('parse', args);

  const cogsSeconds = withCogs.seconds - parseOnly.seconds;
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const row = (name: string, f: { seconds: number; cpuSeconds: number }, rss = '') =>
    console.log(`${name.padEnd(40)}${f.seconds.toFixed(2).padEnd(10)}${f.cpuSeconds.toFixed(2).padEnd(10)}${rss}`);
  console.log(`${'measure'.padEnd(40)}${'seconds'.padEnd(10)}${'cpu s'.padEnd(10)}peak RSS MB (own process)`);
  row('parse alone', parseOnly, parseOnly.peakRssMb.toFixed(0));
  row('parse + FIFO COGS, one stream', withCogs, withCogs.peakRssMb.toFixed(0));
  row('FIFO COGS (difference)', { seconds: cogsSeconds, cpuSeconds: withCogs.cpuSeconds - parseOnly.cpuSeconds });
  console.log(`${`  of which lots set-up (${lotCount} lots)`.padEnd(40)}${withCogs.setupSeconds!.toFixed(2)}`);
  console.log(`${'  of which result (finish)'.padEnd(40)}${withCogs.finishSeconds!.toFixed(2)}`);
  console.log(`${'baseline (before decision 0041)'.padEnd(40)}${BASELINE}`);
  console.log(`COGS result: ${withCogs.resultText}`);
  console.log(
    'targets: FIFO COGS under 2 s and under 512 MB (peak RSS of the COGS pass, lots and parse included)',
  );
}

async function cogsPass(path: string, skuCount: number, lotCount: number): Promise<PassFigures> {
  // Every SKU of the catalogue gets its lots (the generator's list: no pass over the file is needed).
  const lots = lotsFor(generatedSkus(SEED, skuCount), lotCount);
  let setupSeconds = 0;
  let finishSeconds = 0;
  let resultText = '';
  const figures = await measure(async () => {
    const summary = summarizeSettlements();
    let calculator: CogsCalculator | null = null;
    const calendar = createLocalCalendar('UTC');
    const sink = {
      ...summary,
      settlement(header: SettlementHeader) {
        summary.settlement(header);
        // A parser may announce a settlement again (its header read late): one calculator per settlement.
        if (calculator !== null) return;
        const started = process.hrtime.bigint();
        calculator = new CogsCalculator({
          method: 'fifo',
          currency: header.currency,
          refunds: 'write-off',
          costs: [],
          bundles: [],
          lots,
          calendar,
          fallbackDate: '2026-10-15',
          productTypeOf: () => 'Unassigned',
          categoryOf: (key) => describeTransactionType('AMAZON', key).category,
        });
        setupSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      },
      line(id: string, line: SettlementLine) {
        calculator!.add(line);
        summary.line(id, line);
      },
    };
    await parseReportInto(
      {
        fileName: path,
        chunks: createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>,
      },
      sink,
    );
    const started = process.hrtime.bigint();
    const result = calculator!.finish();
    finishSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const sold = result.cells.reduce((s, c) => s + c.soldUnits, 0);
    const restocked = result.cells.reduce((s, c) => s + c.restockedUnits, 0);
    resultText = `${sold} units sold and ${restocked} restocked, from ${new Set(result.consumptions.map((c) => c.lotId)).size} lots in ${result.consumptions.length} takes; net COGS ${formatMoney({ units: cogsNetTotal(result), currency: result.currency })} ${result.currency}; ${result.missing.length} SKUs missing a cost`;
  });
  return { ...figures, setupSeconds, finishSeconds, resultText };
}

function parsePass(path: string): Promise<Figures> {
  return measure(async () => {
    const summary = summarizeSettlements();
    await parseReportInto(
      {
        fileName: path,
        chunks: createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>,
      },
      summary,
    );
    if (summary.result().settlements.length !== 1) throw new Error('the benchmark file did not parse');
  });
}
