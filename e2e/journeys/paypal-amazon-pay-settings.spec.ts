/**
 * Settings > PayPal and Settings > Amazon Pay (issue 19): a merchant makes a PayPal account, loads a
 * PayPal statement file with USD and JPY statements, turns JPY off and gives USD its own clearing
 * account (History says so); then, on the Amazon account with Amazon Pay, posts Amazon Pay to its own
 * clearing account kept separate. Its own server on its own port (the demo data, fresh).
 */
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { REPO_ROOT, useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8770, 'paypal-amazon-pay');
const STL = join(REPO_ROOT, 'packages/core/src/channels/paypal/__fixtures__/STL-20260106.01.010.CSV');

async function shoot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `paytabs-${name}`);
  await page.screenshot({ path: `/tmp/shots/paytabs-${name}.png`, fullPage: true });
}

test('a merchant chooses the PayPal currencies and clearing accounts, and how Amazon Pay posts', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);

  // A PayPal account with one statement file (USD and JPY statements of PayPal account EZ782AXEUJUW8).
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'New account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Acme PayPal');
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'PayPal' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Xero' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: /^Current account: Acme PayPal/ })).toBeVisible();
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles([STL]);
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('2 created', { timeout: 30_000 });

  // Settings > PayPal: JPY off, USD to its own clearing account.
  await page.goto(`${BASE}/app/account-settings/paypal`);
  await expect(page.getByRole('table', { name: 'PayPal accounts' })).toContainText('PayPal account EZ782AXEUJUW8');
  await expect(page.getByText(/Statements already imported stay in your settlements list/)).toBeVisible();
  await page.getByRole('switch', { name: 'Import JPY' }).click();
  await page.getByRole('textbox', { name: 'Clearing account code for USD' }).fill('1215');
  await page.getByRole('textbox', { name: 'Clearing account name for USD' }).fill('PayPal USD');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PayPal settings saved: JPY not imported.')).toBeVisible();
  await expect(page.getByText('Version 1, saved by demo@ledgerport.local.')).toBeVisible();
  await shoot(page, '1-paypal');

  await page.goto(`${BASE}/app/account-settings/history`);
  await expect(page.getByText(/Changed the PayPal settings: Currencies not imported none → JPY/)).toBeVisible();
  await shoot(page, '2-history');

  // Settings > Amazon Pay on the Amazon account that has it.
  await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/account-settings/amazon-pay`);
  await expect(page.getByRole('heading', { name: 'Amazon Pay in your Amazon settlements' })).toBeVisible();
  await page.getByRole('switch', { name: 'Post Amazon Pay to its own clearing account' }).click();
  await page.getByRole('textbox', { name: 'Amazon Pay clearing account code' }).fill('1290');
  await page.getByRole('textbox', { name: 'Amazon Pay clearing account name' }).fill('Amazon Pay Clearing');
  await page.getByRole('switch', { name: /Keep Amazon Pay separate/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Amazon Pay settings saved: Amazon Pay posts to 1290 Amazon Pay Clearing.')).toBeVisible();
  await shoot(page, '3-amazon-pay');
});
