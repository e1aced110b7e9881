/**
 * Issue 30, request access (decision 0065): a user of another account asks for access to Acme by its
 * key on /admin/request-access; the owner sees the request under Account Settings > Users and grants
 * it; the user opens Acme from their request.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(9012, 'request-access');

test('a user asks for access, the owner grants it, the user opens the account', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The asker: the owner of another account, in a browser of their own.
  const context = await browser.newContext();
  const asker = await context.newPage();
  await signIn(asker, 'other@ledgerport.local', `${BASE}/app/admin/request-access`);
  await expect(asker.getByRole('heading', { name: 'Request access to an account' })).toBeVisible();
  await asker.getByRole('textbox', { name: 'Account key' }).fill('acme-amazon-us');
  await asker.getByRole('textbox', { name: 'Message to the owners' }).fill('I keep the books for Acme from this month.');
  await asker.getByRole('button', { name: 'Ask for access' }).click();
  await expect(asker.getByRole('status')).toContainText('The owners of acme-amazon-us were told.');
  await expect(asker.getByRole('table', { name: 'Your access requests' })).toContainText('Waiting for an owner');
  await saveScreenshot(asker, 'request-access-1-asked');

  // The owner: told by a notification, answers under Account Settings > Users.
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/account-settings/users`);
  const requests = page.getByRole('table', { name: 'Access requests waiting for an answer' });
  await expect(requests).toContainText('other@ledgerport.local');
  await expect(requests).toContainText('I keep the books for Acme from this month.');
  await saveScreenshot(page, 'request-access-2-owner-sees');
  await page.getByRole('button', { name: 'Grant access to other@ledgerport.local' }).click();
  await expect(page.getByText('other@ledgerport.local can now open the account as a member.')).toBeVisible();
  await expect(page.getByText('No request is waiting for an answer.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users of this account' })).toContainText('other@ledgerport.local');

  // The asker sees the answer and opens Acme.
  await asker.reload();
  const own = asker.getByRole('table', { name: 'Your access requests' });
  await expect(own).toContainText('Granted as member');
  await own.getByRole('link', { name: 'Open Acme Outdoor US' }).click();
  await expect(asker.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();
  await saveScreenshot(asker, 'request-access-3-opened');
  await context.close();
});
