/**
 * Issue 18, the Amazon Summary Report: the demo merchant opens it from Reports, sees the chart of
 * sales, fees, refunds and net by month and the tables, and a type's drill-down opens the settlements
 * of the same dates. Read-only, so it runs on the shared journey server.
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './sign-in';

test('the summary report shows the months of Amazon settlements as a chart and tables that add up', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  // Another journey may have left the demo user on another account.
  if (!(await page.getByRole('button', { name: 'Current account: Acme Outdoor US' }).isVisible())) await switchTo(page, 'Acme Outdoor US');
  await page.goto('/app/amazon/date-range-summary-report');
  await expect(page.getByRole('heading', { name: 'Summary Report' })).toBeVisible();
  await page.getByLabel('From date').fill('2026-01-01');
  await page.getByLabel('To date').fill('2026-12-31');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByRole('status').filter({ hasText: /closed settlements? ending 2026-01-01 to 2026-12-31/ })).toBeVisible();
  const chart = page.getByRole('figure', { name: /Sales, fees, refunds and net by month/ }).first();
  await expect(chart.locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  const months = page.getByRole('table', { name: /By month and category/ }).first();
  await expect(months.getByRole('row', { name: /Net \(deposited\)/ })).toBeVisible();
  await saveScreenshot(page, 'summary-report-1-chart');

  // A type's total drills down to the settlements that hold it, and to their source rows.
  const types = page.getByRole('table', { name: /By transaction type/ }).first();
  await types.getByRole('button', { name: /: show sources$/ }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('status')).toContainText(/settlements? adds? up to/);
  await drawer.getByRole('button', { name: /^Source rows/ }).first().click();
  await expect(drawer.getByRole('table', { name: /^Source rows of / })).toBeVisible();
  await saveScreenshot(page, 'summary-report-2-sources');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Open the settlements of these dates' }).first().click();
  await expect(page).toHaveURL(/\/app\/settlements$/);
  await expect(page.getByRole('table', { name: 'Settlements' })).toBeVisible();
  await expect(page.getByText(/settlements? match/)).toBeVisible();
});
