/**
 * Posting settings (issues 4/5): a bookkeeper groups sales by SKU and sees the settlement's documents
 * change, then chooses to hold inconsistent settlements: a file whose lines do not sum to its deposit
 * is held with its reason, Send refuses it, and releasing it posts it with the suspense line.
 * This file starts its own server on its own port and data folder (the demo data, fresh).
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT as root, useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8191, 'posting-settings');

/** The demo CA report again under another settlement id, with a deposit 5.00 CAD higher than its lines. */
function inconsistentReport(): string {
  const text = readFileSync(join(root, 'packages/core/src/channels/amazon/__fixtures__/ca-v1-36-columns.txt'), 'utf8')
    .replaceAll('50034020328', '50034029999')
    .replace('\t-86.57\tCAD', '\t-81.57\tCAD');
  const file = join(mkdtempSync(join(tmpdir(), 'ledgerport-e2e-report-')), 'ca-inconsistent.txt');
  writeFileSync(file, text);
  return file;
}

test('group sales by SKU, see the documents change, then hold an inconsistent settlement until it is released', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor CA');

  // By transaction type (the default): one line per type.
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 50034020328' }).click();
  await expect(page.getByText('Amazon Sales - Principal', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/SKU CA-SKU-1/)).toHaveCount(0);
  const detailUrl = page.url();
  await saveScreenshot(page, 'posting-settings-1-detail-by-type');

  // Sales Grouping and Tracking: group by SKU and save.
  await page.goto(`${BASE}/app/account-settings/invoices`);
  await page.getByRole('radio', { name: 'SKU' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sales grouping and tracking saved.')).toBeVisible();
  await saveScreenshot(page, 'posting-settings-2-grouping-by-sku');

  // The document not posted yet now has a line per type and SKU.
  await page.goto(detailUrl);
  await expect(page.getByText('Amazon Sales - Principal · SKU CA-SKU-1').first()).toBeVisible();
  await saveScreenshot(page, 'posting-settings-3-detail-by-sku');

  // Hold inconsistent settlements instead of posting them with a suspense line.
  await page.goto(`${BASE}/app/account-settings/invoices`);
  await page.getByRole('radio', { name: /Hold until released/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sales grouping and tracking saved.')).toBeVisible();

  // A file whose lines do not sum to its deposit arrives: it is held at once.
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles([inconsistentReport()]);
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 30_000 });
  await page.goto(`${BASE}/app/settlements`);
  const table = page.getByRole('table', { name: 'Settlements' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Open settlement 50034029999' }) });
  await expect(row.getByText(/^On hold/)).toBeVisible();
  await saveScreenshot(page, 'posting-settings-4-list-on-hold');

  await row.getByRole('link', { name: 'Open settlement 50034029999' }).click();
  await expect(page.getByRole('alert', { name: 'On hold' })).toContainText('Held because its lines and its deposit differ by 5.00 CAD');
  await expect(page.getByText('No document can be built yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/Settlement 50034029999 is on hold and was not sent\./)).toBeVisible();
  await saveScreenshot(page, 'posting-settings-5-send-refused');

  // Released: it posts with its difference on the unreconciled-difference suspense line.
  await page.getByRole('button', { name: 'Release and post with a suspense line' }).click();
  await expect(page.getByText(/was released/)).toBeVisible();
  await expect(page.getByText(/Unreconciled difference/i).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release and post with a suspense line' })).toHaveCount(0);
  await saveScreenshot(page, 'posting-settings-6-released');

  // History names who changed what.
  await page.goto(`${BASE}/app/account-settings/history`);
  const changes = page.getByRole('table', { name: 'Setting changes' });
  await expect(changes).toContainText('Inconsistent settlements suspense → hold');
  await expect(changes).toContainText('Group sales by type → sku');
  await saveScreenshot(page, 'posting-settings-7-history');
});
