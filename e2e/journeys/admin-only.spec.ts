import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('a non-admin opening /backend lands on /404', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  await page.goto('/app/backend');
  await expect(page).toHaveURL(/\/app\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await saveScreenshot(page, '04-non-admin-backend-404');
});

test('a root admin opens /backend', async ({ page }) => {
  await signIn(page, 'admin@ledgerport.local');
  await page.goto('/app/backend/accounts');
  await expect(page).toHaveURL(/\/app\/backend\/accounts$/);
  await expect(page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: 'Acme Outdoor US' })).toBeVisible();
  await expect(page).toHaveTitle(/ - Backend \| Ledgerport$/);
});
