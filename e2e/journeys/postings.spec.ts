/**
 * Postings (issue 18): the demo merchant sends the demo Amazon settlement to the built-in ledger,
 * opens Postings from the main menu and finds it listed with where it lives, opens the document and
 * drills down from a line to the settlement rows it sums. This file starts its own server on its own
 * port and data folder: the demo data, with Acme Outdoor US posting to the built-in ledger (MANUAL),
 * so the send needs no accounting system.
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

const BASE = useOwnServer(8193, 'postings', (env, dataDir) => {
  const script = join(dataDir, 'prepare.mts');
  writeFileSync(script, prepareScript());
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: 'pipe' });
});

/** Maps every unmapped transaction type to the first account offered, then saves. */
async function mapUnmapped(page: Page): Promise<void> {
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByRole('status').filter({ hasText: /to map|Everything is mapped|No transaction types yet/ })).toBeVisible();
  const unmapped = () => page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  for (let i = await unmapped().count(); i > 0; i--) {
    await unmapped().first().getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option').first().click();
  }
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();
}

test('send a demo settlement, find it in Postings, open it and drill down to its source rows', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();

  // Nothing posted yet: Postings says what to do.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Postings' }).click();
  await expect(page).toHaveURL(/\/app\/invoices$/);
  await expect(page.getByRole('status', { name: 'No postings yet' })).toContainText('Open a settlement and send it');
  await saveScreenshot(page, 'postings-1-empty');

  // Map and send the demo settlement to the built-in ledger.
  await mapUnmapped(page);
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  // The long "Sending" toast closes by itself (6 s, decision 0055), leaving the page's controls free. A toast
  // under the pointer waits while it is hovered (Mantine pauses it), as a person moving on would not.
  await page.mouse.move(10, 500);
  await expect(page.getByRole('alert').filter({ hasText: /^Sending/ })).toHaveCount(0, { timeout: 10_000 });

  // Listed in Postings, with where it lives.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Postings' }).click();
  const table = page.getByRole('table', { name: 'Postings' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Open posting AMZ-11223344556' }) });
  await expect(row).toContainText('Ledger journal');
  await expect(row).toContainText('$36.52');
  await expect(row).toContainText('Posted');
  await expect(row).toContainText('Built-in ledger');
  await expect(row.getByRole('link', { name: 'Open settlement 11223344556' })).toBeVisible();
  await expect(page.getByText('1 posting matches')).toBeVisible();
  await saveScreenshot(page, 'postings-2-list');

  // A search that matches nothing, then the settlement id: found again.
  const search = page.getByRole('search', { name: 'Posting filters' }).getByRole('textbox', { name: 'Search' });
  await search.fill('no-such-document');
  await expect(table).toContainText('No posting matches these filters.');
  await search.fill('2233445');
  await expect(row).toBeVisible();

  // Open it: its lines, their total, and the drill-down to the source rows of a line.
  await row.getByRole('link', { name: 'Open posting AMZ-11223344556' }).click();
  await expect(page).toHaveURL(/\/app\/invoice\?documentId=/);
  const header = page.getByRole('region', { name: 'Posting AMZ-11223344556' });
  await expect(header.getByRole('heading', { name: 'Ledger journal AMZ-11223344556' })).toBeVisible();
  await expect(header).toContainText('Built-in ledger');
  await expect(page.getByText(/sum to \$36\.52: the document's total/)).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines of AMZ-11223344556' });
  await expect(lines).toBeVisible();
  await saveScreenshot(page, 'postings-3-document');
  const drill = lines.getByRole('button', { name: 'Source rows of Amazon Sales - Principal' });
  const count = Number(/^(\d+) rows?$/.exec((await drill.innerText()).trim())?.[1]);
  await drill.click();
  const sourceRows = page.getByRole('table', { name: 'Source rows' });
  await expect(sourceRows.getByText(/· row \d+$/).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(count === 1 ? '1 source row' : `${count} source rows`);
  await saveScreenshot(page, 'postings-4-source-rows');
});
