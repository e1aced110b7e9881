/**
 * Steps of the first hour on the built-in ledger, shared by journeys (built-in-ledger-vat, and the
 * first-hour journey): a new Amazon account on the built-in ledger, the assisted setup
 * of a VAT-registered seller, an upload, a mapping with a tax rate, a send, the hledger export and
 * `hledger check` on it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './own-server';

/** The real Amazon.de excerpt (EUR, decimal commas, settlement 7293436482, deposit 53.44), as core's fixture holds it. */
export const GERMAN_AMAZON_FIXTURE = join(REPO_ROOT, 'packages', 'core', 'src', 'channels', 'amazon', '__fixtures__', 'de-v2-real-excerpt.txt');

async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Makes a new Amazon account on the built-in ledger from the account menu (or, for a person with no
 * account yet, from the welcome page); it becomes the current account.
 */
export async function createBuiltInLedgerAccount(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: /^Current account:/ });
  const welcome = page.getByRole('link', { name: 'Create an account' });
  await expect(menu.or(welcome).first()).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'New account' }).click();
  } else {
    await welcome.click();
  }
  await page.getByRole('textbox', { name: 'Account name' }).fill(name);
  await choose(page, page, 'Sales channel', 'Amazon');
  await choose(page, page, 'Accounting system', 'Built-in ledger');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: `Current account: ${name}` })).toBeVisible();
}

/**
 * Answers the assisted setup on the Admin page as a seller registered for VAT in `countryLabel`
 * ('Germany (VAT)') on the built-in ledger, and finishes it; returns the card's "what it did" list.
 */
export async function finishAssistedSetupVatRegistered(page: Page, countryLabel: string, onStep?: (step: number) => Promise<void>): Promise<Locator> {
  const card = page.getByRole('region', { name: 'Assisted setup' });
  await card.getByRole('button', { name: 'Start assisted setup' }).click();
  await choose(page, card, 'Business type', 'Company');
  await card.getByRole('checkbox', { name: 'Amazon' }).check();
  await card.getByRole('button', { name: 'Save and continue' }).click();
  await card.getByRole('radiogroup', { name: 'Orders per month' }).getByRole('radio', { name: 'Fewer than 100' }).check();
  await choose(page, card, 'Accounting system', 'Built-in ledger');
  await card.getByRole('radiogroup', { name: 'Do you have an accountant or bookkeeper?' }).getByRole('radio', { name: 'No' }).check();
  await onStep?.(2);
  await card.getByRole('button', { name: 'Save and continue' }).click();
  await card.getByRole('radiogroup', { name: 'Are you registered for VAT or GST?' }).getByRole('radio', { name: 'Yes' }).check();
  await choose(page, card, 'Country of your VAT or GST registration', countryLabel);
  await onStep?.(3);
  await card.getByRole('button', { name: 'Finish' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Assisted setup finished' });
  await expect(done).toBeVisible({ timeout: 30_000 });
  return done.getByRole('list', { name: 'What assisted setup did' });
}

/** Loads one settlement file on the upload page and waits until it is stored. */
export async function uploadSettlementFile(page: Page, base: string, file: string): Promise<void> {
  await page.goto(`${base}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 60_000 });
}

/** Chooses `option` in a select unless it is chosen already (a second click on the chosen option clears a Mantine select). */
async function chooseOnce(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label })).first();
  if ((await box.inputValue()) === option) return;
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * On the Mapping page: maps the row `rowLabel` to `account` (when given) with the tax rate `rateOption`,
 * and saves. When the row already maps so (the assisted setup's defaults), there is nothing to save and
 * Save stays off: the mapping stands as it is.
 */
export async function mapLine(page: Page, base: string, rowLabel: string, choice: { account?: string; taxRate: string }): Promise<void> {
  await page.goto(`${base}/app/mapping`);
  if (choice.account) await chooseOnce(page, `Account for ${rowLabel}`, choice.account);
  await chooseOnce(page, `Tax rate for ${rowLabel}`, choice.taxRate);
  await expect(page.getByRole('textbox', { name: `Tax rate for ${rowLabel}` }).or(page.getByRole('combobox', { name: `Tax rate for ${rowLabel}` })).first()).toHaveValue(choice.taxRate);
  const save = page.getByRole('button', { name: /^Save mappings/ });
  if (await save.isDisabled()) return;
  await save.click();
  await expect(page.getByText(/^Mappings saved \(version \d+\)\.$/).first()).toBeVisible();
}

/** Opens the settlement from the list, sends it and waits until it is posted. */
export async function sendSettlement(page: Page, base: string, settlementId: string): Promise<void> {
  await page.goto(`${base}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: `Open settlement ${settlementId}` }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.getByRole('list', { name: 'Status' }).first();
  await expect(status.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 60_000 });
}

/** Downloads the built-in ledger's export in `format` ('hledger', 'beancount', 'csv') from the Ledger page; returns the file's text. */
export async function downloadLedgerExport(page: Page, base: string, formatLabel: string): Promise<string> {
  await page.goto(`${base}/app/ledger`);
  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Downloads' }).getByRole('button', { name: formatLabel }).click();
  const file = await download;
  return readFileSync(await file.path(), 'utf8');
}

/** Runs `hledger check --strict` on a journal's text (hledger at /usr/bin); throws with hledger's words when it fails. */
export function hledgerCheck(journal: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerport-hledger-'));
  const file = join(dir, 'journal.hledger');
  writeFileSync(file, journal);
  execFileSync('/usr/bin/hledger', ['check', '--strict', '-f', file], { stdio: 'pipe' });
}

/** An account's balance in the journal as hledger reports it ('-11.18 EUR'). */
export function hledgerBalance(journal: string, account: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerport-hledger-'));
  const file = join(dir, 'journal.hledger');
  writeFileSync(file, journal);
  return execFileSync('/usr/bin/hledger', ['balance', '-f', file, '--flat', '--no-total', '-N', `^${account}$`], { encoding: 'utf8' }).trim().split(/\s{2,}/)[0]!.trim();
}
