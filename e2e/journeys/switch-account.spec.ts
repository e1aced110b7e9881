import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('switching account shows the chosen account and keeps it after a reload', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'Acme Outdoor Shop (Shopify)' }).click();
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor Shop' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Outdoor Shop', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/admin$/);
  // The Shopify account speaks of payouts, not settlements.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payouts' })).toBeVisible();
  await saveScreenshot(page, '02-switch-account');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acme Outdoor Shop', level: 1 })).toBeVisible();
});
