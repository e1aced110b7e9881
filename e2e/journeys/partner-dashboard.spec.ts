/**
 * Issue 19, Partner part: the demo partner (clients Birch Home Goods and Cedar Crafts) makes a third
 * client through New account, loads a settlement file into it so it has one waiting, then sees its
 * three clients' statuses on the Partner Dashboard, keeps those needing attention and opens one.
 * Its own server: the shared demo data keeps its counts.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8622, 'partner-dashboard');
const CLIENT = 'Elm Street Amazon';
const amazonFile = join(REPO_ROOT, 'packages', 'core', 'src', 'channels', 'amazon', '__fixtures__', 'us-v2-promotion-reserve.txt');

test('a partner sees its three clients with their status, keeps those needing attention and opens one', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'partner@ledgerport.local', `${BASE}/app/admin`);

  // A third client, through the account menu's New account.
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: 'New account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill(CLIENT);
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'Amazon' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Built-in ledger' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: `Current account: ${CLIENT}` })).toBeVisible();

  // One settlement file: closed and not posted, so it waits.
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles([amazonFile]);
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 30_000 });
  await switchTo(page, 'Birch Home Goods');

  // The dashboard from the partner navigation.
  await page.getByRole('link', { name: 'Partner overview' }).first().click();
  await expect(page).toHaveURL(/\/app\/partner-dashboard$/);
  const table = page.getByRole('table', { name: 'Client accounts' });
  await expect(table.getByRole('link', { name: /^Open / })).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Clients' })).toContainText('3');
  const elm = table.getByRole('row', { name: new RegExp(CLIENT) });
  // Billing off (no Stripe key): no Plan column, no trial (decision 0057).
  await expect(elm).not.toContainText('Trial');
  await expect(table.getByRole('columnheader', { name: 'Plan' })).toHaveCount(0);
  await expect(elm).toContainText('waiting');
  await expect(page.getByRole('figure', { name: 'Settlements waiting per client' })).toBeVisible();
  await saveScreenshot(page, 'partner-dashboard-1-all');

  // Only those needing attention; then open the new client.
  await page.getByRole('checkbox', { name: 'Needs attention only' }).check();
  await expect(elm).toBeVisible();
  const shown = await table.getByRole('link', { name: /^Open / }).count();
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(shown).toBeLessThanOrEqual(3);
  await page.getByRole('checkbox', { name: `Select ${CLIENT}` }).check();
  await saveScreenshot(page, 'partner-dashboard-2-attention');
  await page.getByRole('button', { name: /^Open/ }).click();
  await expect(page.getByRole('button', { name: `Current account: ${CLIENT}` })).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'partner-dashboard-3-opened');
});
