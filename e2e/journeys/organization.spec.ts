/**
 * Issue 19, Organizations: the demo merchant (admin of Acme Outdoor Co) opens the organization's
 * Overview with its totals, renames the organization, and opens its product catalog (shared with
 * Cost of Goods Sold) with a query parameter that travels along. Its own server: the rename stays there.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8723, 'organization');

test('an organization admin sees the overview totals, renames the organization and opens its product catalog', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/organization/org-acme/dashboard?from=journey`);
  await expect(page.getByRole('group', { name: 'Accounts' })).toContainText('5', { timeout: 30_000 });
  const name = page.getByRole('textbox', { name: 'Organization name' });
  await name.fill('Acme Outdoor Group');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Acme Outdoor Group').first()).toBeVisible();
  await saveScreenshot(page, 'organization-1-overview');

  await page.getByRole('link', { name: 'Open the product catalog' }).click();
  await expect(page).toHaveURL(/\/organization\/org-acme\/product-catalog\?from=journey$/);
  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.getByRole('row')).not.toHaveCount(1, { timeout: 30_000 });
  await saveScreenshot(page, 'organization-2-product-catalog');
});
