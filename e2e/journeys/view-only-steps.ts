/**
 * Counting what a person can change (issue 26, decision 0054), shared by journeys (view-only,
 * first-hour): every enabled button, input, select and textarea of the page's main area, less what
 * only reads (navigation, filters, search, sorting, export and download, paging).
 */
import { expect, type Page } from '@playwright/test';
import { saveScreenshot } from './sign-in';

/** The names of what only reads: navigation, filters, search, sorting, export and download, paging. */
const READS = /^(sort by|export|download|search|filter|show|see all|source rows|only |more actions|previous|next|rows per page|page \d|go to|open )/i;

/** The enabled controls of the page's main area that change something, by tag, type and name. */
export async function enabledChanges(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  const found = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const controls = [...main.querySelectorAll<HTMLElement>('button, input, select, textarea')];
    return controls
      .filter((el) => el.getClientRects().length > 0 && (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => !el.matches(':disabled') && el.getAttribute('aria-disabled') !== 'true')
      .filter((el) => !el.closest('[role="tablist"], thead, [aria-label="Show settlements"], [aria-label="Pagination"]'))
      .map((el) => {
        const input = el as HTMLInputElement;
        const label = el.getAttribute('aria-label') ?? input.labels?.[0]?.innerText ?? el.innerText ?? input.placeholder ?? '';
        return `${el.tagName.toLowerCase()}${input.type ? `:${input.type}` : ''} ${label.replace(/\s+/g, ' ').trim()}`.trim();
      });
  });
  return found.filter((f) => !READS.test(f.replace(/^\S+\s?/, '')));
}

async function firstSettlementPath(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/app/settlements`);
  const link = page.locator('main a[href*="settlement?settlementKey="]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

async function settingsTabs(page: Page, base: string): Promise<string[]> {
  await page.goto(`${base}/app/account-settings`);
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  return tabs.allInnerTexts();
}

/**
 * Visits Mapping, Cost Admin, each Account Settings tab and the first settlement's detail of the
 * current account (on `base`, '' for the configured server) and hands each page's enabled changes to `visit`.
 */
export async function visitEach(page: Page, visit: (where: string, changes: string[]) => void | Promise<void>, base = ''): Promise<void> {
  for (const path of ['/app/mapping', '/app/cost-admin']) {
    await page.goto(`${base}${path}`);
    await visit(path, await enabledChanges(page));
  }
  for (const tab of await settingsTabs(page, base)) {
    await page.getByRole('tablist').getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true, selected: true })).toBeVisible();
    await visit(`Settings > ${tab}`, await enabledChanges(page));
    if (tab === 'Amazon Pay') await saveScreenshot(page, `24-settings-amazon-pay-${await page.evaluate(() => (document.querySelector('fieldset[disabled]') ? 'view-only' : 'owner'))}`);
  }
  const settlement = await firstSettlementPath(page, base);
  await page.goto(`${base}/app${settlement.replace(/^\/app/, '')}`);
  await expect(page.getByRole('button', { name: 'More actions' })).toBeVisible();
  await visit('settlement detail', await enabledChanges(page));
}
