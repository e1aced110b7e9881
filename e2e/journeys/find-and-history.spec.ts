/**
 * Issue 26: find a settlement the way a bookkeeper does, by the deposit on the bank statement (either
 * sign, either decimal mark), by the gateway's name; then map, send and read the settlement's own
 * history; the "needs mappings" notification says it is resolved and leaves the unread count.
 * Own server on port 9085 (this worktree's range), Acme Outdoor US posting to the built-in ledger.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT as root, useOwnServer } from './own-server';
import { searchSettlements, settlementHistory } from './settlement-steps';
import { saveScreenshot, signIn, switchTo } from './sign-in';

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

const BASE = useOwnServer(9085, 'find-and-history', (env, dataDir) => {
  const script = join(dataDir, 'prepare.mts');
  writeFileSync(script, prepareScript());
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: 'pipe' });
});

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Notifications/ });
async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

test('find settlements by amount and gateway, send one and read its history; its notification resolves', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/settlements`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();
  const before = await unreadOf(page);
  expect(before).toBeGreaterThan(0);

  // By the deposit, as a bank statement prints it: either sign, either decimal mark.
  const table = page.getByRole('table', { name: 'Settlements' });
  for (const text of ['36.52', '-36.52', '36,52']) {
    await searchSettlements(page, text);
    await expect(page.getByText('1 settlement matches')).toBeVisible();
    await expect(table.getByRole('link', { name: 'Open settlement 11223344556' })).toBeVisible();
  }
  await searchSettlements(page, '36.53');
  await expect(table).toContainText('No settlement matches these filters.');
  await searchSettlements(page, '');

  // The Shopify account: a payout by its amount with a thousands separator, and by its gateway.
  await switchTo(page, 'Acme Outdoor Shop');
  await page.goto(`${BASE}/app/settlements`);
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await searchSettlements(page, '1,654.23');
  await expect(page.getByText('1 payout matches')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Settlements' })).toContainText('$1,654.23');
  await saveScreenshot(page, 'find-1-by-amount');
  await searchSettlements(page, 'Shopify Payments');
  await expect(page.getByText('5 payouts match')).toBeVisible();
  await searchSettlements(page, '');

  // Back to the US account: map the type it lacks, send, and read the history.
  await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/mapping`);
  const unmapped = () => page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  await expect(unmapped().first()).toBeVisible();
  for (let i = await unmapped().count(); i > 0; i--) {
    await unmapped().first().getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option').first().click();
  }
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();

  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  const history = await settlementHistory(page, ['imported', 'mapped', 'sent', 'posted']);
  await expect(history.locator('[data-kind="sent"]')).toContainText('Dana');
  await history.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'find-2-history');

  // The "needs mappings" notification of that settlement says it is resolved, and no longer counts as unread.
  await page.goto(`${BASE}/app/notifications`);
  const resolved = page.getByRole('listitem').filter({ hasText: /Settlement 11223344556 needs mappings/ });
  await expect(resolved.getByLabel('Resolved')).toContainText(/every type mapped|posted/);
  await expect.poll(() => unreadOf(page)).toBeLessThan(before);
  await saveScreenshot(page, 'find-3-notification-resolved');
});
