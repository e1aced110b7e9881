/**
 * Issue 28, a new fee type in the app: the demo's Amazon settlement holds a type Amazon's catalogue
 * does not list ("New Mystery Fee"). The mappings screen still asks for it, pre-filled with the account
 * of the category its shape gives (fees), flagged as a new type, so one save confirms it. The account
 * setting beside it lets new fees post to the fees account until mapped; turning it on maps the row
 * (flagged), and turning it off asks again. Own server (8966), so the demo's mappings are its own.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8966, 'new-fee-types');
const SETTING = 'Post fees of new transaction types to the fees account until they are mapped';

test('a new fee type is pre-filled with the fees account, and the new-fee setting maps it until it is mapped', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  if (!(await page.getByRole('button', { name: 'Current account: Acme Outdoor US' }).isVisible())) await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/mapping`);
  const row = page.getByRole('row').filter({ hasText: 'Amazon - New Mystery Fee' });
  await expect(row.getByText('New type', { exact: true })).toBeVisible();
  await expect(row.getByText('Unmapped', { exact: true })).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Account for Amazon - New Mystery Fee' })).toHaveValue(/Fees/);
  await expect(page.getByRole('status').filter({ hasText: 'pre-filled with the account of its category' })).toBeVisible();
  await saveScreenshot(page, 'new-fee-types-1-prefilled');

  const setting = page.getByRole('checkbox', { name: SETTING });
  await expect(setting).not.toBeChecked();
  await setting.click();
  await expect(page.getByText('Fees of new transaction types now post to the fees account until you map them.')).toBeVisible();
  await expect(setting).toBeChecked();
  await expect(row.getByText('New type', { exact: true })).toBeVisible();
  await expect(row.getByText('Category default', { exact: true })).toBeVisible();
  await expect(row.getByText('Unmapped', { exact: true })).toHaveCount(0);
  await saveScreenshot(page, 'new-fee-types-2-setting-on');

  await setting.click();
  await expect(setting).not.toBeChecked();
  await expect(row.getByText('Unmapped', { exact: true })).toBeVisible();
});
