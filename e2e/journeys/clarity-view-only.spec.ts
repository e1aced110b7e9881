import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('a Clarity view-only user is confined to the organization dashboard', async ({ page }) => {
  await signIn(page, 'clarity@ledgerport.local');
  await expect(page).toHaveURL(/\/app\/organization\/org-acme\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Organization accounts' })).toBeVisible();
  // Only Logout: no settings, account switcher, notifications or main menu.
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Current account:/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Logout']);
  await saveScreenshot(page, '05-clarity-view-only');
  await page.keyboard.press('Escape');
  await page.goto('/app/settlements');
  await expect(page).toHaveURL(/\/app\/organization\/org-acme\/dashboard$/);

  // The menu hides every change; the server refuses them too, whatever the browser sends (issue 14).
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('ledgerport.tokenSet') ?? '{}') as { accessToken?: string });
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const search = await page.request.post('/spanner-settlements-with-pagination?page=0&size=1', {
    headers,
    data: { paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: 'acme-amazon-us' }]] },
  });
  expect(search.status()).toBe(200);
  const key = ((await search.json()) as { settlements: { settlementKey: string }[] }).settlements[0]!.settlementKey;
  const remove = await page.request.get(`/settlement?ajax=true&action=delete&settlementKey=${key}`, { headers });
  expect(remove.status()).toBe(403);
  expect(((await remove.json()) as { message: string }).message).toMatch(/view-only access/);
  const rename = await page.request.post('/account-settings?accountName=Hijacked', { headers });
  expect(rename.status()).toBe(403);
  expect((await page.request.get(`/settlement/detail?settlementKey=${key}`, { headers })).status()).toBe(200);
});
