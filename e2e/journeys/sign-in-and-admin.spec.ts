import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('signing in lands on the admin page with the account name in the title', async ({ page }) => {
  await signIn(page, 'other@ledgerport.local');
  await expect(page).toHaveURL(/\/app\/admin$/);
  await expect(page.getByRole('heading', { name: 'Other Seller Ltd', level: 1 })).toBeVisible();
  // 'Other Seller Ltd' is longer than 12 characters: 11 of them plus an ellipsis.
  await expect(page).toHaveTitle('Other Selle… - Admin | Ledgerport');
  await expect(page.getByRole('list', { name: 'Onboarding steps' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText(`© 2014–${new Date().getFullYear()} Ledgerport`)).toBeVisible();
  await saveScreenshot(page, '01-sign-in-admin');
});

test('the continue parameter returns the user to the page they asked for', async ({ page }) => {
  await signIn(page, 'other@ledgerport.local', '/app/mapping');
  await expect(page).toHaveURL(/\/app\/mapping$/);
  await expect(page.getByRole('heading', { name: 'Account and Tax Rate Mappings' })).toBeVisible();
});

test('the settings menu opens a tabbed settings page, and its tabs move between settings pages', async ({ page }) => {
  await signIn(page, 'other@ledgerport.local');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Automation' }).click();
  await expect(page).toHaveURL(/\/app\/account-settings\/automation$/);
  await expect(page.getByRole('tab', { name: 'Automation' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Automatic sending' })).toBeVisible();
  await expect(page).toHaveTitle('Other Selle… - Automation | Ledgerport');
  await saveScreenshot(page, '07-settings-tabbed');
  await page.getByRole('tab', { name: 'Registered Country' }).click();
  await expect(page).toHaveURL(/\/app\/account-settings\/registered-country$/);
  await expect(page.getByRole('tab', { name: 'Registered Country' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Registered country' })).toBeVisible();
});
