/**
 * Issue 19: a Clarity user (an administrator of Acme Outdoor Co, which has Clarity) opens Clarity
 * Home, builds a custom analysis (measures, dimensions, period, table then chart), saves it under a
 * name, and reopens it from the saved list after a reload. A Clarity view-only user sees Home but no
 * New Analysis.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

// Its own server: the shared one counts every sign-in of demo@ against its per-email limit (10 in 10 minutes).
const BASE = useOwnServer(8711, 'clarity');

const NAME = 'Margin by account and month';

test('a Clarity user builds, saves and reopens a custom analysis', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/clarity/dashboard?organizationId=org-acme`);
  await expect(page.getByRole('heading', { name: 'Clarity · Acme Outdoor Co' })).toBeVisible();
  const menu = page.getByRole('tablist', { name: 'Clarity menu' });
  await expect(menu.getByRole('tab')).toHaveText(['Home', 'New Analysis', 'Organization Documents']);
  await expect(page.getByRole('figure').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Months' }).getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, '60-clarity-home');

  await menu.getByRole('tab', { name: 'New Analysis' }).click();
  await expect(page).toHaveURL(/\/app\/clarity\/custom\?organizationId=org-acme$/);
  const form = page.getByRole('form', { name: 'Build an analysis' });
  await expect(form).toBeVisible();
  await form.getByRole('checkbox', { name: 'Margin %' }).check();
  await form.getByRole('checkbox', { name: 'Month' }).uncheck();
  await form.getByRole('checkbox', { name: 'Account' }).check();
  await form.getByRole('checkbox', { name: 'Month' }).check();
  await form.getByLabel('From').fill('2024-01-01');
  await form.getByLabel('To').fill('2026-11-30');
  await form.getByRole('button', { name: 'Run analysis' }).click();
  const rows = page.getByRole('table', { name: 'Analysis rows' });
  await expect(rows.getByRole('columnheader')).toContainText([
    'Account',
    'Month',
    'Currency',
    'Sales',
    'Fees',
    'Net',
    'Margin %',
  ]);
  await expect(rows.getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, '61-clarity-analysis-table');

  await page.getByRole('textbox', { name: 'Analysis name' }).fill(NAME);
  await page.getByRole('button', { name: 'Save analysis' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved "${NAME}".`);
  const saved = page.getByRole('table', { name: 'Saved analyses' });
  await expect(saved.getByRole('row', { name: new RegExp(NAME) })).toContainText(
    'Sales, Fees, Net, Margin %',
  );

  await form.getByRole('radio', { name: 'Chart' }).check();
  await form.getByRole('button', { name: 'Run analysis' }).click();
  await expect(page.getByRole('figure').first()).toBeVisible();
  await saveScreenshot(page, '62-clarity-analysis-chart');

  // Reopened after a reload: the form and the result come back from the saved definition.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Build an analysis' })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Margin %' })).not.toBeChecked();
  await saved.getByRole('button', { name: `Open ${NAME}` }).click();
  await expect(form.getByRole('checkbox', { name: 'Margin %' })).toBeChecked();
  await expect(form.getByLabel('From')).toHaveValue('2024-01-01');
  await expect(page.getByRole('table', { name: 'Analysis rows' }).getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, '63-clarity-analysis-reopened');
});

test('a Clarity view-only user sees Clarity Home but no New Analysis', async ({ page }) => {
  await signIn(page, 'clarity@ledgerport.local', `${BASE}/app/clarity/dashboard?organizationId=org-acme`);
  await expect(page.getByRole('heading', { name: 'Clarity · Acme Outdoor Co' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Months' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Organization Documents' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'New Analysis' })).toHaveCount(0);
  await saveScreenshot(page, '64-clarity-view-only-home');
});

test('an organization admin uploads a document, sees it listed and deletes it', async ({ page }) => {
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/clarity/directory?organizationId=org-acme`);
  const form = page.getByRole('form', { name: 'Upload a document' });
  await expect(form).toBeVisible();
  await form.locator('input[type="file"]').setInputFiles({
    name: 'Board pack.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('month,sales\n2026-10,44.99\n'),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toHaveText('Uploaded Board pack.csv.');
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row', { name: /Board pack\.csv/ })).toContainText('Dana Demo');
  await saveScreenshot(page, '65-clarity-documents');
  await table.getByRole('button', { name: 'Delete Board pack.csv' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted Board pack.csv.');
  await expect(table).toContainText('No document has been shared yet.');
});
