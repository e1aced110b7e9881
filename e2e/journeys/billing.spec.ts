/**
 * Issue 16, billing on Stripe: a trial Amazon account (QuickBooks Online) cannot send its settlement,
 * upgrades to Starter through checkout with the coupon WELCOME25 on the fake Stripe's hosted page,
 * sends the settlement it could not send before, then cancels and sees the day the plan ends.
 * The server runs with Stripe keys pointing at the fake (packages/integrations/src/testing/fake-stripe).
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';
import { useBillingServer } from './billing-server';

const { base: BASE, stripeUrl: STRIPE_URL } = useBillingServer({
  port: 8562,
  stripePort: 8563,
  name: 'billing',
  keySuffix: 'e2e',
  seedChanges: `
    await opened.db.updateTable('accounts').set({ plan_code: null, plan_amount: null, subscribed_at: null }).where('account_key', '=', 'acme-amazon-us').execute();
  `,
});

test('a trial hits its limit, upgrades with a coupon on the hosted checkout, sends, then cancels and sees the end date', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();

  // The trial's limit: no sending to QuickBooks Online.
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A trial account cannot send settlements to QuickBooks Online' })).toBeVisible();
  await saveScreenshot(page, 'billing-1-trial-limit');

  // Billing: the Trial badge, the usage meter and the plans.
  await page.goto(`${BASE}/app/billing`);
  await expect(page.getByLabel('Trial account')).toBeVisible();
  await expect(page.getByLabel('Plan usage')).toContainText('Trial files loaded');
  await saveScreenshot(page, 'billing-2-plans');
  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await expect(page).toHaveURL(/\/app\/billing\/checkout\?/);

  // The checkout's summary with the coupon, then Stripe's (fake) hosted page.
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME25');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  const summary = page.getByLabel('Order summary');
  await expect(summary.getByLabel('Total due today')).toHaveText('$14.25');
  await expect(summary.getByLabel('Discount')).toContainText('4.75');
  await saveScreenshot(page, 'billing-3-checkout');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/`));
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/app\/billing\/checkout\/complete\?session_id=/);
  await expect(page.getByText('Your Starter plan is active')).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'billing-4-complete');

  // The settlement it could not send is sent now.
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Sending/ })).toBeVisible();
  await saveScreenshot(page, 'billing-5-sent');

  // Cancel at the period's end: the end date shows.
  await page.goto(`${BASE}/app/billing`);
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByLabel('Subscription end date')).toContainText('Ends on', { timeout: 30_000 });
  await saveScreenshot(page, 'billing-6-cancelled');
});
