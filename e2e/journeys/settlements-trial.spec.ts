/**
 * Issue 5 journeys of a trial user whose two accounts (Amazon and Shopify) post to the built-in
 * ledger (MANUAL). The shared demo data has no such accounts, so this file starts its own server on
 * its own port and data folder, prepared with the demo data plus those two trial accounts.
 *
 * 1. Upload an Amazon V2 file, see it listed, open it, map its unmapped type on the mappings screen,
 *    send it to the built-in ledger, download the hledger export (which passes `hledger check`), and
 *    the status reads Posted; load two more files, then a fourth is refused with the trial text.
 * 2. Upload Shopify payout exports, see the payouts listed, bulk send three of them: all Posted.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT as root, useOwnServer } from './own-server';
import { DEMO_PASSWORD, saveScreenshot, signIn, switchTo } from './sign-in';

const fixtures = join(root, 'packages', 'core', 'src', 'channels');
const amazonFixture = (name: string) => join(fixtures, 'amazon', '__fixtures__', name);
const shopifyFixture = (name: string) => join(fixtures, 'shopify', '__fixtures__', name);
const PORT = 8177;
const TRIAL_EMAIL = 'trial@ledgerport.local';
const TRIAL_TEXT = 'Upgrade to send all transactions; choose a plan to sync all transactions and load multiple files.';

/** Seeds the demo data, then adds the trial user with a trial Amazon and a trial Shopify account on MANUAL. */
function prepareScript(): string {
  const src = (p: string) => JSON.stringify(join(root, p));
  return `
import { openDb } from ${src('packages/db/src/index.ts')};
import { loadConfig } from ${src('apps/server/src/config/index.ts')};
import { seedDemoData } from ${src('apps/server/src/seed/seed-demo-data.ts')};
import { hashPassword } from ${src('apps/server/src/features/auth/passwords.ts')};
const config = loadConfig();
const opened = await openDb({ dataDir: config.dbDir });
const now = new Date();
await seedDemoData(opened.db, now);
const accounts = [['trial-amazon-books', 'Trial Amazon Books', 'AMAZON', 'Trial Books (Amazon.com)'], ['trial-shopify-books', 'Trial Shopify Books', 'SHOPIFY', 'trial-books.myshopify.com']];
for (const [key, name, channel, store] of accounts) {
  await opened.db.insertInto('accounts').values({
    account_key: key, account_name: name, account_status: 'ACTIVE', accounting_system: 'MANUAL',
    accounting_system_organization_name: null, partner_code: null, plan_code: null, plan_amount: null, subscribed_at: null,
    sales_channel: channel, sales_channel_store_name: store, time_zone_id: 'UTC', organization_id: null,
    created_at: now, updated_at: now,
  }).execute();
  await opened.db.insertInto('account_features').values({ account_key: key, enable_amazon_pay: false, cogs_enabled: false, premium: false, show_gift_cards: false, is_demo_account: true }).execute();
}
await opened.db.insertInto('users').values({
  user_id: 'user-trial', email: ${JSON.stringify(TRIAL_EMAIL)}, name: 'Tia Trial', password_hash: await hashPassword(${JSON.stringify(DEMO_PASSWORD)}),
  partner_code: null, root_admin: false, current_account_key: 'trial-amazon-books', created_at: now, updated_at: now,
}).execute();
for (const [key] of accounts) await opened.db.insertInto('account_memberships').values({ account_key: key, user_id: 'user-trial', role: 'owner', created_at: now }).execute();
await opened.close();
`;
}

// The demo data plus the trial user's two accounts, prepared before the server starts.
const BASE = useOwnServer(PORT, 'settlements', (env, dataDir) => {
  // The trial's three files are a billing limit: billing on (Stripe is never called for uploads or built-in ledger sends).
  env.LEDGERPORT_STRIPE_SECRET_KEY = 'sk_test_e2e';
  env.LEDGERPORT_STRIPE_WEBHOOK_SECRET = 'whsec_e2e';
  env.LEDGERPORT_STRIPE_API_URL = 'http://127.0.0.1:9';
  const script = join(dataDir, 'prepare.mts');
  writeFileSync(script, prepareScript());
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: 'pipe' });
});

async function uploadFiles(page: Page, files: string[]): Promise<void> {
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles(files);
  const label = files.length === 1 ? 'Load 1 file' : `Load ${files.length} files`;
  await page.getByRole('button', { name: label }).click();
}

/** Maps every unmapped transaction type to the first account offered, then saves. */
async function mapUnmapped(page: Page): Promise<number> {
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByRole('heading', { name: 'Account and Tax Rate Mappings' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /to map|Everything is mapped|No transaction types yet/ })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const row = page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) }).first();
    await row.getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option').first().click();
  }
  return count;
}

test('a trial user loads an Amazon V2 file, maps it, posts it to the built-in ledger and exports hledger; a fourth file is refused', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, TRIAL_EMAIL, `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Trial Amazon Books' })).toBeVisible();

  // Upload: progress per file, then the result page.
  await uploadFiles(page, [amazonFixture('us-v2-promotion-reserve.txt')]);
  await expect(page).toHaveURL(/settlement-import\?importId=/);
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 30_000 });
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await saveScreenshot(page, '10-settlements-upload-result');

  // Listed.
  await page.getByRole('link', { name: 'Open settlements' }).click();
  const table = page.getByRole('table', { name: 'Settlements' });
  await expect(table.getByRole('link', { name: 'Open settlement 11223344556' })).toBeVisible();
  await expect(table).toContainText('$36.52');
  await saveScreenshot(page, '11-settlements-list');

  // Open it: it cannot be posted until its unmapped type is mapped.
  await table.getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await expect(page).toHaveURL(/settlement\?settlementKey=/);
  const detailUrl = page.url();
  await expect(page.getByText(/^Settlement 11223344556 · Amazon\.com/)).toBeVisible();
  await saveScreenshot(page, '12-settlement-detail-unmapped');

  // Map on the mappings screen.
  const mapped = await mapUnmapped(page);
  expect(mapped).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();
  await saveScreenshot(page, '13-mappings');

  // Send to the built-in ledger: Posted.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.getByRole('list', { name: 'Status' }).first();
  await expect(status.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Posted' })).toBeDisabled();
  await saveScreenshot(page, '14-settlement-posted');

  // The hledger export of the built-in ledger passes `hledger check`.
  await page.goto(`${BASE}/app/ledger`);
  await expect(page.getByRole('table', { name: 'Trial balance' })).toContainText('USD');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'hledger journal' }).click();
  const download = await downloadPromise;
  const journalPath = join(mkdtempSync(join(tmpdir(), 'ledgerport-hledger-')), download.suggestedFilename() || 'ledger.journal');
  await download.saveAs(journalPath);
  const journal = readFileSync(journalPath, 'utf8');
  expect(journal).toContain('11223344556');
  execFileSync('/usr/bin/hledger', ['check', '-f', journalPath], { stdio: 'pipe' });
  const balance = execFileSync('/usr/bin/hledger', ['balance', '-f', journalPath, '--output-format=csv'], { encoding: 'utf8' });
  expect(balance).toContain('36.52');
  await saveScreenshot(page, '15-built-in-ledger');
  // Every other export format downloads a non-empty file naming the settlement's journal.
  for (const name of ['General journal CSV', 'QuickBooks Desktop IIF', 'QuickBooks Online CSV', 'Xero manual journal CSV', 'Xero invoice CSV', 'Sage CSV', 'Beancount', 'JSON']) {
    const next = page.waitForEvent('download');
    await page.getByRole('button', { name }).click();
    const file = await next;
    const path = join(dirname(journalPath), `${name.replace(/\W+/g, '-')}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    expect(readFileSync(path).length, `${name} export`).toBeGreaterThan(0);
  }

  // A mapping change on a posted settlement: reprocess shows what would change, then replaces by reversal.
  await page.goto(`${BASE}/app/mapping`);
  const commission = page.getByRole('row').filter({ hasText: 'Amazon Fees - Commission' });
  await commission.getByRole('combobox', { name: /^Account for / }).click();
  await page.getByRole('option', { name: /Income:Amazon:Sales/ }).first().click();
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByRole('button', { name: /^Save mappings/ })).toBeDisabled();
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Reprocess' }).click();
  const preview = page.getByRole('dialog', { name: 'Reprocess this posted settlement?' });
  await expect(preview.getByRole('region', { name: 'What would change' })).toContainText('Income:Amazon:Sales');
  await saveScreenshot(page, '15b-reprocess-preview');
  await preview.getByRole('button', { name: 'Reverse and replace' }).click();
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${BASE}/app/ledger`);
  await expect(page.getByRole('table', { name: 'Journals' })).toContainText('reversal');

  // Two more files (three in all), then the fourth is refused with the trial text and nothing is loaded.
  await uploadFiles(page, [amazonFixture('uk-v2-excerpt.txt'), amazonFixture('jp-v2.txt')]);
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('2 created', { timeout: 30_000 });
  await uploadFiles(page, [amazonFixture('de-v2-real-excerpt.txt')]);
  const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was loaded' });
  await expect(refusal).toContainText(TRIAL_TEXT);
  await saveScreenshot(page, '16-trial-fourth-file-refused');
  await page.goto(`${BASE}/app/settlements`);
  await expect(page.getByTestId('page-range')).toHaveText('1–3 of 3');
});

test('a trial user loads Shopify payout exports and bulk sends three payouts to the built-in ledger', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, TRIAL_EMAIL, `${BASE}/app/admin`);
  await switchTo(page, 'Trial Shopify Books');

  await uploadFiles(page, [shopifyFixture('payouts_export.csv'), shopifyFixture('payouts_export_bank_reference.csv')]);
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toBeVisible({ timeout: 30_000 });
  await mapUnmapped(page);
  if (await page.getByRole('button', { name: /^Save mappings/ }).isEnabled()) {
    await page.getByRole('button', { name: /^Save mappings/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();
  }

  await page.goto(`${BASE}/app/settlements`);
  const table = page.getByRole('table', { name: 'Settlements' });
  for (const id of ['2025-07-01', '2025-06-30', '2026-03-10']) await table.getByRole('checkbox', { name: `Select settlement ${id}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Send selected' }).click();
  // The bar holds two live regions: the result of the bulk request and the send's progress.
  await expect(bar.getByRole('status').filter({ hasText: '3 of 3 settlements queued for sending.' })).toBeVisible({ timeout: 30_000 });
  await expect(bar.getByRole('status', { name: 'Bulk send status' })).toHaveText('3 of 3 posted', { timeout: 30_000 });
  for (const id of ['2025-07-01', '2025-06-30', '2026-03-10']) {
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Open settlement ${id}` }) });
    await expect(row.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  }
  await saveScreenshot(page, '17-bulk-send-posted');

  // Filters are searched on the server and kept for this account in the browser.
  await page.getByPlaceholder('Search by text').fill('2026-03');
  await expect(page.getByTestId('page-range')).toHaveText('1–2 of 2');
  await page.reload();
  await expect(page.getByPlaceholder('Search by text')).toHaveValue('2026-03');
  await expect(page.getByTestId('page-range')).toHaveText('1–2 of 2');
  await saveScreenshot(page, '18-settlements-filter-saved');
});
