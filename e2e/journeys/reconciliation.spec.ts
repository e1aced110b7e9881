/**
 * Reconciliation (issue 18): the demo merchant uploads a bank statement for October 2026 against
 * the demo Amazon settlement (11223344556, 36.52 USD, ended 2026-10-15). The statement pays it and
 * holds one other credit: the report shows one match and one deposit without a settlement, with the
 * reason, links the match to its settlement and exports the rows as CSV. Own server on port 8204.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8204, 'reconciliation');

const STATEMENT = [
  'Acme Outdoor LLC - Business Checking ****4821',
  'Date,Description,Amount,Currency',
  '2026-10-14,Office supplies,-84.20,USD',
  '2026-10-17,AMAZON.COM SERVICES LLC 11223344556,36.52,USD',
  '2026-10-19,Stripe transfer ST-88311,412.90,USD',
  '',
].join('\n');

test('reconcile the demo settlements against a bank statement, see the unmatched deposit and why, export', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Reports', { exact: true }).click();
  await menu.getByRole('link', { name: 'Reconciliation Report' }).click();
  await expect(page).toHaveURL(/\/app\/reconciliation-reports$/);
  await expect(page.getByText(/No reconciliation yet/)).toBeVisible();
  await page.getByRole('link', { name: 'New reconciliation' }).click();
  await expect(page).toHaveURL(/\/app\/reconciliation-reports\/report$/);

  await page.locator('input[type="file"]').setInputFiles({ name: 'checking-2026-10.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
  // The statement's own dates decide the range (deposits 14 to 19 October, 0 to 5 days after the end),
  // so Reconcile is ready without a date chosen, and the calendar opens on October 2026, not on today.
  await expect(page.getByRole('button', { name: 'Settlements that ended between' })).toHaveText('Oct 09 2026 – Oct 19 2026');
  await expect(page.getByRole('button', { name: 'Reconcile' })).toBeEnabled();
  await expect(page.getByLabel('Where the dates come from')).toContainText('Oct 14 2026 – Oct 19 2026');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Settlements that ended between' }).click();
  await expect(page.getByRole('button', { name: '15 October 2026', exact: true }).first()).toBeVisible();
  await saveScreenshot(page, 'reconciliation-0-range-from-statement');
  for (let i = 0; i < 36 && !(await page.getByRole('button', { name: '1 October 2026', exact: true }).first().isVisible()); i++) await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: '1 October 2026', exact: true }).first().click();
  await page.getByRole('button', { name: '31 October 2026', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Settlements that ended between' })).toHaveText('Oct 01 2026 – Oct 31 2026');
  await expect(page.getByRole('textbox', { name: 'Earliest deposit, days after the settlement ended' })).toHaveValue('0');
  await expect(page.getByRole('textbox', { name: 'Latest deposit, days after the settlement ended' })).toHaveValue('5');
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'reconciliation-1-new');
  await page.getByRole('button', { name: 'Reconcile' }).click();

  // The report opens on the outcome that needs attention: the deposit no settlement explains.
  await expect(page).toHaveURL(/\/app\/reconciliation-reports\/report\/rcn_/);
  await expect(page.getByRole('tab', { name: 'Deposits without settlement (1)', selected: true })).toBeVisible();
  const unmatched = page.getByRole('table', { name: 'Deposits without settlement' });
  await expect(unmatched.getByRole('row')).toHaveCount(2);
  await expect(unmatched).toContainText('Stripe transfer ST-88311');
  await expect(unmatched).toContainText('No settlement of 412.90 USD ended between 2026-10-14 and 2026-10-19.');
  await expect(page.getByRole('table', { name: 'Totals by currency' })).toContainText('$36.52');
  await saveScreenshot(page, 'reconciliation-2-unmatched-deposit');

  // The match links to its settlement.
  await page.getByRole('tab', { name: 'Matched (1)' }).click();
  const matched = page.getByRole('table', { name: 'Matched' });
  await expect(matched).toContainText('Paid 36.52 USD on 2026-10-17, 2 days after the settlement ended.');
  await saveScreenshot(page, 'reconciliation-3-matched');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^reconciliation-acme-amazon-us-.*\.csv$/);
  const csv = readFileSync((await file.path()), 'utf8');
  expect(csv).toContain('Deposit without settlement,');
  expect(csv).toContain('No settlement of 412.90 USD ended between 2026-10-14 and 2026-10-19.');

  await matched.getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await expect(page).toHaveURL(/\/app\/settlement\?settlementKey=/);

  // Saved: the list has it.
  await page.goto(`${BASE}/app/reconciliation-reports`);
  await expect(page.getByRole('link', { name: 'Open the reconciliation of checking-2026-10.csv' })).toBeVisible();
  await saveScreenshot(page, 'reconciliation-4-list');
});
