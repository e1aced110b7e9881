/**
 * Issue 15: Account Settings > Beta Features. The owner of an Amazon account sees its beta features,
 * switches Amazon deferred transactions on (saved at once, kept after a reload) and off again; the
 * Summary Report is no switch there (every Amazon account has it in Reports). Its own server:
 * the shared demo data's flags stay as other journeys expect.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8194, 'beta-features');

test('an owner switches a beta feature on and off for the account', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/account-settings/new-features`);
  await expect(page.getByRole('tab', { name: 'Beta Features' })).toHaveAttribute('aria-selected', 'true');
  const deferred = page.getByRole('switch', { name: 'Amazon deferred transactions' });
  await expect(deferred).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Amazon Summary Report' })).toHaveCount(0);
  const wasOn = await deferred.isChecked();
  await deferred.click({ force: true });
  await expect(page.getByText(`Amazon deferred transactions is ${wasOn ? 'off' : 'on'}.`)).toBeVisible();
  await saveScreenshot(page, '52-beta-features');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Amazon deferred transactions' })).toBeChecked({ checked: !wasOn });
  await page.getByRole('switch', { name: 'Amazon deferred transactions' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Amazon deferred transactions' })).toBeChecked({ checked: wasOn });
});
