/**
 * Issue 17, inventory: a merchant uploads October's Amazon Inventory Ledger summary, sees the units
 * on hand at month end with every SKU that has no cost flagged (never valued at zero), then the same
 * month by fulfilment centre. This file starts its own server on its own port and data folder.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8213, 'inventory');
const LEDGER = join(REPO_ROOT, 'packages/core/src/inventory/__fixtures__/ledger-summary-2026-10.tsv');

test('upload an inventory ledger, see the month-end summary with missing costs flagged, and the locations', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  if (!(await page.getByRole('button', { name: 'Current account: Acme Outdoor US' }).isVisible())) await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/inventory`);
  await expect(page.getByRole('heading', { name: 'Monthly Inventory Summary' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Month' }).fill('2026-10');
  await expect(page.getByText('No inventory report for 2026-10 yet.', { exact: false })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles([LEDGER]);
  await page.getByRole('button', { name: 'Upload report' }).click();
  await expect(page.getByRole('status').filter({ hasText: /units on hand at 2026-10-31/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: /no USD cost/ })).toContainText('never valued at zero');
  const table = page.getByRole('table', { name: 'Inventory at the end of 2026-10' });
  await expect(table.getByRole('row').filter({ hasText: 'SKU-A' })).toContainText('No cost');
  await saveScreenshot(page, 'inventory-1-summary');

  await page.goto(`${BASE}/app/inventory-locations`);
  await page.getByRole('textbox', { name: 'Month' }).fill('2026-10');
  const locations = page.getByRole('table', { name: 'Inventory by location at the end of 2026-10' });
  await expect(locations.getByRole('row').filter({ hasText: 'PHX7' })).toBeVisible();
  await expect(locations.getByRole('row').filter({ hasText: 'ONT8' })).toBeVisible();
  await saveScreenshot(page, 'inventory-2-locations');
});
