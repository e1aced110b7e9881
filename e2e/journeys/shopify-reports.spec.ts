/**
 * Issue 18, the Shopify reports: the demo merchant opens the Finance Report of the Shopify account from
 * Reports, sees the chart of gross sales, fees and net by month, drills the fees down to the payouts and
 * their source rows, opens an order's detail from the order report, and reads the Gift Card Report.
 * Runs on a server of its own (the journey needs this branch's seed: the gift card payouts).
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8447, 'shopify-reports');

test('the Shopify finance report drills down to source rows, an order opens with its lines, gift cards carry a liability', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor Shop');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Reports', { exact: true }).click();
  await menu.getByRole('link', { name: 'Finance Report' }).click();
  await expect(page).toHaveURL(/\/app\/shopify\/financereport$/);
  await page.getByRole('button', { name: 'Last 10 years' }).click();
  await expect(page.getByRole('status').filter({ hasText: /closed payouts? ending/ })).toBeVisible();
  const chart = page.getByRole('figure', { name: /Gross sales, fees and net by month/ }).first();
  await expect(chart.locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await saveScreenshot(page, 'shopify-reports-1-finance');

  await page.getByRole('button', { name: 'Fees in total: show sources' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('table', { name: 'Payouts behind this figure' })).toBeVisible();
  await drawer.getByRole('button', { name: /Source rows/ }).first().click();
  await expect(drawer.getByRole('table', { name: /Source rows of/ }).getByText(/row \d+/).first()).toBeVisible();
  await saveScreenshot(page, 'shopify-reports-2-drill-down');
  await page.keyboard.press('Escape');

  await page.goto(`${BASE}/app/shopify/order`);
  await page.getByLabel('Order number').fill('5002');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 order' })).toBeVisible();
  await page.getByRole('link', { name: '#5002' }).click();
  await expect(page.getByRole('heading', { name: 'Order #5002' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines of this order' });
  await expect(lines.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('table', { name: 'Payouts of this order' }).getByRole('link')).toHaveCount(2);
  await saveScreenshot(page, 'shopify-reports-3-order');

  await page.goto(`${BASE}/app/shopify/giftcards`);
  await page.getByRole('button', { name: 'Last 10 years' }).click();
  const table = page.getByRole('table', { name: 'Gift cards by month (USD)' });
  await expect(table.getByRole('row', { name: /2026-02/ })).toContainText('$20.00');
  await expect(table.getByRole('row', { name: /Period/ })).toContainText('$30.00');
  await saveScreenshot(page, 'shopify-reports-4-gift-cards');
});
