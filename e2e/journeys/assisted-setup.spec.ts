/**
 * Issue 15: a seller whose accounts and taxes are not set up gets the assisted setup questionnaire on
 * the Admin page, answers it step by step (each step saved), finishes it, and support staff then read
 * the answers on the internal account page. Its own server: the journey changes the demo data.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot as saveFullPage, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(8201, 'assisted-setup');

/** From the top: a full-page shot of a scrolled page draws the sticky header over the middle. */
async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveFullPage(page, name);
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a seller answers the assisted setup questionnaire and finishes it; support reads the answers', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Trial Etsy Shop');
  const card = page.getByRole('region', { name: 'Assisted setup' });
  await card.getByRole('button', { name: 'Start assisted setup' }).click();

  await choose(page, card, 'Business type', 'Company');
  await card.getByRole('checkbox', { name: 'Etsy' }).check();
  await card.getByRole('checkbox', { name: 'Shopify' }).check();
  await choose(page, card, 'Countries you sell in', 'United States (US)');
  await choose(page, card, 'Countries you sell in', 'Canada (CA)');
  await page.keyboard.press('Escape');
  await saveScreenshot(page, '60-assisted-setup-step-1');
  await card.getByRole('button', { name: 'Save and continue' }).click();

  await card.getByRole('radiogroup', { name: 'Orders per month' }).getByRole('radio', { name: '100 to 999' }).check();
  await choose(page, card, 'Accounting system', 'Xero');
  await card.getByRole('radiogroup', { name: 'Do you have an accountant or bookkeeper?' }).getByRole('radio', { name: 'No' }).check();
  await card.getByRole('button', { name: 'Save and continue' }).click();

  await card.getByRole('radiogroup', { name: 'Do you sell in more than one currency?' }).getByRole('radio', { name: 'Yes' }).check();
  await card.getByRole('radiogroup', { name: 'Are you registered for VAT or GST?' }).getByRole('radio', { name: 'No' }).check();
  await card.getByRole('checkbox', { name: 'Sales tax, VAT or GST' }).check();
  await card.getByRole('checkbox', { name: 'Reconciling payouts with the bank' }).check();
  await card.getByRole('textbox', { name: 'Anything else we should know?' }).fill('We moved from spreadsheets in October.');
  await saveScreenshot(page, '61-assisted-setup-step-3');
  await card.getByRole('button', { name: 'Finish' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Assisted setup finished' });
  await expect(done).toContainText('Thank you: your answers are saved');
  await saveScreenshot(page, '62-assisted-setup-finished');
  // Finished: the Admin page no longer asks.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Onboarding steps' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assisted setup' })).toHaveCount(0);

  await page.goto(`${BASE}/app/logout`);
  await expect(page).toHaveURL(/\/app\/login$/);
  await signIn(page, 'admin@ledgerport.local', `${BASE}/app/account/trial-etsy/questionnaire`);
  const answers = page.getByRole('table', { name: 'Questionnaire answers' });
  await expect(answers.getByRole('row', { name: /Business type/ })).toContainText('Company');
  await expect(answers.getByRole('row', { name: /Countries sold in/ })).toContainText('United States (US), Canada (CA)');
  await expect(answers.getByRole('row', { name: /Notes/ })).toContainText('We moved from spreadsheets in October.');
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  await saveScreenshot(page, '63-assisted-setup-support-page');
});
