/**
 * Re-posting shows what will change first (issue 28, decision 0062): the demo merchant posts the demo
 * Amazon settlement to the built-in ledger, then maps its sales to another account. Reprocess shows the
 * line that moves from one account to the other with its amount and the net per account, and changes
 * nothing until confirmed; after the confirm the ledger holds the reversal and the new journal, and the
 * settlement's history keeps what changed. A second Reprocess says nothing would change and posts
 * nothing. This file starts its own server on its own port and data folder (8937,
 * its demo sandboxes on 8938): the demo data, with Acme Outdoor US posting to the built-in ledger.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT as root, useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

function prepareScript(): string {
  const src = (p: string) => JSON.stringify(join(root, p));
  return `
import { openDb } from ${src('packages/db/src/index.ts')};
import { loadConfig } from ${src('apps/server/src/config/index.ts')};
import { seedDemoData } from ${src('apps/server/src/seed/seed-demo-data.ts')};
const opened = await openDb({ dataDir: loadConfig().dbDir });
await seedDemoData(opened.db, new Date());
await opened.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-amazon-us').execute();
await opened.close();
`;
}

const PORT = 8937;
const BASE = useOwnServer(PORT, 'reprocess-diff', (env, dataDir) => {
  // The demo's local accounting sandboxes on the next port, not any free one.
  env.LEDGERPORT_DEMO_SANDBOX_PORT = String(PORT + 1);
  const script = join(dataDir, 'prepare.mts');
  writeFileSync(script, prepareScript());
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: 'pipe' });
});

const SALES = 'Amazon Sales - Principal';

async function saveMappings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();
}

/** Maps every unmapped transaction type to the first account offered, then saves. */
async function mapUnmapped(page: Page): Promise<void> {
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByRole('status').filter({ hasText: /to map|Everything is mapped|No transaction types yet/ })).toBeVisible();
  const unmapped = () => page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  for (let i = await unmapped().count(); i > 0; i--) {
    await unmapped().first().getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option').first().click();
  }
  await saveMappings(page);
}

async function openSettlement(page: Page): Promise<void> {
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' }).click();
}

/** Waits until the toasts are gone, the pointer away from them (a hovered toast waits). */
async function waitForToasts(page: Page): Promise<void> {
  await page.mouse.move(10, 500);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

test('a mapping changed after posting: Reprocess shows the line that moves and its amount, then posts the reversal and the new document', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();

  // Posted to the built-in ledger as mapped today.
  await mapUnmapped(page);
  await openSettlement(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  await waitForToasts(page);

  // The sales now go to Amazon Seller Fees.
  await page.goto(`${BASE}/app/mapping`);
  const sales = page.getByRole('combobox', { name: `Account for ${SALES}`, exact: true });
  const salesBefore = await sales.inputValue();
  await sales.click();
  await page.getByRole('option', { name: /Amazon Seller Fees$/ }).click();
  await saveMappings(page);

  // Reprocess shows what would change, and nothing has changed yet.
  await openSettlement(page);
  await page.getByRole('button', { name: 'Reprocess', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reprocess this posted settlement?' });
  await expect(dialog).toContainText('Reprocessing reverses 1 posted document and posts 1 in its place; $49.99 moves between accounts');
  const line = dialog.getByRole('table', { name: 'Lines that change in AMZ-11223344556' }).getByRole('row').filter({ hasText: SALES });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(salesBefore);
  await expect(line).toContainText('Expenses:Amazon:SellerFees · Amazon Seller Fees');
  await expect(line.getByText('Credit $49.99')).toHaveCount(2);
  const nets = dialog.getByRole('table', { name: 'Net per account' });
  await expect(nets.getByRole('row').filter({ hasText: 'Amazon Seller Fees' })).toContainText('Credit $49.99');
  await expect(nets.getByRole('row').filter({ hasText: salesBefore })).toContainText('Debit $49.99');
  await saveScreenshot(page, 'reprocess-diff-1-preview');

  await page.goto(`${BASE}/app/ledger`);
  const journals = page.getByRole('table', { name: 'Journals' });
  await expect(journals.getByRole('row').filter({ hasText: 'AMZ-11223344556' })).toHaveCount(1);

  // Confirmed: the ledger holds the reversal and the new document.
  await openSettlement(page);
  await page.getByRole('button', { name: 'Reprocess', exact: true }).click();
  await dialog.getByRole('button', { name: 'Reverse and replace' }).click();
  await expect(page.getByText('1 document was reversed; the replacement is being sent.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const history = page.getByRole('region', { name: 'History of this settlement' });
  await expect(history.getByText('Reprocessed and posted again')).toBeVisible({ timeout: 30_000 });
  await expect(history).toContainText('49.99 USD moves');
  await expect(history.getByRole('list', { name: 'Lines that changed' })).toContainText(`${SALES}:`);
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'reprocess-diff-2-history');
  await waitForToasts(page);

  await page.goto(`${BASE}/app/ledger`);
  await expect(journals.getByRole('row').filter({ hasText: 'AMZ-11223344556' })).toHaveCount(3);
  await expect(journals.getByRole('row').filter({ hasText: '(reversal)' })).toHaveCount(1);
  await expect(journals.getByRole('row').filter({ hasText: '(reversed)' })).toHaveCount(1);
  const trial = page.getByRole('table', { name: 'Trial balance' });
  await expect(trial.getByRole('row').filter({ hasText: 'Amazon Seller Fees' })).toBeVisible();
  await saveScreenshot(page, 'reprocess-diff-3-ledger');

  // Nothing left to change: Reprocess says so and posts nothing.
  await openSettlement(page);
  await page.getByRole('button', { name: 'Reprocess', exact: true }).click();
  await expect(page.getByText('Nothing would change: the posted documents of settlement 11223344556 already match what would be posted now. Nothing was posted.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.goto(`${BASE}/app/ledger`);
  await expect(journals.getByRole('row').filter({ hasText: 'AMZ-11223344556' })).toHaveCount(3);
});
