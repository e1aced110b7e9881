/**
 * Issue 18, Account Overview and Export Data: the demo merchant opens the overview of Acme Outdoor US
 * (charts of sales, fees and net by month and by channel, the fee rate, settlements counted by status),
 * follows a count into the settlements list, sees the same chart on Home, and downloads the raw lines of
 * a quarter as CSV from Export Data with its progress. Read-only, so it runs on the shared journey server.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { saveScreenshot, signIn, switchTo } from './sign-in';

test('the account overview charts the months and channels, and Export Data downloads the raw lines', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  if (!(await page.getByRole('button', { name: 'Current account: Acme Outdoor US' }).isVisible())) await switchTo(page, 'Acme Outdoor US');

  await expect(page.getByRole('region', { name: 'Last 12 months' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Sales, fees and net by month/ }).first().locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await saveScreenshot(page, 'account-overview-0-home');

  await page.goto('/app/overview-settlements');
  await expect(page.getByRole('heading', { name: 'Account Overview' })).toBeVisible();
  await page.getByLabel('From date').fill('2026-01-01');
  await page.getByLabel('To date').fill('2026-11-26');
  await page.getByRole('button', { name: 'Show overview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settlements ending 2026-01-01 to 2026-11-26' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Sales, fees and net by month/ }).first().locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: /Net by channel and month/ }).first().locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: /Fee rate by month/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: /By month/ }).first()).toBeVisible();
  await saveScreenshot(page, 'account-overview-1-charts');

  await page.getByRole('group', { name: 'Settlements by status' }).getByRole('link', { name: /^Closed: / }).click();
  await expect(page).toHaveURL(/\/app\/settlements$/);
  await expect(page.getByRole('table', { name: 'Settlements' })).toBeVisible();

  await page.goto('/app/reports/export-data');
  await expect(page.getByRole('heading', { name: 'Export Data' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Raw settlement lines' }).click();
  await page.getByLabel('From date').fill('2026-08-01');
  await page.getByLabel('To date').fill('2026-10-31');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('lines-acme-amazon-us-2026-08-01-2026-10-31.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('Settlement,Line,Posted at');
  await expect(page.getByText('Export downloaded')).toBeVisible();
  await saveScreenshot(page, 'account-overview-2-export');
});
