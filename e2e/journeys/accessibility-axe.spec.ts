/**
 * Issue 31, "Everyone can do the daily loop": axe-core on every route of the web route table
 * (apps/web/src/app/routes-*.ts, read here so a new page is checked the day it is declared), opened as
 * the person who uses it, with its parameters filled from the demo data (route-visits.ts). No route may have a serious or
 * critical violation. One browser context per person; its own server on port 9087 (the journey switches
 * the demo user's account, which the shared server's journeys expect to find as seeded).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { ACCOUNT_OF, LAST, addressOf, loadRoutes, personOf, type Person, type RouteMeta } from './route-visits';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(9087, 'accessibility-axe');

function urlOf(route: RouteMeta): string {
  return `${BASE}${addressOf(route)}`;
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
