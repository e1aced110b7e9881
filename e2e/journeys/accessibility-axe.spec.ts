/**
 * Issue 31, "Everyone can do the daily loop": axe-core on every route of the web route table
 * (apps/web/src/app/routes-*.ts, read here so a new page is checked the day it is declared), opened as
 * the person who uses it, with its parameters filled from the demo data. No route may have a serious or
 * critical violation. One browser context per person; its own server on port 9087 (the journey switches
 * the demo user's account, which the shared server's journeys expect to find as seeded).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(9087, 'accessibility-axe');

/** What the journey reads of a route-table entry (apps/web/src/app/route-meta.ts). */
interface RouteMeta {
  path: string;
  isPublic?: boolean;
  adminOnly?: boolean;
}

/**
 * The web app's route table, loaded when the test runs: a path held in a variable keeps this file's
 * type-check (no JSX, no DOM of the app) from following it into every page of the app.
 */
const ROUTE_TABLE = '../../apps/web/src/app/route-table';
async function loadRoutes(): Promise<RouteMeta[]> {
  return ((await import(ROUTE_TABLE)) as { ROUTES: RouteMeta[] }).ROUTES;
}

type Person = 'anonymous' | 'demo@ledgerport.local' | 'partner@ledgerport.local' | 'admin@ledgerport.local';

/** Path parameters, filled from the demo data (apps/server/src/seed/demo-data.ts). */
const PARAMETERS: Record<string, string> = {
  accountKey: 'acme-amazon-us',
  organizationId: 'org-acme',
  userId: 'user-demo',
  channel: 'amazon',
  system: 'qbo',
  step: 'financial-settings',
  provider: 'google',
  recordType: 'account',
  requestId: '1',
  groupId: '1',
  reportId: '1',
  orderId: '1',
  reconciliationReportId: '1',
};

/** Pages used by someone other than the demo merchant, or on another of the demo accounts. */
const PERSON_OF: Record<string, Person> = {
  overview: 'partner@ledgerport.local',
  'partner-dashboard': 'partner@ledgerport.local',
  partner: 'partner@ledgerport.local',
  teams: 'partner@ledgerport.local',
  'team-settings': 'partner@ledgerport.local',
  'user/settings/partner-subscriptions': 'partner@ledgerport.local',
  'user/settings/firm-billing': 'partner@ledgerport.local',
};

/** The demo account each page is opened on (Acme Outdoor US unless named here). */
const ACCOUNT_OF: Record<string, string> = {
  'shopify/financereport': 'Acme Outdoor Shop',
  'shopify/giftcards': 'Acme Outdoor Shop',
  'shopify/order': 'Acme Outdoor Shop',
  'shopify/order/:orderId': 'Acme Outdoor Shop',
  'shopify/b2b-invoice-report': 'Acme Outdoor Shop',
  'shopify/reconnect': 'Acme Outdoor Shop',
  'shopify/reconnect/store-mismatch': 'Acme Outdoor Shop',
  'b2b-settlements': 'Acme Outdoor Shop',
  'deferred-revenue-settlements': 'Acme Outdoor Shop',
  'account-settings/shopify-b2b': 'Acme Outdoor Shop',
  'account-settings/shopify-deferred-revenue': 'Acme Outdoor Shop',
};

/** Routes opened last by their person: they end or change the session. */
const LAST = new Set(['logout', 'switch']);

function personOf(route: RouteMeta): Person {
  if (route.isPublic) return 'anonymous';
  if (route.adminOnly) return 'admin@ledgerport.local';
  return PERSON_OF[route.path] ?? 'demo@ledgerport.local';
}

function urlOf(route: RouteMeta): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMETERS[name];
    if (value === undefined) throw new Error(`The accessibility journey has no demo value for the parameter :${name} of the route ${route.path}: add one to PARAMETERS.`);
    return value;
  });
  return `${BASE}/app/${path}`;
}

interface Finding {
  route: string;
  url: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Waits until the page has drawn its heading and nothing on it still says it is loading. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root'), null, { timeout: 5_000 }).catch(() => undefined);
}

/** Opens `path` inside the running app, as a link would: the session and the pages' code stay loaded (a page may still redirect). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The serious and critical violations axe finds on the page on screen. */
async function violationsOn(page: Page, route: RouteMeta): Promise<Finding[]> {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route: route.path, url: page.url(), rule: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
}

/** Opens each of `routes` as `person` in a browser context of their own; returns what axe found. */
async function visitAs(browser: Browser, person: Person, routes: RouteMeta[]): Promise<Finding[]> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  if (person !== 'anonymous') await signIn(page, person, `${BASE}/app/admin`);
  const byAccount = (r: RouteMeta) => ACCOUNT_OF[r.path] ?? '';
  const ordered = [...routes].sort((a, b) => Number(LAST.has(a.path)) - Number(LAST.has(b.path)) || byAccount(a).localeCompare(byAccount(b)));
  const findings: Finding[] = [];
  let account = '';
  for (const route of ordered) {
    if (byAccount(route) && byAccount(route) !== account) {
      account = byAccount(route);
      await switchTo(page, account);
    }
    if (route.path === 'settlement') {
      // A settlement of the demo data, opened from the list as a person would.
      await openInApp(page, '/app/settlements');
      await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: /^Open settlement / }).first().click();
    } else if (person === 'anonymous' || route.path === ordered[0]?.path) await page.goto(urlOf(route));
    else await openInApp(page, urlOf(route).slice(BASE.length));
    findings.push(...(await violationsOn(page, route)));
  }
  await saveScreenshot(page, `accessibility-axe-${person.split('@')[0]}`);
  await context.close();
  return findings;
}

test('axe finds no serious or critical violation on any route, opened as its person', async ({ browser }) => {
  test.setTimeout(1_200_000);
  const byPerson = new Map<Person, RouteMeta[]>();
  // LEDGERPORT_AXE_ROUTES (a regular expression over the route paths) checks only those, to look into one page.
  const only = process.env.LEDGERPORT_AXE_ROUTES ? new RegExp(process.env.LEDGERPORT_AXE_ROUTES) : undefined;
  for (const route of await loadRoutes()) if (!only || only.test(route.path)) byPerson.set(personOf(route), [...(byPerson.get(personOf(route)) ?? []), route]);
  // The people's contexts run side by side: each waits on its own pages and the server.
  const findings = (await Promise.all([...byPerson].map(([person, routes]) => visitAs(browser, person, routes)))).flat();
  expect(findings).toEqual([]);
});
