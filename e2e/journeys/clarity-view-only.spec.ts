import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('a Clarity view-only user is confined to the organization dashboard', async ({ page }) => {
  await signIn(page, 'clarity@ledgerport.local');
  await expect(page).toHaveURL(/\/app\/organization\/org-acme\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Organization accounts' })).toBeVisible();
  // Only Logout: no settings, account switcher, notifications or main menu.
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Current account:/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Logout']);
  await saveScreenshot(page, '05-clarity-view-only');
  await page.keyboard.press('Escape');
  await page.goto('/app/settlements');
  await expect(page).toHaveURL(/\/app\/organization\/org-acme\/dashboard$/);
});
