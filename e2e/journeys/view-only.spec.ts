/**
 * View-only means switched off in the browser too (issue 26, decision 0054): a view-only member of
 * Acme Outdoor US (viewer@) finds no enabled control that changes something on Mapping, Cost Admin,
 * each Account Settings tab and a settlement's detail (its More actions menu included); demo@, who owns
 * the account, finds them enabled on the same pages. Counted, not listed: every enabled button, input,
 * select and textarea of the page's main area, less what only reads (navigation, filters, search,
 * sorting, export and download, paging).
 */
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './sign-in';

/** The names of what only reads: navigation, filters, search, sorting, export and download, paging. */
const READS = /^(sort by|export|download|search|filter|show|see all|source rows|only |more actions|previous|next|rows per page|page \d|go to|open )/i;

async function enabledChanges(page: Page): Promise<string[]> {
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

async function firstSettlementPath(page: Page): Promise<string> {
  await page.goto('/app/settlements');
  const link = page.locator('main a[href*="settlement?settlementKey="]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

async function settingsTabs(page: Page): Promise<string[]> {
  await page.goto('/app/account-settings');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  return tabs.allInnerTexts();
}

async function visitEach(page: Page, visit: (where: string, changes: string[]) => void | Promise<void>): Promise<void> {
  for (const path of ['/app/mapping', '/app/cost-admin']) {
    await page.goto(path);
    await visit(path, await enabledChanges(page));
  }
  for (const tab of await settingsTabs(page)) {
    await page.getByRole('tablist').getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true, selected: true })).toBeVisible();
    await visit(`Settings > ${tab}`, await enabledChanges(page));
    if (tab === 'Amazon Pay') await saveScreenshot(page, `24-settings-amazon-pay-${await page.evaluate(() => (document.querySelector('fieldset[disabled]') ? 'view-only' : 'owner'))}`);
  }
  const settlement = await firstSettlementPath(page);
  await page.goto(`/app${settlement.replace(/^\/app/, '')}`);
  await expect(page.getByRole('button', { name: 'More actions' })).toBeVisible();
  await visit('settlement detail', await enabledChanges(page));
}

test('a view-only member finds every change switched off, with the reason; the owner finds them on', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'viewer@ledgerport.local', '/app/settlements');
  const pages: string[] = [];
  await visitEach(page, (where, changes) => {
    pages.push(where);
    expect(changes, `enabled controls that change something on ${where}`).toEqual([]);
  });
  // The settings tabs the issue names are among those visited.
  expect(pages).toEqual(expect.arrayContaining(['/app/mapping', '/app/cost-admin', 'Settings > Account', 'Settings > Product Types', 'Settings > Registered Country', 'Settings > Amazon Pay']));

  // On the settlement: More actions still opens (it exports), but its changes are off, so the delete dialog cannot open.
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Refresh COGS' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('title', 'View-only access');
  // The export reads: never switched off for being view-only (only when the settlement has no dates).
  await expect(page.getByRole('menuitem', { name: 'Export transactions (CSV)' })).not.toHaveAttribute('title', 'View-only access');
  await page.keyboard.press('Escape');

  // The reason is the tooltip of the switched-off region (and its name).
  const reprocess = page.getByRole('group', { name: 'View-only access' }).getByRole('button', { name: 'Reprocess' });
  await expect(reprocess).toBeDisabled();
  await expect(page.locator('fieldset[title="View-only access"]').first()).toBeAttached();
  await saveScreenshot(page, '22-view-only-settlement');

  await page.goto('/app/mapping');
  await expect(page.getByRole('group', { name: 'View-only access' }).getByRole('button', { name: /^Save mappings/ })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'View-only access' }).getByRole('button', { name: 'Refresh from QuickBooks Online' })).toBeDisabled();
  await saveScreenshot(page, '23-view-only-mapping');
});

test('the owner of the same account finds the same controls enabled', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'demo@ledgerport.local', '/app/settlements');
  await switchTo(page, 'Acme Outdoor US');
  const counts: Record<string, number> = {};
  await visitEach(page, (where, changes) => {
    counts[where] = changes.length;
  });
  for (const where of ['/app/mapping', '/app/cost-admin', 'Settings > Account', 'Settings > Product Types', 'Settings > Sales Grouping and Tracking', 'Settings > Registered Country', 'Settings > Amazon Pay', 'Settings > History', 'settlement detail']) {
    expect(counts[where], `enabled changes on ${where}`).toBeGreaterThan(0);
  }
  await expect(page.getByRole('group', { name: 'View-only access' })).toHaveCount(0);
});
