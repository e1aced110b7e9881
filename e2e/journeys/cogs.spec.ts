/**
 * Issue 17, cost of goods sold: on an Amazon account posting to the built-in ledger, a bookkeeper
 * imports product costs from a spreadsheet in Cost Admin, loads a settlement, opens it, refreshes its
 * COGS and sees one SKU flagged as missing a cost, fills that cost in where it is flagged, refreshes
 * again, sends the COGS journal, and finds it in the built-in ledger. Screenshots on the way.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';
import { DEMO_PASSWORD, saveScreenshot, signIn, switchTo } from './sign-in';

const PORT = 8533;
const BASE = useOwnServer(PORT, 'cogs');
const ACCOUNT = 'acme-amazon-us';

/** The promotion fixture with a second order of another SKU, under a settlement id of its own. */
function settlementFile(dir: string): string {
  const fixture = readFileSync(join(REPO_ROOT, 'packages/core/src/channels/amazon/__fixtures__/us-v2-promotion-reserve.txt'), 'utf8').replaceAll('11223344556', '55500011122');
  const lines = fixture.split('\n');
  const orderRows = lines.filter((l) => l.includes('SKU-RED-1'));
  const blue = orderRows.map((l) => l.replaceAll('SKU-RED-1', 'SKU-BLUE-2').replaceAll('112-1234567-7654321', '112-7654321-1234567'));
  const out = [lines[0]!, lines[1]!.replace('36.52', '70.79'), ...lines.slice(2).filter((l) => l !== ''), ...blue];
  const path = join(dir, 'cogs-settlement.txt');
  writeFileSync(path, `${out.join('\n')}\n`);
  return path;
}

async function costSheet(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Costs');
  sheet.addRow(['SKU', 'Currency', 'Effective Date', 'Unit Cost', 'Title']);
  sheet.addRow(['SKU-RED-1', 'USD', '2026-01-01', '12.50', 'Red tent peg set']);
  const path = join(dir, 'costs.xlsx');
  await book.xlsx.writeFile(path);
  return path;
}

test('import costs from a spreadsheet, see a missing cost flagged, fill it in, refresh, send, and find the COGS journal in the ledger', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'ledgerport-cogs-'));
  // The demo account posts to QuickBooks; this journey uses the built-in ledger instead (the admin page's "no accounting system" choice).
  const tokens = (await (await request.post(`${BASE}/oauth/login`, { data: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } })).json()) as { accessToken: string };
  const manual = await request.post(`${BASE}/accounting/connect-manual`, { data: { accountKey: ACCOUNT }, headers: { authorization: `Bearer ${tokens.accessToken}` } });
  expect(manual.ok()).toBe(true);

  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor US');

  // Settings > Cost of Goods Sold: standard cost, Inventory and COGS accounts of the built-in ledger.
  await page.goto(`${BASE}/app/account-settings/cogs`);
  const settings = page.getByRole('form', { name: 'Cost of goods sold settings' });
  await expect(settings.getByRole('radio', { name: /Standard cost/ })).toBeChecked();
  await expect(settings.getByRole('textbox', { name: 'Inventory account code' })).toHaveValue('Assets:Inventory');
  await saveScreenshot(page, 'cogs-01-settings');

  // Cost Admin: import the spreadsheet.
  await page.goto(`${BASE}/app/cost-admin`);
  await page.locator('input[type=file]').setInputFiles(await costSheet(dir));
  await page.getByRole('button', { name: 'Import costs' }).click();
  await expect(page.getByText('1 cost imported from costs.xlsx.')).toBeVisible();
  const products = page.getByRole('table', { name: 'Products' });
  await page.getByRole('textbox', { name: 'Search SKUs' }).fill('SKU-RED');
  await expect(products.getByRole('row', { name: /SKU-RED-1/ })).toContainText('from 2026-01-01');
  await saveScreenshot(page, 'cogs-02-cost-admin');

  // Load the settlement: both SKUs join the catalog; only one has a cost.
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles(settlementFile(dir));
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Open settlements' }).click();
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 55500011122' }).click();
  await expect(page).toHaveURL(/settlement\?settlementKey=/);

  // Refresh COGS: SKU-BLUE-2 is flagged, never costed as zero.
  const cogs = page.getByLabel('Cost of goods sold', { exact: true });
  await cogs.getByRole('button', { name: 'Refresh COGS' }).click();
  const missing = cogs.getByRole('alert').filter({ hasText: '1 SKU has no USD cost' });
  await expect(missing).toContainText('SKU-BLUE-2: 1 unit from 2026-10-02');
  await expect(cogs.getByRole('button', { name: 'Send COGS' })).toBeDisabled();
  await saveScreenshot(page, 'cogs-03-missing-cost');

  // Fill it in where it is flagged, refresh: the whole cost, per month and product type.
  await missing.getByRole('textbox', { name: 'Unit cost of SKU-BLUE-2 (USD)' }).fill('8.00');
  await missing.getByRole('button', { name: 'Save cost of SKU-BLUE-2' }).click();
  await expect(page.getByText('The cost of SKU-BLUE-2 is saved; refresh COGS to use it.')).toBeVisible();
  await cogs.getByRole('button', { name: 'Refresh COGS' }).click();
  await expect(cogs.getByRole('alert')).toHaveCount(0);
  await expect(cogs.getByText('Net cost of goods sold:')).toContainText('$20.50');
  await expect(cogs.getByRole('table', { name: 'Cost of goods sold lines' })).toContainText('2026-10');

  // Send: the COGS journal is posted once.
  await cogs.getByRole('button', { name: 'Send COGS' }).click();
  await expect(cogs.getByText('COGS posted')).toBeVisible({ timeout: 30_000 });
  await expect(cogs.getByRole('table', { name: 'Cost of goods sold journals' })).toContainText('COGS-AMZ-55500011122');
  await saveScreenshot(page, 'cogs-04-posted');

  // The built-in ledger holds it.
  await page.goto(`${BASE}/app/ledger`);
  await expect(page.getByText('COGS-AMZ-55500011122')).toBeVisible();
  await saveScreenshot(page, 'cogs-05-ledger');
});
