/**
 * Issue 6 journeys against the local accounting systems (packages/integrations/src/testing/
 * serve-vendors.ts, started here on its own port; the app's base URLs point at it through
 * LEDGERPORT_ACCOUNTING_VENDOR_URL). This file starts its own server on its own port and data folder.
 *
 * 1. Connect Xero: the OAuth redirect round trip through the local Xero's consent page, back on /cb,
 *    connected to the organisation; its chart is fetched. The mappings screen offers Xero's chart
 *    (Refresh from Xero fetches it again); a type is mapped to 405, an account only the local Xero
 *    has. Then send a settlement: Posted with the Xero invoice number and id, and the local Xero holds exactly
 *    that one invoice, with a line on 405.
 * 2. Cancel at Xero: the spec's cancelled-authorization message.
 * 3. Connect QuickBooks Online: back on /cb, then the bank-account settings page lists the company's
 *    bank accounts; choosing one saves. The mappings screen offers the company's accounts and tax
 *    codes: each unmapped type gets a QBO account and tax code, the clearing role QBO's Amazon
 *    Clearing. Then send the CA settlement: Posted with the QBO JournalEntry id, and the local QBO
 *    holds exactly that one valid journal entry, on those accounts and tax code.
 */
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = 8178;
const VENDOR_PORT = 8179;
const BASE = `http://127.0.0.1:${PORT}`;
const VENDORS = `http://127.0.0.1:${VENDOR_PORT}`;
const children: ChildProcess[] = [];
let log = '';

function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  children.push(child);
  return child;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (await fetch(url).then((r) => r.status < 500).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start:\n${log}`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerport-e2e-accounting-'));
  start(['packages/integrations/src/testing/serve-vendors.ts', String(VENDOR_PORT)], process.env);
  await waitFor(`${VENDORS}/_fake/documents`);
  start(['apps/server/src/main.ts'], { ...process.env, DATABASE_URL: '', PORT: String(PORT), LEDGERPORT_DATA_DIR: dataDir, LEDGERPORT_ACCOUNTING_VENDOR_URL: VENDORS });
  await waitFor(`${BASE}/health`);
});

test.afterAll(() => {
  for (const child of children) if (child.pid) process.kill(child.pid, 'SIGTERM');
});

test('connect Xero through its OAuth redirect round trip', async ({ page }) => {
  // Connect, map and send in one go: about 20 s alone, and more than a minute on a loaded 2-core machine.
  test.setTimeout(150_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await page.goto(`${BASE}/app/admin/accounting/xero`);
  await expect(page.getByRole('heading', { name: 'Connect Xero' })).toBeVisible();
  await saveScreenshot(page, '60-accounting-connect-xero');
  await page.getByRole('button', { name: 'Connect Xero' }).click();
  await expect(page).toHaveURL(new RegExp(`^${VENDORS}/xero/identity/connect/authorize`));
  await saveScreenshot(page, '61-accounting-local-xero-consent');
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page).toHaveURL(/\/app\/admin\/accounting\/xero\/cb\?/);
  await expect(page.getByRole('status').filter({ hasText: 'Xero is connected' })).toContainText('Connected to Demo Company (Local Xero)');
  await saveScreenshot(page, '62-accounting-xero-connected');

  // The mappings pick from Xero's fetched chart: map what is unmapped to 405 (Amazon FBA Fees), an
  // account only the local Xero has, then send: Posted, one invoice at Xero, on that code.
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByRole('heading', { name: 'Account and Tax Rate Mappings' })).toBeVisible();
  await expect(page.getByText('Accounts and tax rates from your Xero file.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh from Xero' }).click();
  await expect(page.getByText('Chart of accounts refreshed from Xero.').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /to map|Everything is mapped|No transaction types yet/ })).toBeVisible();
  const unmappedRows = page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  let picked = 0;
  for (let i = await unmappedRows.count(); i > 0; i--) {
    const row = unmappedRows.first();
    const isTax = /Tax/.test(await row.getByRole('cell').first().innerText());
    await row.getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option', { name: isTax ? '820 · Sales Tax Payable' : '405 · Amazon FBA Fees' }).click();
    picked++;
  }
  if (picked === 0) {
    await page.getByRole('region', { name: 'Category Fees' }).getByRole('combobox', { name: /^Account for / }).first().click();
    await page.getByRole('option', { name: '405 · Amazon FBA Fees' }).click();
  }
  await expect(page.getByRole('region', { name: 'Posting accounts' }).getByRole('combobox', { name: 'Account for Amazon clearing' })).toHaveValue('610 · Amazon Clearing');
  await saveScreenshot(page, '65-accounting-xero-mappings');
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByText(/^Mappings saved \(version \d+\)\.$/).first()).toBeVisible();
  await page.goto(`${BASE}/app/admin`);
  await page.getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.getByRole('list', { name: 'Status' }).first();
  await expect(status.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  const remote = (await (await fetch(`${VENDORS}/_fake/documents`)).json()) as { documents: { system: string; id: string; number: string; body: { LineItems?: { AccountCode?: string }[] } }[]; violations: string[] };
  const invoices = remote.documents.filter((d) => d.system === 'XERO');
  expect(invoices).toHaveLength(1);
  expect((invoices[0]!.body.LineItems ?? []).map((l) => l.AccountCode)).toContain('405');
  expect(remote.violations).toEqual([]);
  await expect(page.getByLabel(/^Remote document of /)).toHaveText(`Posted to Xero as ${invoices[0]!.number} · ID ${invoices[0]!.id}`);
  await saveScreenshot(page, '66-accounting-xero-posted');
});

test('Cancel at Xero shows the cancelled-authorization message', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await page.goto(`${BASE}/app/admin/accounting/xero`);
  await page.getByRole('button', { name: 'Connect Xero' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('We were unable to connect to your account because the authorization was cancelled.');
  await saveScreenshot(page, '63-accounting-xero-cancelled');
});

test('connect QuickBooks Online, choose its bank account, map from its lists and send', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor CA');
  await page.goto(`${BASE}/app/admin/accounting/qbo`);
  await page.getByRole('button', { name: 'Connect QuickBooks Online' }).click();
  await expect(page).toHaveURL(new RegExp(`^${VENDORS}/qbo/oauth2/authorize`));
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page).toHaveURL(/\/app\/admin\/accounting\/qbo\/bank-account-settings/);
  await expect(page.getByRole('heading', { name: 'QuickBooks Online bank account settings' })).toBeVisible();
  await expect(page.getByText('Connected to Sandbox Company_US_1 (Local QuickBooks)')).toBeVisible();
  await page.getByRole('combobox', { name: 'Bank account' }).click();
  await page.getByRole('option', { name: 'Checking' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await saveScreenshot(page, '64-accounting-qbo-bank-account-settings');

  // Map from QuickBooks' own lists: sales principal to 4010 with tax code TAX, tax types to 2200,
  // everything else to 6010, all others NON; Amazon clearing to QBO's 1210 Amazon Clearing.
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByText('Accounts and tax rates from your QuickBooks Online file.', { exact: false })).toBeVisible();
  const unmappedRows = page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  await expect(unmappedRows.first()).toBeVisible();
  const picks: Record<string, { account: string; tax: string }> = {};
  for (let i = await unmappedRows.count(); i > 0; i--) {
    const typeKey = (await unmappedRows.first().getByRole('cell').first().innerText()).split('\n').at(-1)!.trim();
    // Found by its type key: once picked, the row is no longer an unmapped one.
    const row = page.getByRole('row').filter({ has: page.getByText(typeKey, { exact: true }) });
    const pick = /Principal/.test(typeKey) ? { account: '79 · 4010 Amazon Sales', tax: 'TAX (TAX)' } : /Tax/.test(typeKey) ? { account: '91 · 2200 Sales Tax Payable', tax: 'NON (NON)' } : { account: '80 · 6010 Amazon Seller Fees', tax: 'NON (NON)' };
    await row.getByRole('combobox', { name: /^Tax rate for / }).click();
    await page.getByRole('option', { name: pick.tax, exact: true }).click();
    await row.getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option', { name: pick.account, exact: true }).click();
    picks[typeKey] = pick;
  }
  expect(Object.keys(picks).length).toBeGreaterThan(0);
  const clearing = page.getByRole('region', { name: 'Posting accounts' }).getByRole('combobox', { name: 'Account for Amazon clearing' });
  await clearing.click();
  await page.getByRole('option', { name: '90 · 1210 Amazon Clearing', exact: true }).click();
  await expect(clearing).toHaveValue('90 · 1210 Amazon Clearing');
  await saveScreenshot(page, '67-accounting-qbo-mappings');
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByText(/^Mappings saved \(version \d+\)\.$/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();

  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('link', { name: 'Open settlement 50034020328' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.getByRole('list', { name: 'Status' }).first();
  await expect(status.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  const remote = (await (await fetch(`${VENDORS}/_fake/documents`)).json()) as {
    documents: { system: string; type: string; id: string; number: string; body: { Line: { JournalEntryLineDetail: { AccountRef: { value: string }; TaxCodeRef?: { value: string } } }[] } }[];
    violations: string[];
  };
  const entries = remote.documents.filter((d) => d.system === 'QBO');
  expect(entries).toHaveLength(1);
  expect(entries[0]!.type).toBe('JournalEntry');
  expect(remote.violations).toEqual([]);
  const details = entries[0]!.body.Line.map((l) => l.JournalEntryLineDetail);
  expect(new Set(details.map((d) => d.AccountRef.value))).toEqual(new Set(['79', '80', '91', '90'].filter((id) => id === '90' || Object.values(picks).some((p) => p.account.startsWith(`${id} `)))));
  expect(details.filter((d) => d.TaxCodeRef?.value === 'TAX').length).toBeGreaterThan(0);
  const remoteDocument = page.getByLabel(/^Remote document of /);
  await expect(remoteDocument).toHaveText(`Posted to QuickBooks Online as ${entries[0]!.number} · ID ${entries[0]!.id}`);
  await saveScreenshot(page, '68-accounting-qbo-posted');
});
