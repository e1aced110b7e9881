/**
 * Shopify B2B invoices (issue 18): the bookkeeper of the demo Shopify store turns on B2B invoices in
 * Settings > Shopify B2B Invoice (orders tagged A2XB2B), sees the wholesale order #43001 become its
 * own settlement in the B2B Invoices list, sends it to the built-in ledger, and finds it posted in the
 * B2B Invoice Report with its PO and customer; then turns on Deferred Revenue and finds the revenue of
 * the unfulfilled orders held, in four Deferred Revenue settlements (two for the 16-column export's payouts, two
 * for the gift-card payouts, whose gift-card-paid sales are deferred like any other). This file starts its own server on its own port and
 * data folder: the demo data, with Acme Outdoor Shop posting to the built-in ledger (MANUAL).
 */
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT as root, useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

function prepareScript(): string {
  const src = (p: string) => JSON.stringify(join(root, p));
  return `
import { openDb } from ${src('packages/db/src/index.ts')};
import { loadConfig } from ${src('apps/server/src/config/index.ts')};
import { seedDemoData } from ${src('apps/server/src/seed/seed-demo-data.ts')};
const opened = await openDb({ dataDir: loadConfig().dbDir });
await seedDemoData(opened.db, new Date());
await opened.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-shopify').execute();
await opened.close();
`;
}

const BASE = useOwnServer(8474, 'shopify-b2b', (env, dataDir) => {
  const script = join(dataDir, 'prepare.mts');
  writeFileSync(script, prepareScript());
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: 'pipe' });
});

test('turn on B2B invoices, find the B2B order as its own settlement, send it and see it in the B2B Invoice Report', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor Shop');

  await page.goto(`${BASE}/app/account-settings`);
  // The settings menu calls the tab 'B2B Invoice' (spec section 2); its page is headed 'Shopify B2B Invoice'.
  await page.getByRole('tab', { name: 'B2B Invoice', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/account-settings\/shopify-b2b$/);
  await expect(page.getByRole('heading', { name: 'Shopify B2B Invoice' })).toBeVisible();
  await expect(page.getByText('What are B2B invoices?')).toBeVisible();
  await expect(page.getByText('No B2B settlements yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'B2B invoice settings' });
  await expect(form.getByRole('textbox', { name: 'B2B order tag' })).toHaveValue('A2XB2B');
  await form.getByRole('switch', { name: 'Post B2B orders as their own invoices' }).check({ force: true });
  await form.getByRole('button', { name: 'Save B2B settings' }).click();
  await expect(page.getByText('B2B invoices are on: 1 B2B settlement.')).toBeVisible();
  await expect(page.getByText('1 B2B settlement.', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'shopify-b2b-1-settings');

  // The wholesale order is its own settlement in the B2B Invoices list.
  await page.getByRole('link', { name: 'Open the B2B invoices' }).click();
  await expect(page).toHaveURL(/\/app\/b2b-settlements/);
  const link = page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 43001 (payout 2025-07-01)' });
  await expect(link).toBeVisible();
  await saveScreenshot(page, 'shopify-b2b-2-list');

  // Sent to the built-in ledger.
  await link.click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  // The long "Sending" toast closes by itself (6 s, decision 0055), leaving the page's controls free. A toast
  // under the pointer waits while it is hovered (Mantine pauses it), as a person moving on would not.
  await page.mouse.move(10, 500);
  await expect(page.getByRole('alert').filter({ hasText: /^Sending/ })).toHaveCount(0, { timeout: 10_000 });

  // The B2B Invoice Report lists it, posted and paid, with its PO and customer.
  await page.goto(`${BASE}/app/shopify/b2b-invoice-report`);
  const row = page.getByRole('table', { name: 'B2B invoices' }).getByRole('row').filter({ has: page.getByRole('link', { name: '#43001' }) });
  await expect(row).toContainText('Trailhead Outfitters Ltd');
  await expect(row).toContainText('PO-7781');
  await expect(row).toContainText('Posted');
  await expect(row).toContainText('Paid');
  await expect(page.getByRole('figure', { name: 'B2B invoices by month (USD)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search invoices' }).fill('no such customer');
  await expect(page.getByText('No invoice matches these filters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search invoices' }).fill('trailhead');
  await expect(row).toBeVisible();
  await saveScreenshot(page, 'shopify-b2b-3-report');

  // Deferred Revenue: turned on, the unposted payouts hold the orders not fulfilled by their date.
  await page.goto(`${BASE}/app/account-settings`);
  await page.getByRole('tab', { name: 'Deferred Revenue', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/account-settings\/shopify-deferred-revenue$/);
  await expect(page.getByText('Nothing is held.')).toBeVisible();
  await page.getByRole('switch', { name: /Defer revenue until orders are fulfilled/ }).click({ force: true });
  await expect(page.getByText('Revenue of unfulfilled orders is deferred from now on.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Deferred revenue held by currency' })).toContainText('$149.50');
  await expect(page.getByText('4 Deferred Revenue settlements.')).toBeVisible();
  await saveScreenshot(page, 'shopify-b2b-4-deferred-revenue');
  await page.getByRole('link', { name: 'Open the Deferred Revenue settlements' }).click();
  await expect(page).toHaveURL(/\/app\/deferred-revenue-settlements/);
  await expect(page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: /^Open settlement Deferred Revenue/ })).toHaveCount(4);
  await saveScreenshot(page, 'shopify-b2b-5-deferred-list');
});
