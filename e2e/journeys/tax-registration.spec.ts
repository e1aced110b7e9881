/**
 * Tax settings (issue 19): a merchant lists the tax rates of its accounting system and which lines
 * carry them (Statements Accounts and Taxes), sets its registered country and registration (Registered
 * Country) and sees the tax rates of the next posting change in the settlement's document preview;
 * History shows the change. This file starts its own server on its own port (the demo data, fresh).
 */
import { expect, test, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8705, 'tax-registration');

/** The tax rate cell of the first document line whose description matches. */
const taxRateOf = (page: Page, description: RegExp) =>
  page.getByRole('table', { name: /^Lines of / }).first().getByRole('row').filter({ hasText: description }).first().getByRole('cell').nth(2);

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).or(page.getByRole('textbox', { name: label })).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a merchant sets the registered country and sees the tax change in the next posting preview', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor CA');

  // Before: every line carries the mapping's own rate (QuickBooks "NON", out of scope).
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 50034020328' }).click();
  await expect(page.getByText('Amazon Sales - Principal', { exact: true }).first()).toBeVisible();
  await expect(taxRateOf(page, /Amazon Sales - Principal/)).toHaveText('NON');
  await expect(taxRateOf(page, /Commission/)).toHaveText('NON');
  const detailUrl = page.url();
  await saveScreenshot(page, 'tax-registration-1-preview-before');

  // Statements Accounts and Taxes: the GST rates of the ledger and which lines carry them.
  await page.goto(`${BASE}/app/account-settings/statements-accounts-and-taxes`);
  await expect(page.getByRole('heading', { name: 'Statements Accounts and Taxes' })).toBeVisible();
  await page.getByRole('button', { name: /Add the accounting system's rates/ }).click();
  await page.getByRole('button', { name: 'Add tax rate' }).click();
  await page.getByRole('textbox', { name: 'Code of tax rate 2' }).fill('GST5');
  await page.getByRole('textbox', { name: 'Name of tax rate 2' }).fill('GST 5% on sales');
  await page.getByRole('button', { name: 'Add tax rate' }).click();
  await page.getByRole('textbox', { name: 'Code of tax rate 3' }).fill('GST5-ITC');
  await page.getByRole('textbox', { name: 'Name of tax rate 3' }).fill('GST 5% on purchases');
  // The account's QuickBooks is the demo's sandbox (decision 0056): where its rates leave out the no-tax code, it is added by hand.
  const codes = await page.getByRole('textbox', { name: /^Code of tax rate \d+$/ }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  if (!codes.includes('NON')) {
    // Into the empty row the table keeps, or a new one.
    let row = codes.indexOf('') + 1;
    if (row === 0) {
      await page.getByRole('button', { name: 'Add tax rate' }).click();
      row = codes.length + 1;
    }
    await page.getByRole('textbox', { name: `Code of tax rate ${row}` }).fill('NON');
    await page.getByRole('textbox', { name: `Name of tax rate ${row}` }).fill('Out of scope');
  }
  await choose(page, 'Sales tax rate', 'GST5');
  await choose(page, 'Fees tax rate', 'GST5-ITC');
  await choose(page, 'No-tax rate', 'NON');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Statement accounts and taxes saved.')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'tax-registration-2-statement-accounts-and-taxes');

  // Registered Country: registered for GST in Canada.
  await page.goto(`${BASE}/app/account-settings/registered-country`);
  await expect(page.getByRole('heading', { name: 'Registered Country' })).toBeVisible();
  await choose(page, 'Country', 'Canada (GST)');
  await page.getByRole('switch', { name: 'Registered for GST' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the VAT or GST registration number.')).toBeVisible();
  await page.getByRole('textbox', { name: 'GST registration number' }).fill('123456789 RT0001');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Registered country saved: GST registered.')).toBeVisible();
  const treatment = page.getByLabel('Tax rates used by posting');
  await expect(treatment.getByRole('row').filter({ hasText: 'Sales, shipping and refunds' })).toContainText('GST5 (GST 5% on sales), the sales rate');
  await saveScreenshot(page, 'tax-registration-3-registered-country');

  // The next posting: sales carry the sales rate and fees the fees rate.
  await page.goto(detailUrl);
  await expect(page.getByText('Amazon Sales - Principal', { exact: true }).first()).toBeVisible();
  await expect(taxRateOf(page, /Amazon Sales - Principal/)).toHaveText('GST5');
  await expect(taxRateOf(page, /Commission/)).toHaveText('GST5-ITC');
  await saveScreenshot(page, 'tax-registration-4-preview-after');

  // History says who changed the registration.
  await page.goto(`${BASE}/app/account-settings/history`);
  await expect(page.getByText(/Changed the registered country: Registered country none → CA; VAT\/GST registered off → on/)).toBeVisible();
  await saveScreenshot(page, 'tax-registration-5-history');
});
