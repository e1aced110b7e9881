/**
 * `npm run bench -- web --routes`: every route of the web's route table (apps/web/src/app/route-table.ts,
 * read when the bench runs), opened in Debian's Chromium as a person who can open it, with its path
 * parameters filled from the demo data (e2e/journeys/route-visits.ts, shared with the accessibility
 * journey). The real server runs in a child process over a new embedded database with the demo data
 * (the web bench's server start), on 127.0.0.1:--port (default 8290).
 *
 * What is timed: the page's main content, read in the page by a MutationObserver (performance.now()):
 * the route has rendered (its body class is on <body>), a level-1 heading is visible, nothing visible
 * says it is loading (aria-busy="true", a Mantine loader or skeleton) and, when the page shows tables,
 * one has a first row (a data row or its empty text). The time kept is when that state began for the last time
 * once the page is quiet (no API request in flight for 300 ms), so a page that shows its heading, then
 * starts loading, counts until its data is there.
 *   - cold: a new browser context per load (empty HTTP cache, the person's signed-in local storage
 *     copied in), from navigation start;
 *   - in-app: in one context per person and round, the settlements list is open (its first row
 *     shown), then the route is opened as a link does it: history.pushState and a popstate event,
 *     which React Router follows as it follows a click on its <Link> (the same step the accessibility
 *     journey uses). Timed from just before pushState. Each route is visited once per round, so its
 *     page code and its data are fetched as on a person's first visit in a session; the pages opened
 *     before it in the round stay loaded, as in a person's session. Back to the list (in-app,
 *     untimed) between routes.
 * Each route --runs=N times in each way (default 5), the rounds alternating cold and in-app over the
 * whole table, so a change in the machine's load spreads over every route. Prints p50 and p95 per
 * route beside the targets (cold p95 <= 1 s, in-app p95 <= 300 ms), the five slowest of each, the
 * baseline (the public 404 page: the shell and one small page, no API call, same server and browser),
 * the load average, and the routes skipped with the reason (a route that opens another page in this
 * install, e.g. billing with billing off, or an action such as logout). --only=REGEX measures the
 * routes whose path matches.
 *
 * --big[=N] adds an Amazon account of N settlements of 50 lines each (default 10,000, 500,000 lines;
 * --big=100000 is the api bench's size, 5,000,000 lines), loaded with the api bench's loader into the
 * embedded database before the server starts, ending over the last two years, owned by
 * bench@ledgerport.local. The Amazon merchant's and the staff's routes whose page asked the API for
 * settlements or reports on the demo data (a request path with "settlement" or "report") are measured
 * again on it, as its owner (staff routes as the root admin, with :accountKey the big account).
 * Never fails on time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { openDb } from '@ledgerport/db';
import { seedDemoData } from '../../apps/server/src/seed/seed-demo-data';
import { addressOf, ACCOUNT_OF, loadRoutes, PARAMETERS, personOf, type RouteMeta } from '../../e2e/journeys/route-visits';
import { loadData, PASSWORD as BENCH_PASSWORD } from './api';
import { numberFlag } from './number-flag';
import { DEMO_PASSWORD, ensureWebBuilt, launchChromium, percentile, signIn, startServer, stopServer, type StorageState } from './web-browser';

const DEFAULT_PORT = 8290;
const COLD_TARGET_MS = 1000;
const IN_APP_TARGET_MS = 300;
/** A page that has not shown its main content by then is reported as such, not waited for. */
const GIVE_UP_MS = 20_000;
/** The big account (the api bench's loader names its accounts bench-001...). */
const BIG_ACCOUNT = 'bench-001';
const BIG_OWNER = 'bench@ledgerport.local';
const VIEWPORT = { width: 1366, height: 860 };
/** Sign in again after this: access tokens live 15 minutes, and a refresh in one context would rotate the token every other context copied. */
const SESSION_MAX_AGE_MS = 10 * 60 * 1000;
/** Routes that do something rather than show a page: not measured. */
const ACTIONS: Record<string, string> = {
  logout: 'an action: signs out and opens the sign-in page',
  switch: 'an action: switches the account and opens the page the server names',
};
/** The settlements list: the in-app start, and where a settlement's key is read from. */
const LIST_PATH = '/app/settlements';
const FIRST_SETTLEMENT = 'table[aria-label="Settlements"] tbody a[aria-label^="Open settlement"]';
const CURRENT_ACCOUNT = 'button[aria-label^="Current account:"]';

/** The in-page clock (added to every page of the bench's contexts). */
const MAIN_CLOCK = `
(() => {
  const BUSY = '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root';
  const isVisible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  window.__benchMain = { bodyClass: null, shownAt: null };
  const isShown = () => {
    const want = window.__benchMain.bodyClass;
    if (want && !document.body?.classList.contains(want)) return false;
    if (![...document.querySelectorAll('h1')].some(isVisible)) return false;
    if ([...document.querySelectorAll(BUSY)].some(isVisible)) return false;
    const tables = [...document.querySelectorAll('table')].filter(isVisible);
    return tables.length === 0 || tables.some((t) => t.querySelector('tbody tr') !== null);
  };
  /** What the page lacks, for a load that never showed its main content. */
  window.__benchLacks = () => {
    const want = window.__benchMain.bodyClass;
    if (want && !document.body?.classList.contains(want)) return 'the route never rendered';
    if (![...document.querySelectorAll('h1')].some(isVisible)) return 'no level-1 heading on the page';
    const busy = [...document.querySelectorAll(BUSY)].find(isVisible);
    if (busy) return 'still loading: ' + (busy.getAttribute('aria-label') || busy.className.split(' ')[0]);
    return 'no table row';
  };
  const check = () => {
    const main = window.__benchMain;
    if (!isShown()) main.shownAt = null;
    else if (main.shownAt === null) main.shownAt = performance.now();
  };
  window.__benchExpect = (bodyClass) => { window.__benchMain = { bodyClass, shownAt: null }; };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();
`;

type Dataset = 'demo' | 'big';

/** One person on one account: whose signed-in storage the loads copy. */
interface Group {
  key: string;
  email: string;
  password: string;
  /** The account to switch to after signing in (the person's current account when null). */
  accountKey: string | null;
  storage?: StorageState;
  signedAt?: number;
  /** ?settlementKey=... of the first settlement the group's list shows. */
  settlementQuery?: string;
}

interface Visit {
  route: RouteMeta;
  dataset: Dataset;
  label: string;
  group: Group | null;
  address: string;
  bodyClass: string;
  cold: number[];
  inApp: number[];
  /** Why it is not measured, once known. */
  skipped?: string;
  /** Loads that did not show the main content in GIVE_UP_MS, and what the last one lacked. */
  timeouts: number;
  lacks?: string;
  apiPaths: Set<string>;
}

export async function run(args: string[]): Promise<void> {
  const runs = numberFlag(args, 'runs', 5);
  const port = numberFlag(args, 'port', DEFAULT_PORT);
  const base = `http://127.0.0.1:${port}`;
  const bigSettlements = args.includes('--big') ? 10_000 : numberFlag(args, 'big', 0);
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  ensureWebBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-bench-routes-'));
  if (bigSettlements > 0) await loadBigAccount(dataDir, bigSettlements);
  const loadAtStart = os.loadavg();
  const server = await startServer(port, dataDir);
  const browser = await launchChromium();
  const started = Date.now();
  try {
    const routes = (await loadRoutes()).filter((r) => !only || new RegExp(only).test(r.path));
    const groups = new Map<string, Group>();
    const groupOf = (email: string, password: string, accountKey: string | null): Group => {
      const key = `${email} ${accountKey ?? ''}`;
      if (!groups.has(key)) groups.set(key, { key, email, password, accountKey });
      return groups.get(key)!;
    };
    const demoAccountKey = await accountKeysByName();
    const visits: Visit[] = routes.map((route) => {
      const person = personOf(route);
      const account = ACCOUNT_OF[route.path];
      const group = person === 'anonymous' ? null : groupOf(person, DEMO_PASSWORD, account ? demoAccountKey(account) : null);
      return newVisit(route, 'demo', group, addressOf(route));
    });
    for (const visit of visits) if (ACTIONS[visit.route.path]) visit.skipped = ACTIONS[visit.route.path];
    console.log(
      `routes: ${routes.length} of the route table${only ? ` (matching ${only})` : ''}, each ${runs} times cold (new context) and ${runs} times in-app (pushState + popstate from the settlements list); ` +
        `Debian chromium ${VIEWPORT.width}x${VIEWPORT.height}, server on ${base} (embedded database, demo data${bigSettlements ? `, and ${BIG_ACCOUNT}: ${bigSettlements.toLocaleString('en-US')} settlements, ${(bigSettlements * 50).toLocaleString('en-US')} lines` : ''}); load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} on ${os.availableParallelism()} cores`,
    );
    await measureRounds(browser, base, visits, runs, 'demo data');
    if (bigSettlements > 0) {
      const bigGroup = groupOf(BIG_OWNER, BENCH_PASSWORD, null);
      const staffGroup = groupOf('admin@ledgerport.local', DEMO_PASSWORD, null);
      // The Amazon merchant's pages (on Acme Outdoor US in the demo pass) and the staff's, that asked for settlements or reports.
      const isAmazonOrStaff = (v: Visit) => v.route.adminOnly || (personOf(v.route) === 'demo@ledgerport.local' && !ACCOUNT_OF[v.route.path]);
      const readsSettlements = (v: Visit) => !v.skipped && isAmazonOrStaff(v) && [...v.apiPaths].some((p) => /settlement|report/i.test(p));
      const bigVisits = visits.filter(readsSettlements).map((v) => {
        const group = v.route.adminOnly ? staffGroup : bigGroup;
        return newVisit(v.route, 'big', group, addressOf(v.route, { ...PARAMETERS, accountKey: BIG_ACCOUNT }));
      });
      console.log(`big account: ${bigVisits.length} routes whose page asked for settlements or reports: ${bigVisits.map((v) => v.route.path).join(', ')}`);
      await measureRounds(browser, base, bigVisits, runs, BIG_ACCOUNT);
      visits.push(...bigVisits);
    }
    printFigures(visits, runs);
    console.log(`took ${((Date.now() - started) / 60_000).toFixed(1)} min; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function newVisit(route: RouteMeta, dataset: Dataset, group: Group | null, address: string): Visit {
  const bodyClass = `page-${route.path.replace(/[/:?]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'root'}`;
  const label = `${route.path}${dataset === 'big' ? ` [${BIG_ACCOUNT}]` : ''}`;
  return { route, dataset, label, group, address, bodyClass, cold: [], inApp: [], timeouts: 0, apiPaths: new Set() };
}

/** The demo accounts' keys by name (the shared visit table names the accounts as the account menu shows them). */
async function accountKeysByName(): Promise<(name: string) => string> {
  const { demoAccounts } = await import('../../apps/server/src/seed/demo-data');
  return (name) => {
    const account = demoAccounts.find((a) => a.name === name);
    if (!account) throw new Error(`no demo account is named ${name}`);
    return account.key;
  };
}

/** The demo data and the big account, written into the server's embedded database before it starts. */
async function loadBigAccount(dataDir: string, settlements: number): Promise<void> {
  const opened = await openDb({ dataDir: path.join(dataDir, 'db') });
  try {
    await seedDemoData(opened.db, new Date());
    // One account; its settlements end over the two years before today, the newest first in the list.
    const twoYears = 2 * 365 * 86_400;
    const firstEnd = new Date(Date.now() - twoYears * 1000).toISOString().slice(0, 10);
    await loadData(opened.db, { accounts: 1, settlements, linesPerSettlement: 50, firstEnd, stepSeconds: Math.max(1, Math.floor(twoYears / settlements)) });
  } finally {
    await opened.close();
  }
}

/** Runs `runs` rounds over `visits`: each round every route cold, then every route in-app. */
async function measureRounds(browser: Browser, base: string, visits: Visit[], runs: number, what: string): Promise<void> {
  for (let round = 1; round <= runs; round++) {
    process.stdout.write(`\r${what}: round ${round} of ${runs}, cold   `);
    for (const visit of visits) {
      if (visit.skipped) continue;
      const storage = visit.group ? await storageOf(browser, base, visit.group) : undefined;
      const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, ...(storage ? { storageState: storage } : {}) });
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: `${MAIN_CLOCK}\nwindow.__benchExpect(${JSON.stringify(visit.bodyClass)});` });
        const inFlight = trackRequests(page, visit);
        await page.goto(await addressFor(browser, base, visit), { waitUntil: 'commit' });
        const ms = await timeMainContent(page, visit, inFlight);
        if (ms !== null) visit.cold.push(ms);
      } finally {
        await context.close();
      }
    }
    process.stdout.write(`\r${what}: round ${round} of ${runs}, in-app `);
    const byGroup = new Map<Group, Visit[]>();
    for (const visit of visits) if (!visit.skipped && visit.group && visit.address !== LIST_PATH) byGroup.set(visit.group, [...(byGroup.get(visit.group) ?? []), visit]);
    for (const [group, groupVisits] of byGroup) {
      const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, storageState: await storageOf(browser, base, group) });
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: `${MAIN_CLOCK}\nwindow.__benchExpect('page-settlements');` });
        let inFlight = trackRequests(page);
        await page.goto(LIST_PATH, { waitUntil: 'commit' });
        await timeMainContent(page, null, inFlight);
        for (const visit of groupVisits) {
          if (visit.skipped) continue;
          inFlight = trackRequests(page, visit);
          const address = await addressFor(browser, base, visit);
          const startedAt = await openInApp(page, address, visit.bodyClass);
          const shownAt = await timeMainContent(page, visit, inFlight, startedAt);
          if (shownAt !== null) visit.inApp.push(shownAt);
          // Back to the list, as the person would go back to it (untimed).
          inFlight = trackRequests(page);
          await openInApp(page, LIST_PATH, 'page-settlements');
          await timeMainContent(page, null, inFlight);
        }
      } finally {
        await context.close();
      }
    }
  }
  process.stdout.write('\n');
}

/**
 * Opens `to` inside the running app as a link does: history.pushState, then a popstate event, which
 * React Router's browser history follows. Returns performance.now() just before, in the page's clock.
 */
function openInApp(page: Page, to: string, bodyClass: string): Promise<number> {
  return page.evaluate<number>(`(() => {
    window.__benchExpect(${JSON.stringify(bodyClass)});
    const startedAt = performance.now();
    window.history.pushState(null, '', ${JSON.stringify(to)});
    window.dispatchEvent(new PopStateEvent('popstate'));
    return startedAt;
  })()`);
}

/** The visit's address; a settlement's page gets the first settlement its person's list shows. */
async function addressFor(browser: Browser, base: string, visit: Visit): Promise<string> {
  if (visit.route.path !== 'settlement' || !visit.group) return visit.address;
  await storageOf(browser, base, visit.group);
  return `${visit.address}${visit.group.settlementQuery ?? ''}`;
}

/** Signs the group's person in (again once the copy is old), switches to the group's account, reads its first settlement. */
async function storageOf(browser: Browser, base: string, group: Group): Promise<StorageState> {
  if (group.storage && Date.now() - (group.signedAt ?? 0) < SESSION_MAX_AGE_MS) return group.storage;
  const signedAt = Date.now();
  let storage = await signIn(browser, base, group.email, group.password, CURRENT_ACCOUNT);
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, storageState: storage });
  try {
    const page = await context.newPage();
    if (group.accountKey) {
      await page.goto(`/app/switch?account=${encodeURIComponent(group.accountKey)}`);
      await page.waitForURL((url) => !url.pathname.startsWith('/app/switch'), { timeout: 60_000 });
      await page.locator(CURRENT_ACCOUNT).waitFor({ timeout: 60_000 });
    }
    await page.goto(LIST_PATH);
    const row = page.locator(FIRST_SETTLEMENT).first();
    const href = await row.waitFor({ timeout: 30_000 }).then(() => row.getAttribute('href')).catch(() => null);
    group.settlementQuery = href?.includes('?') ? href.slice(href.indexOf('?')) : '';
    storage = await context.storageState();
  } finally {
    await context.close();
  }
  group.storage = storage;
  group.signedAt = signedAt;
  return storage;
}

/** Counts the page's API requests in flight (and notes their paths on the visit). */
function trackRequests(page: Page, visit?: Visit): () => number {
  let inFlight = 0;
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return url.startsWith('http://127.0.0.1') && !pathname.startsWith('/app/');
  };
  page.removeAllListeners('request');
  page.removeAllListeners('requestfinished');
  page.removeAllListeners('requestfailed');
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    inFlight++;
    visit?.apiPaths.add(new URL(request.url()).pathname);
  });
  const done = (request: { url: () => string }) => {
    if (isApi(request.url())) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/**
 * Waits for the main content (or for the page to leave for another address), then until no API
 * request has been in flight for 300 ms; returns when the main content last appeared, less
 * `startedAt` (0: navigation start). null, with the visit's skip reason or timeout noted, when it
 * did not show.
 */
async function timeMainContent(page: Page, visit: Visit | null, inFlight: () => number, startedAt = 0): Promise<number | null> {
  const expected = visit ? new URL(visit.address, 'http://x').pathname : null;
  const deadline = Date.now() + GIVE_UP_MS;
  let quietSince = 0;
  for (;;) {
    const state = await page
      .evaluate<{ shownAt: number | null; path: string }>(`({ shownAt: window.__benchMain?.shownAt ?? null, path: location.pathname })`)
      .catch(() => null);
    if (state && expected && state.path !== expected && !state.path.startsWith('/app/login')) {
      if (visit) visit.skipped = `opens ${state.path} instead in this install`;
      return null;
    }
    if (state?.shownAt !== null && state?.shownAt !== undefined) {
      if (inFlight() > 0) quietSince = 0;
      else if (quietSince === 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 300) {
        // Read once the page is quiet: reading the page's text while it draws would slow it.
        const off = visit ? await page.evaluate<string | null>(`/[^\\n.]*off on this installation[^\\n]*/.exec(document.body.innerText)?.[0].trim() ?? null`) : null;
        if (visit && off) {
          visit.skipped = `says: ${off}`;
          return null;
        }
        return state.shownAt - startedAt;
      }
    } else quietSince = 0;
    if (Date.now() > deadline) {
      if (visit) {
        visit.timeouts++;
        visit.lacks = await page.evaluate<string>('window.__benchLacks()').catch(() => 'unknown');
      }
      return null;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function printFigures(visits: Visit[], runs: number): void {
  const ms = (v: number) => (Number.isNaN(v) ? '    -' : v.toFixed(0).padStart(5));
  const figures = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });
  const measured = visits.filter((v) => !v.skipped && (v.cold.length > 0 || v.inApp.length > 0 || v.timeouts > 0));
  const width = Math.max(30, ...measured.map((v) => v.label.length)) + 2;
  const mark = (value: number, target: number) => (Number.isNaN(value) ? ' ' : value > target ? '!' : ' ');
  const line = (v: Visit) => {
    const cold = figures(v.cold);
    const inApp = figures(v.inApp);
    const person = v.group ? v.group.email.split('@')[0]! : 'anonymous';
    const notes = [v.timeouts > 0 ? `${v.timeouts} of ${runs * 2} loads showed no main content in ${GIVE_UP_MS / 1000} s (${v.lacks ?? 'unknown'})` : '', !v.group ? 'in-app: public page, not opened from the list' : v.address === LIST_PATH ? 'in-app: the list itself' : ''].filter(Boolean).join('; ');
    return `  ${v.label.padEnd(width)}${person.padEnd(10)}${ms(cold.p50)} ${ms(cold.p95)}${mark(cold.p95, COLD_TARGET_MS)}   ${ms(inApp.p50)} ${ms(inApp.p95)}${mark(inApp.p95, IN_APP_TARGET_MS)}  ${notes}`;
  };
  const baseline = visits.find((v) => v.route.path === '404' && v.dataset === 'demo');
  if (baseline) {
    const b = figures(baseline.cold);
    console.log(`baseline: the public 404 page (the shell and one small page, no API call), cold p50 ${ms(b.p50).trim()} ms, p95 ${ms(b.p95).trim()} ms (same server, browser and process)`);
  }
  console.log(`targets: cold p95 <= ${COLD_TARGET_MS} ms, in-app p95 <= ${IN_APP_TARGET_MS} ms; ! marks a miss; times in ms to the main content (heading, and first row or empty state)`);
  console.log(`  ${'route'.padEnd(width)}${'person'.padEnd(10)}${'cold p50'.padStart(5)} ${'p95'.padStart(5)}    ${'in-app p50'.padStart(5)} ${'p95'.padStart(4)}`);
  for (const v of measured) console.log(line(v));
  const slowest = (pick: (v: Visit) => number[], target: number, name: string) => {
    const ranked = measured.filter((v) => pick(v).length > 0).sort((a, b) => percentile(pick(b), 95) - percentile(pick(a), 95)).slice(0, 5);
    console.log(`five slowest ${name} (p95; target <= ${target} ms):`);
    for (const v of ranked) console.log(`  ${v.label.padEnd(width)}p50 ${ms(percentile(pick(v), 50))}  p95 ${ms(percentile(pick(v), 95))}${mark(percentile(pick(v), 95), target)}`);
  };
  slowest((v) => v.cold, COLD_TARGET_MS, 'cold');
  slowest((v) => v.inApp, IN_APP_TARGET_MS, 'in-app');
  const misses = measured.filter((v) => percentile(v.cold, 95) > COLD_TARGET_MS || percentile(v.inApp, 95) > IN_APP_TARGET_MS || v.timeouts > 0);
  console.log(`${measured.length} routes measured, ${misses.length} miss a target or timed out`);
  const skipped = visits.filter((v) => v.skipped);
  if (skipped.length > 0) {
    console.log(`skipped (${skipped.length}):`);
    for (const v of skipped) console.log(`  ${v.label.padEnd(width)}${v.skipped}`);
  }
}
