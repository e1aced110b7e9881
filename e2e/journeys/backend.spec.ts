/**
 * Issue 19, the support backend: a merchant's settlement arrives inconsistent (its lines miss the
 * deposit by 5.00 CAD); a support admin finds it in the backend's list of inconsistent settlements
 * across accounts, and asks the account's channel (a local SP-API here) for that period again from
 * the backend's fetch-history page, then follows the request to Done, and sees it among every
 * account's requests.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';
import { useFakeChannels } from './fake-channels';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const PORT = 8210;
const channels = useFakeChannels(8211, 8212);

const BASE = useOwnServer(PORT, 'backend', (env) => {
  channels.pointAmazonAt(env);
});

/** The demo CA report again under another settlement id, with a deposit 5.00 CAD higher than its lines. */
function inconsistentReport(): string {
  const text = readFileSync(join(REPO_ROOT, 'packages/core/src/channels/amazon/__fixtures__/ca-v1-36-columns.txt'), 'utf8')
    .replaceAll('50034020328', '50034029999')
    .replace('\t-86.57\tCAD', '\t-81.57\tCAD');
  const file = join(mkdtempSync(join(tmpdir(), 'ledgerport-e2e-report-')), 'ca-inconsistent.txt');
  writeFileSync(file, text);
  return file;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('a support admin finds an inconsistent settlement across accounts and asks its channel for the period again', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The merchant: Amazon connected, and a file whose lines miss the deposit.
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor CA');
  await page.goto(`${BASE}/app/admin/sales-channel/amazon`);
  await page.getByRole('button', { name: 'Connect Amazon' }).click();
  await expect(page.getByRole('status').getByText('Amazon is connected')).toBeVisible();
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles([inconsistentReport()]);
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 30_000 });

  // Support, in a browser of its own.
  const support = await browser.newPage({ baseURL: BASE });
  await signIn(support, 'support@ledgerport.local', `${BASE}/app/backend`);
  await expect(support).toHaveTitle(/Backend \| Ledgerport$/);
  await support.getByRole('link', { name: 'Inconsistent settlements' }).click();
  const table = support.getByRole('table', { name: 'Inconsistent settlements' });
  const row = table.getByRole('row').filter({ hasText: '50034029999' });
  await expect(row).toContainText('Acme Outdoor CA');
  await expect(row).toContainText('5.00');
  await saveScreenshot(support, 'backend-1-inconsistent-settlements');

  await row.getByRole('link', { name: 'Request history for Acme Outdoor CA' }).click();
  await expect(support).toHaveURL(/\/app\/backend\/acme-amazon-ca\/shopify\/fetch-history$/);
  await expect(support.getByText(/Acme Outdoor CA \(Amazon, acme-amazon-ca\)/)).toBeVisible();
  await support.getByLabel('From date').fill(daysAgo(60));
  await support.getByLabel('To date').fill(daysAgo(1));
  await support.getByRole('button', { name: 'Request history' }).click();
  await expect(support.getByText('History request sent.')).toBeVisible();
  const requests = support.getByRole('table', { name: 'History requests' });
  await expect(requests.getByRole('row').nth(1)).toContainText(`${daysAgo(60)} to ${daysAgo(1)}`);
  await expect(requests.getByRole('row').nth(1)).toContainText('Done', { timeout: 90_000 });
  await saveScreenshot(support, 'backend-2-fetch-history');

  await support.getByRole('link', { name: "Every account's requests" }).click();
  const all = support.getByRole('table', { name: 'History requests of every account' });
  await expect(all.getByRole('row').filter({ hasText: 'Acme Outdoor CA' })).toContainText('Done');
  await saveScreenshot(support, 'backend-3-fetch-history-status');

  // The merchant's own Settings > History shows the same request.
  await page.goto(`${BASE}/app/account-settings/history`);
  await expect(page.getByRole('table', { name: 'History requests' }).getByRole('row').nth(1)).toContainText(`${daysAgo(60)} to ${daysAgo(1)}`);
});
