/**
 * Issue 19, Account Settings > NetSuite Configuration: a partner connects Cedar Crafts (a NetSuite
 * account) to the local NetSuite through its OAuth consent page, picks a subsidiary and a location from
 * the lists read from NetSuite, saves, and sees the change in Settings > History. Its own server and
 * its own local vendors (packages/integrations/src/testing/serve-vendors.ts), on ports 8761 and 8762.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { useLocalVendors } from './fake-channels';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const VENDORS = useLocalVendors(8762);

const BASE = useOwnServer(8761, 'netsuite-configuration', (env) => {
  env.LEDGERPORT_ACCOUNTING_VENDOR_URL = VENDORS;
});

async function shot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `netsuite-configuration-${name}`);
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/nsconf-${name}.png`, fullPage: true });
}

test('a partner connects NetSuite, picks a subsidiary and a location, and sees it in History', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'partner@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Cedar Crafts');

  await page.goto(`${BASE}/app/admin/accounting/netsuite`);
  await page.getByRole('textbox', { name: 'NetSuite account id' }).fill('TSTDRV123');
  await page.getByRole('button', { name: 'Connect NetSuite' }).click();
  await expect(page).toHaveURL(new RegExp(`^${VENDORS}/netsuite/`));
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page.getByText('Connected to NetSuite account TSTDRV123')).toBeVisible();

  await page.goto(`${BASE}/app/account-settings/netsuite-configuration`);
  await expect(page.getByRole('tab', { name: 'NetSuite Configuration', selected: true })).toBeVisible();
  await page.getByRole('combobox', { name: /^Subsidiary/ }).click();
  // The elimination subsidiary of the local NetSuite is not offered.
  await expect(page.getByRole('option')).toHaveText(['Honeycomb Holdings Inc.', 'Honeycomb Holdings Inc. : Honeycomb UK Ltd']);
  await page.getByRole('option', { name: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd' }).click();
  await page.getByRole('combobox', { name: /^Location/ }).click();
  await page.getByRole('option', { name: 'Main Warehouse : Amazon FBA' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('NetSuite configuration saved.', { exact: false })).toBeVisible();
  await expect(page.getByText(/Last changed .* by partner@ledgerport\.local/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await shot(page, '1-saved');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('Changed the NetSuite configuration: Location none → Main Warehouse : Amazon FBA (6); Subsidiary none → Honeycomb Holdings Inc. : Honeycomb UK Ltd (2)')).toBeVisible();
  await shot(page, '2-history');
});
