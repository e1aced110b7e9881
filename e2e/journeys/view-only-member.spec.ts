import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('a view-only member reads the settlements but every change is switched off, and the server refuses it too', async ({ page }) => {
  await signIn(page, 'viewer@ledgerport.local', '/app/settlements');
  await expect(page).toHaveURL(/\/app\/settlements/);
  const send = page.getByRole('button', { name: /^Send / }).first();
  await expect(send).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Load settlement files' })).toHaveCount(0);
  await saveScreenshot(page, '20-view-only-settlements');

  await page.goto('/app/settlement-import');
  await expect(page.getByText('You have view-only access to this account. Ask its owner for member access to load settlement files.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load 0 files' })).toBeDisabled();
  await saveScreenshot(page, '21-view-only-upload');

  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('ledgerport.tokenSet') ?? '{}') as { accessToken?: string });
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const rename = await page.request.post('/account-settings?accountName=Mine', { headers });
  expect(rename.status()).toBe(403);
  expect(((await rename.json()) as { message: string }).message).toMatch(/view-only access/);
});
