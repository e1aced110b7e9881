/**
 * View-only means switched off in the browser too (issue 26, decision 0054): a view-only member of
 * Acme Outdoor US (viewer@) finds no enabled control that changes something on Mapping, Cost Admin,
 * each Account Settings tab and a settlement's detail (its More actions menu included); demo@, who owns
 * the account, finds them enabled on the same pages. Counted, not listed: every enabled button, input,
 * select and textarea of the page's main area, less what only reads (navigation, filters, search,
 * sorting, export and download, paging).
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './sign-in';
import { visitEach } from './view-only-steps';

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
