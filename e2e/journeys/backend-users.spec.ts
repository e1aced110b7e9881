/**
 * Issue 19, the support backend's users: a support admin finds a merchant by part of their name,
 * opens them (accounts and roles, sign-in history), opens the app as them in one of their accounts,
 * and the account's Settings > History names the support admin who did it.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8731, 'backend-users');

test('a support admin finds a user, opens them, opens the app as them, and the history says so', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The merchant signs in once, in a browser of their own: the sign-in support will see.
  const merchant = await browser.newPage({ baseURL: BASE });
  await signIn(merchant, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await merchant.close();

  await signIn(page, 'support@ledgerport.local', `${BASE}/app/backend/users`);
  await expect(page).toHaveTitle(/Backend \| Ledgerport$/);
  const search = page.getByRole('textbox', { name: 'Search users' });
  await expect(search).toBeVisible();
  await search.fill('dana');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2); // the header and Dana Demo
  await expect(users).toContainText('demo@ledgerport.local');
  await saveScreenshot(page, 'backend-users-1-search');

  await users.getByRole('link', { name: 'Open user demo@ledgerport.local' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts of this user' });
  await expect(accounts).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dana Demo (demo@ledgerport.local)' })).toBeVisible();
  const ebay = accounts.getByRole('row').filter({ hasText: 'Acme Outdoor eBay' });
  await expect(ebay).toContainText('admin of its organization');
  await expect(page.getByRole('table', { name: 'Sign-in history' }).getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(1);
  await saveScreenshot(page, 'backend-users-2-user');

  await ebay.getByRole('button', { name: 'Open Acme Outdoor eBay as demo@ledgerport.local' }).click();
  await expect(page).toHaveURL(/\/app\/admin\?userId=user-demo&accountKey=acme-ebay$/);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor eBay' })).toBeVisible();
  await saveScreenshot(page, 'backend-users-3-opened-as-user');

  await page.goto(`${BASE}/app/account-settings/history?userId=user-demo&accountKey=acme-ebay`);
  const changes = page.getByRole('table', { name: 'Setting changes' });
  const line = changes.getByRole('row').filter({ hasText: 'Opened the account as demo@ledgerport.local' });
  await expect(line).toContainText('support: Sam Support');
  await expect(line).toContainText('support@ledgerport.local');
  await saveScreenshot(page, 'backend-users-4-history');
});

test("support reads one account's settlements, users and mappings in the internal account area", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'support@ledgerport.local', `${BASE}/app/account/acme-amazon-us/settlements`);
  const settlements = page.getByRole('table', { name: 'Settlements of Acme Outdoor US' });
  await expect(settlements).toBeVisible();
  await expect(settlements.getByRole('link', { name: /^Open settlement / }).first()).toBeVisible();
  await expect(page.getByText(/settlements? match/)).toBeVisible();
  await saveScreenshot(page, 'account-area-1-settlements');

  await page.getByRole('tab', { name: 'Users' }).click();
  const users = page.getByRole('table', { name: 'Users of Acme Outdoor US' });
  await expect(users.getByRole('row').filter({ hasText: 'viewer@ledgerport.local' })).toContainText('view-only');
  await saveScreenshot(page, 'account-area-2-users');

  await page.getByRole('tab', { name: 'Mappings' }).click();
  const mappings = page.getByRole('table', { name: 'Mappings of Acme Outdoor US' });
  await expect(mappings.getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, 'account-area-3-mappings');

  await page.getByRole('tab', { name: 'Feature flags' }).click();
  const flags = page.getByRole('group', { name: 'Feature flags of account acme-amazon-us' });
  await expect(flags.getByRole('switch', { name: 'AMAZON_SUMMARY_REPORT' })).toBeChecked();
  await saveScreenshot(page, 'account-area-4-feature-flags');
});

test('support finds an organization and sees its accounts and members', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'support@ledgerport.local', `${BASE}/app/backend/organizations`);
  const search = page.getByRole('textbox', { name: 'Search organizations' });
  await expect(search).toBeVisible();
  await search.fill('acme');
  const list = page.getByRole('table', { name: 'Organizations' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name: 'Open organization Acme Outdoor Co' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts of this organization' });
  await expect(accounts.getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('table', { name: 'Members' })).toContainText('demo@ledgerport.local');
  await saveScreenshot(page, 'backend-organization');
  await page.goto(`${BASE}/app/backend/a2x-ai`);
  await expect(page.getByText("The spec's assistant tools have no meaning in Ledgerport")).toBeVisible();
  await saveScreenshot(page, 'backend-a2x-ai');
});
