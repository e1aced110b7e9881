/**
 * Issue 15: the owner asks for the deletion of an account's data on Account Settings (typing its name
 * to confirm); the Admin page then shows the spec's banner with Cancel Redaction, and cancelling keeps
 * the account. Its own server, so the shared demo data is never scheduled for deletion.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8195, 'redaction');

test('an owner schedules the deletion of an account, sees the banner, and cancels it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'other@ledgerport.local', `${BASE}/app/account-settings`);
  const card = page.getByRole('region', { name: 'Delete account data' }).or(page.getByLabel('Delete account data'));
  await card.getByRole('button', { name: 'Delete account data…' }).click();
  const dialog = page.getByRole('dialog', { name: "Delete this account's data?" });
  const confirm = dialog.getByRole('button', { name: 'Delete in 72 hours' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Account name' }).fill('Other Seller Ltd');
  await saveScreenshot(page, '50-redaction-confirm');
  await confirm.click();
  await expect(page.getByText('Deletion requested: the account and its data will be deleted within 72 hours unless you cancel.')).toBeVisible();

  await page.goto(`${BASE}/app/admin`);
  const banner = page.getByRole('alert').filter({ hasText: 'This account is scheduled for deletion' });
  await expect(banner).toContainText('This account and its data will be deleted within 72 hours.');
  await saveScreenshot(page, '51-redaction-banner');
  await banner.getByRole('button', { name: 'Cancel Redaction' }).click();
  await expect(page.getByText('Deletion cancelled: the account stays.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This account is scheduled for deletion' })).toHaveCount(0);
});
