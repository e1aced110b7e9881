/**
 * Issue 26: a German seller on the built-in ledger, registered for VAT through assisted setup, loads
 * an Amazon.de settlement, maps its sales with VAT 19%, sends it and exports hledger: the journal
 * passes `hledger check --strict`, the VAT of sales and refunds sits on Liabilities:VAT and the
 * clearing account holds the deposit. Its own server (port 9141): the journey makes an account.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';
import {
  createBuiltInLedgerAccount,
  downloadLedgerExport,
  finishAssistedSetupVatRegistered,
  GERMAN_AMAZON_FIXTURE,
  hledgerBalance,
  hledgerCheck,
  mapLine,
  sendSettlement,
  uploadSettlementFile,
} from './built-in-ledger-steps';

const BASE = useOwnServer(9141, 'built-in-ledger-vat');

test('a VAT-registered German seller posts a settlement with VAT to the built-in ledger and the hledger export checks', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'other@ledgerport.local', `${BASE}/app/admin`);
  await createBuiltInLedgerAccount(page, 'Berlin Books');

  // Assisted setup: a skipped required question is named, with a way back to it.
  const applied = await finishAssistedSetupVatRegistered(page, 'Germany (VAT)');
  await expect(applied).toContainText('You are registered for VAT in Germany.');
  await expect(applied).toContainText('The built-in ledger has the tax rates VAT 19%, VAT 7%, posting to the account VAT.');
  await saveScreenshot(page, 'built-in-ledger-vat-1-assisted-setup-done');

  // Settings > Built-in ledger: the VAT account and rates are there; the owner adds an account.
  await page.goto(`${BASE}/app/account-settings/built-in-ledger`);
  const rates = page.getByRole('table', { name: 'Tax rates' });
  await expect(rates.getByRole('row', { name: /VAT 19%/ })).toContainText('Liabilities:VAT · VAT');
  await expect(rates.getByRole('row', { name: /VAT 7%/ })).toContainText('7%');
  const chart = page.getByRole('table', { name: 'Chart of accounts' });
  await expect(chart.getByRole('row', { name: /Liabilities:VAT/ })).toContainText('Liability');
  const add = page.getByRole('form', { name: 'Add an account' });
  // The German revenue account for sales at 19% (SKR03 8400).
  await add.getByRole('textbox', { name: 'Code' }).fill('8400');
  await add.getByRole('textbox', { name: 'Name' }).fill('Erlöse 19 % USt');
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Income', exact: true }).click();
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(chart.getByRole('row', { name: /8400/ })).toContainText('Erlöse 19 % USt');
  // A code is unique in the chart.
  await add.getByRole('textbox', { name: 'Code' }).fill('8400');
  await add.getByRole('textbox', { name: 'Name' }).fill('Another account');
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Asset', exact: true }).click();
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('The code 8400 is already used by another account of this chart.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter accounts' }).fill('amazon');
  await expect(chart.getByRole('row', { name: /8400/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Filter accounts' }).fill('');
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'built-in-ledger-vat-2-settings');

  // Upload the Amazon.de settlement, map its sales with VAT 19%, send.
  await uploadSettlementFile(page, BASE, GERMAN_AMAZON_FIXTURE);
  await mapLine(page, BASE, 'Amazon Sales - Principal', { account: '8400 · Erlöse 19 % USt', taxRate: 'VAT 19% (VAT19)' });
  await saveScreenshot(page, 'built-in-ledger-vat-3-mapping');
  await sendSettlement(page, BASE, '7293436482');
  await expect(page.getByText('VAT 19% included in the lines above').first()).toBeVisible();
  await saveScreenshot(page, 'built-in-ledger-vat-4-posted');

  // The hledger export carries the VAT and passes hledger check; the clearing account holds the deposit.
  const journal = await downloadLedgerExport(page, BASE, 'hledger journal');
  expect(journal).toContain('Liabilities:VAT');
  hledgerCheck(journal);
  // 179.99 x 19/119 = 28.74 on the sale, -109.99 x 19/119 = -17.56 on the refund: 11.18 owed.
  expect(hledgerBalance(journal, 'Liabilities:VAT')).toBe('-11.18 EUR');
  expect(hledgerBalance(journal, 'Assets:Clearing:Amazon')).toBe('53.44 EUR');
  // The sale's base on the owner's own account: 179.99 - 28.74.
  expect(hledgerBalance(journal, 'Income:Erlose19USt')).toBe('-151.25 EUR');
  await saveScreenshot(page, 'built-in-ledger-vat-5-ledger');
});
