/**
 * Settings > Amazon Deferred Transactions: a bookkeeper of an Amazon account reads what deferred
 * transactions are, turns "Post Amazon deferred transactions" on, follows the link to the Deferred
 * Transactions settlements, and finds the change in Settings > History; a Shopify account has no such tab.
 * This file starts its own server on its own port and data folder (the demo data, fresh).
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8196, 'deferred');

test('turn on Amazon deferred transactions, open their list, and see the change in History', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();

  await page.goto(`${BASE}/app/account-settings`);
  await page.getByRole('tab', { name: 'Amazon Deferred Transactions' }).click();
  await expect(page).toHaveURL(/\/app\/account-settings\/amazon-deferred-transactions$/);
  await expect(page.getByText('What are deferred transactions?')).toBeVisible();
  await expect(page.getByText('No Deferred Transactions settlements yet.')).toBeVisible();
  const toggle = page.getByRole('switch', { name: /Post Amazon deferred transactions/ });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('Amazon deferred transactions will be fetched from now on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await saveScreenshot(page, 'amazon-deferred-1-switched-on');

  // The setting is kept: a reload shows it on.
  await page.reload();
  await expect(page.getByRole('switch', { name: /Post Amazon deferred transactions/ })).toBeChecked();

  await page.getByRole('link', { name: 'Open the Deferred Transactions settlements' }).click();
  await expect(page).toHaveURL(/\/app\/deferred-transactions-settlements/);
  await saveScreenshot(page, 'amazon-deferred-2-list');

  await page.goto(`${BASE}/app/account-settings/history`);
  await expect(page.getByRole('table', { name: 'Setting changes' })).toContainText('Changed the account features: Post Amazon deferred transactions off → on');
  await saveScreenshot(page, 'amazon-deferred-3-history');

  // A Shopify account has no Amazon Deferred Transactions tab.
  await switchTo(page, 'Acme Outdoor Shop');
  await page.goto(`${BASE}/app/account-settings`);
  await expect(page.getByRole('tab', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Amazon Deferred Transactions' })).toHaveCount(0);
});
