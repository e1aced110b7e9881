/**
 * `npm run bench -- web`: the first load of /app/settlements in Debian's Chromium (decision 0026).
 * Uses the built web app (apps/web/dist; built once here when missing), starts the real server in a
 * child process on 127.0.0.1:8203 over a fresh embedded database with the demo data, signs in once as
 * demo@ledgerport.local and then opens /app/settlements cold --runs=N times (default 10): a new
 * browser context each time (empty HTTP cache, the signed-in local storage copied in).
 *
 * Per mode it prints the JavaScript the browser fetched until the settlements table showed its first
 * settlement (requests, and the gzip level 9 size of each response body summed: the server sends
 * them uncompressed, a proxy or CDN would gzip them), the JavaScript fetched once the network was
 * idle, and the time from navigation start to the first settlement row (p50 / p95, read in the page
 * with a MutationObserver against performance.timeOrigin). Modes, alternated run by run:
 *   - split: the app as built, each page loading its own chunks;
 *   - baseline: the same build with every chunk fetched and run before the entry starts (an inline
 *     module importing them all, put ahead of the entry in index.html), which is what one bundle for
 *     every page amounted to. Same server, same process, same browser.
 * Also prints what the build's manifest says the first load needs (bench/src/first-load-js.ts), the
 * figure the bundle-budget journey holds to 250 kB. With --waterfall it also prints, for one more
 * cold load as built, every request the page made until the row showed (start and end, in ms from
 * navigation start), to see what the first row waits for. Never fails on time.
 * With --routes it measures every route of the route table instead (web-routes.ts); both start the
 * server, sign in and launch the browser with web-browser.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { SETTLEMENTS_PAGE_SOURCE, WEB_DIST_DIR, measureAllJs, measureEntryJs, measureFirstLoadJs } from './first-load-js';
import { numberFlag } from './number-flag';
import { DEMO_PASSWORD, ensureWebBuilt, launchChromium, percentile, signIn, startServer, stopServer, type StorageState } from './web-browser';

const PORT = 8203;
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_EMAIL = 'demo@ledgerport.local';
/** The first settlement row's link: the table is showing data, not its loading rows. */
const FIRST_ROW = 'table[aria-label="Settlements"] tbody a[aria-label^="Open settlement"]';

type Mode = 'split' | 'baseline';

interface RunFigures {
  tableMs: number;
  jsRequestsAtTable: number;
  jsGzipBytesAtTable: number;
  jsRequestsAtIdle: number;
  jsGzipBytesAtIdle: number;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function run(args: string[]): Promise<void> {
  // --routes: every route of the web's route table instead (web-routes.ts).
  if (args.includes('--routes')) return (await import('./web-routes')).run(args);
  const runs = numberFlag(args, 'runs', 10);
  ensureWebBuilt();
  printManifestFigures();
  const server = await startServer(PORT);
  const browser = await launchChromium();
  try {
    const storage = await signIn(browser, BASE, DEMO_EMAIL, DEMO_PASSWORD, FIRST_ROW);
    const baselineHtml = await buildBaselineHtml();
    const figures: Record<Mode, RunFigures[]> = { split: [], baseline: [] };
    // One warm-up of each mode (the server's first answers, the browser's first process), not counted.
    for (const mode of ['split', 'baseline'] as const) await openColdOnce(browser, storage, mode, baselineHtml);
    for (let i = 0; i < runs; i++) {
      for (const mode of i % 2 === 0 ? (['split', 'baseline'] as const) : (['baseline', 'split'] as const)) {
        figures[mode].push(await openColdOnce(browser, storage, mode, baselineHtml));
      }
    }
    console.log(`browser: Debian chromium, ${runs} cold loads of ${BASE}/app/settlements per mode (new context each, empty cache), signed in as ${DEMO_EMAIL}; loopback, uncompressed responses gzipped here`);
    for (const mode of ['baseline', 'split'] as const) printMode(mode, figures[mode]);
    if (args.includes('--waterfall')) await printWaterfall(browser, storage);
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

function printManifestFigures(): void {
  const first = measureFirstLoadJs(SETTLEMENTS_PAGE_SOURCE);
  const entry = measureEntryJs();
  const all = measureAllJs();
  console.log(`build (apps/web/dist manifest, gzip level 9 per file):`);
  console.log(`  every JS file (one bundle's worth)      ${kB(all.gzipBytes).padStart(9)} gzipped in ${all.files.length} files (${kB(all.bytes)} raw)`);
  console.log(`  first load of /app/settlements          ${kB(first.gzipBytes).padStart(9)} gzipped in ${first.files.length} files (${kB(first.bytes)} raw; entry, its static imports, the page and its static imports; issue 18 asks 250 kB, the bundle-budget journey holds 250 kB)`);
  console.log(`  entry and its static imports (the shell) ${kB(entry.gzipBytes).padStart(9)} gzipped in ${entry.files.length} files`);
}

function printMode(mode: Mode, runs: RunFigures[]): void {
  const label = mode === 'split' ? 'split (as built)' : 'baseline (every chunk before the entry)';
  const median = (pick: (r: RunFigures) => number) => percentile(runs.map(pick), 50);
  console.log(
    `${label.padEnd(40)} table p50 ${median((r) => r.tableMs).toFixed(0).padStart(5)} ms  p95 ${percentile(runs.map((r) => r.tableMs), 95).toFixed(0).padStart(5)} ms` +
      `  JS by the table: ${median((r) => r.jsRequestsAtTable)} requests, ${kB(median((r) => r.jsGzipBytesAtTable))} gzipped` +
      `  by network idle: ${median((r) => r.jsRequestsAtIdle)} requests, ${kB(median((r) => r.jsGzipBytesAtIdle))} (medians of ${runs.length} runs)`,
  );
}

/** The baseline's extra module (served by the bench, not the build): imports every JS file of the build. */
const ALL_CHUNKS_URL = `${BASE}/app/__bench-all-chunks.js`;

function allChunksModule(): string {
  const files = fs.readdirSync(path.join(WEB_DIST_DIR, 'assets')).filter((f) => f.endsWith('.js')).sort();
  return files.map((f) => `import '/app/assets/${f}';`).join('\n');
}

/** index.html with the all-chunks module ahead of the entry (a script file: the server's CSP refuses inline scripts). */
async function buildBaselineHtml(): Promise<string> {
  const html = await (await fetch(`${BASE}/app/settlements`)).text();
  const entryTag = /<script type="module"[^>]*src="\/app\/assets\/[^"]+"><\/script>/.exec(html)?.[0];
  if (!entryTag) throw new Error('index.html has no entry script tag');
  // Module scripts run in document order: the entry starts once every chunk has been fetched and run.
  return html.replace(entryTag, `<script type="module" crossorigin src="${ALL_CHUNKS_URL}"></script>\n    ${entryTag}`);
}

/** The in-page clock: when the first settlement row appears, against navigation start. */
const TABLE_CLOCK = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('${FIRST_ROW}')) { window.__tableShownMs = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

async function openColdOnce(browser: Browser, storage: StorageState, mode: Mode, baselineHtml: string): Promise<RunFigures> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 860 }, storageState: storage });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: TABLE_CLOCK });
    if (mode === 'baseline') {
      await page.route(`${BASE}/app/settlements`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: baselineHtml }));
      await page.route(ALL_CHUNKS_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: allChunksModule() }));
    }
    const gzipBytesOf = new Map<string, number>();
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!url.endsWith('.js') || url === ALL_CHUNKS_URL) return;
      reading.push(
        response
          .body()
          .then((body) => void gzipBytesOf.set(url, gzipSync(body, { level: 9 }).length))
          .catch(() => undefined),
      );
    });
    await page.goto('/app/settlements');
    await page.locator(FIRST_ROW).first().waitFor({ timeout: 60_000 });
    const tableMs = Number(await page.evaluate('window.__tableShownMs'));
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    // Which scripts had arrived when the row appeared, by the page's own resource timing.
    const timings = await page.evaluate<[string, number][]>(
      `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e) => [e.name, e.responseEnd])`,
    );
    const arrivedAt = new Map(timings);
    const js = [...gzipBytesOf].map(([url, gzipBytes]) => ({ gzipBytes, atTable: (arrivedAt.get(url) ?? Infinity) <= tableMs }));
    const atTable = js.filter((j) => j.atTable);
    return {
      tableMs,
      jsRequestsAtTable: atTable.length,
      jsGzipBytesAtTable: atTable.reduce((n, j) => n + j.gzipBytes, 0),
      jsRequestsAtIdle: js.length,
      jsGzipBytesAtIdle: js.reduce((n, j) => n + j.gzipBytes, 0),
    };
  } finally {
    await context.close();
  }
}

/** One more cold load as built: each request's start and end against navigation start, and the row's time. */
async function printWaterfall(browser: Browser, storage: StorageState): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 860 }, storageState: storage });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: TABLE_CLOCK });
    await page.goto('/app/settlements');
    await page.locator(FIRST_ROW).first().waitFor({ timeout: 60_000 });
    const tableMs = Number(await page.evaluate('window.__tableShownMs'));
    const nav = await page.evaluate<[number, number, number]>(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd]; })()`,
    );
    const entries = await page.evaluate<[string, number, number, string][]>(
      `performance.getEntriesByType('resource').map((e) => [e.name, e.startTime, e.responseEnd, e.initiatorType])`,
    );
    console.log(`waterfall of one cold load as built (ms from navigation start): document ${nav[0].toFixed(0)}, interactive ${nav[1].toFixed(0)}, DOMContentLoaded ${nav[2].toFixed(0)}, first row ${tableMs.toFixed(0)}`);
    for (const [name, start, end, kind] of entries.filter((e) => e[1] <= tableMs).sort((a, b) => a[1] - b[1])) {
      const short = name.replace(BASE, '').replace(/\?.*$/, (q) => (q.length > 40 ? `${q.slice(0, 40)}…` : q));
      console.log(`  ${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)}  ${kind.padEnd(6)} ${short}`);
    }
  } finally {
    await context.close();
  }
}
