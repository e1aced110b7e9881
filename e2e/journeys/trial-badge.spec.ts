import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('a trial account shows the Trial badge', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'Trial Etsy Shop (Etsy), trial' }).click();
  const switcher = page.getByRole('button', { name: 'Current account: Trial Etsy Shop' });
  await expect(switcher).toBeVisible();
  await expect(switcher.getByText('Trial', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trial Etsy Shop', level: 1 })).toBeVisible();
  await saveScreenshot(page, '06-trial-badge');
});
