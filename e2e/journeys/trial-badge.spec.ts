/**
 * Billing off (the shared server has no Stripe key: a self-hosted install) has no trials (issue 26,
 * decision 0057): the demo's account without a plan shows no Trial badge, and its settings say it
 * is unlimited. The Trial badge where billing is on is billing.spec's and billing-gates.spec's.
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('billing off: an account without a plan shows no Trial badge and says it is unlimited', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'Trial Etsy Shop (Etsy)', exact: true }).click();
  const switcher = page.getByRole('button', { name: 'Current account: Trial Etsy Shop' });
  await expect(switcher).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trial Etsy Shop', level: 1 })).toBeVisible();
  await expect(switcher.getByText('Trial', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/choose a plan/i)).toHaveCount(0);
  await saveScreenshot(page, '06-trial-badge');
  await page.goto('/app/account-settings');
  await expect(page.getByLabel('Limits and connections')).toContainText('Unlimited: billing is off on this instance');
});
