/**
 * Issue 17, Cost Admin's bundles and purchase lots: a bookkeeper makes a kit of two component SKUs and
 * sees it in the product catalog, records two purchase lots and finds them oldest first with their
 * units left, filters them by SKU, and is told plainly when a lot id is used twice. Screenshot on the way.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const PORT = 8757;
const BASE = useOwnServer(PORT, 'cogs-bundles-lots');

test('make a bundle, record purchase lots, sort and filter them, and see a repeated lot id refused', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor US');
  await page.goto(`${BASE}/app/cost-admin`);
  const bundle = page.getByRole('form', { name: 'Make a bundle' });
  await expect(bundle).toBeVisible();

  await bundle.getByRole('textbox', { name: 'Bundle SKU' }).fill('KIT-CAMP');
  await bundle.getByRole('textbox', { name: 'Component 1 SKU' }).fill('TENT-1');
  await bundle.getByRole('button', { name: 'Add component' }).click();
  await bundle.getByRole('textbox', { name: 'Component 2 SKU' }).fill('PEG-SET');
  await bundle.getByRole('textbox', { name: 'Component 2 quantity' }).fill('2');
  await bundle.getByRole('button', { name: 'Save bundle' }).click();
  await expect(page.getByText('KIT-CAMP is now a bundle of 1 × TENT-1, 2 × PEG-SET.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search SKUs' }).fill('KIT-CAMP');
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row', { name: /KIT-CAMP/ })).toContainText('2 × PEG-SET, 1 × TENT-1');

  const lotForm = page.getByRole('form', { name: 'Add a purchase lot' });
  const addLot = async (lotId: string, purchasedOn: string, units: string, cost: string) => {
    await lotForm.getByRole('textbox', { name: 'Lot id' }).fill(lotId);
    await lotForm.getByRole('textbox', { name: 'Lot SKU' }).fill('TENT-1');
    await lotForm.getByLabel('Purchased on').fill(purchasedOn);
    await lotForm.getByRole('textbox', { name: 'Units bought' }).fill(units);
    await lotForm.getByRole('textbox', { name: 'Lot unit cost' }).fill(cost);
    await lotForm.getByRole('button', { name: 'Add lot' }).click();
  };
  await addLot('PO-100', '2026-08-01', '40', '30.00');
  await expect(page.getByText('Lot PO-100: 40 units of TENT-1 from 2026-08-01 recorded.')).toBeVisible();
  await addLot('PO-099', '2026-07-01', '10', '28.50');
  const lots = page.getByRole('table', { name: 'Lots' });
  await expect(lots.getByRole('row')).toHaveCount(3);
  // Oldest first: the order FIFO takes them in.
  await expect(lots.getByRole('row').nth(1)).toContainText('PO-099');
  await expect(lots.getByRole('row').nth(2)).toContainText('PO-100');
  await lots.getByRole('button', { name: /Purchased on/ }).click();
  await expect(lots.getByRole('row').nth(1)).toContainText('PO-100');
  await expect(lots.getByRole('row').nth(1)).toContainText('40');

  await addLot('PO-100', '2026-09-01', '5', '31.00');
  await expect(page.getByRole('alert').filter({ hasText: 'Lot PO-100 is already recorded; give the new lot another id.' })).toBeVisible();
  await saveScreenshot(page, 'cogs-lots-01-bundles-and-lots');

  await page.getByRole('textbox', { name: 'Filter lots by SKU' }).fill('PEG');
  await expect(page.getByText('No lot of a SKU matching the filter.')).toBeVisible();
});
