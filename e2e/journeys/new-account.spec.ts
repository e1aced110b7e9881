/**
 * Issue 15: a new account from the account menu (/switch?account=NEW). The person names it and
 * chooses its sales channel and accounting system; it becomes the current account (no trial: the
 * journey's server has billing off, decision 0057), and the Admin page shows its connect steps. Its own server: the shared demo data stays as other journeys expect.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8197, 'new-account');

test('a new account from the account menu becomes the current account, unlimited where billing is off', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'other@ledgerport.local', `${BASE}/app/admin`);
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'New account' }).click();
  await expect(page).toHaveURL(/\/app\/switch\?account=NEW$/);
  await expect(page.getByRole('heading', { name: 'New account' })).toBeVisible();
  await expect(page.getByText('Every account on this instance is unlimited.')).toBeVisible();

  // Nothing is made without a name: the form says what is missing.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Give the account a name, and choose its sales channel and accounting system.');

  await page.getByRole('textbox', { name: 'Account name' }).fill('Other Seller Etsy');
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'Etsy' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Xero' }).click();
  await saveScreenshot(page, '30-new-account-form');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/app\/admin$/);
  await expect(page.getByRole('heading', { name: 'Other Seller Etsy', level: 1 })).toBeVisible();
  const current = page.getByRole('button', { name: 'Current account: Other Seller Etsy' });
  await expect(current).toBeVisible();
  await expect(current).not.toContainText('Trial');
  await expect(page.getByRole('list', { name: 'Onboarding steps' })).toContainText('Xero');
  await saveScreenshot(page, '31-new-account-admin');

  // The menu lists both accounts; the old one is a click away.
  await current.click();
  await expect(page.getByRole('menuitem', { name: /^Other Seller Ltd/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Other Seller Etsy \(Etsy\)$/ })).toBeVisible();
});
