import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('an expired refresh token shows the Session Expired modal and returns to /login', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  await expect(page.getByRole('list', { name: 'Onboarding steps' })).toBeVisible();
  // Both tokens expired, as if the tab had been left open for a month.
  await page.evaluate(() => {
    const key = 'ledgerport.tokenSet';
    const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    const past = new Date(Date.now() - 60_000).toISOString();
    localStorage.setItem(key, JSON.stringify({ ...tokens, accessTokenExpiresAt: past, refreshTokenExpiresAt: past }));
  });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  const modal = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('You are about to be redirected to the login page.');
  // Let the modal's fade-in transition finish so the screenshot shows it as a person sees it.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await saveScreenshot(page, '03-session-expired');
  await expect(page).toHaveURL(/\/app\/login\?continue=%2Fapp%2Fuser-profile$/, { timeout: 8_000 });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ledgerport.tokenSet'))).toBeNull();
});

test('a refresh token the server refuses also ends the session', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local');
  await expect(page.getByRole('list', { name: 'Onboarding steps' })).toBeVisible();
  await page.evaluate(() => {
    const key = 'ledgerport.tokenSet';
    const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    localStorage.setItem(key, JSON.stringify({ ...tokens, accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString(), refreshToken: 'revoked-or-unknown' }));
  });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login/, { timeout: 8_000 });
});
