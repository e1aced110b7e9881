/**
 * Issue 16, billing gates and firm billing (decision 0040): on a Starter plan the Cost of Goods Sold
 * settings answer with the plan that has it and an upgrade link; a trial's meter shows its three
 * files; a partner firm chooses two client accounts and pays for both on one checkout (the fake
 * Stripe's hosted page, quantity 2), after which both show the firm's plan.
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './sign-in';
import { useBillingServer } from './billing-server';

const { base: BASE, stripeUrl: STRIPE_URL } = useBillingServer({
  port: 8742,
  stripePort: 8743,
  name: 'billing-gates',
  keySuffix: 'e2e_gates',
  seedChanges: `
    await opened.db.updateTable('accounts').set({ plan_code: 'STARTER', plan_amount: '19.0000' }).where('account_key', '=', 'acme-amazon-us').execute();
    await opened.db.updateTable('accounts').set({ plan_code: null, plan_amount: null, subscribed_at: null }).where('account_key', 'in', ['birch-walmart', 'birch-bigcommerce']).execute();
  `,
});

test('a plan without COGS is told which plan has it; a trial sees its three files', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();
  await page.goto(`${BASE}/app/account-settings/cogs`);
  const refusal = page.getByRole('alert').filter({ hasText: 'Cost of goods sold is part of the Standard plan, not your Starter plan. Upgrade to Standard to use it.' });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('link', { name: 'See the plans and upgrade' })).toBeVisible();
  await saveScreenshot(page, 'billing-gates-1-cogs-refused');
  await refusal.getByRole('link', { name: 'See the plans and upgrade' }).click();
  await expect(page.getByRole('button', { name: 'Choose Standard' })).toBeVisible();

  await switchTo(page, 'Trial Etsy Shop');
  await page.goto(`${BASE}/app/billing`);
  await expect(page.getByLabel('Trial account')).toBeVisible();
  const meter = page.getByLabel('Plan usage');
  await expect(meter).toContainText('Trial files loaded');
  await expect(meter).toContainText('0 / 3');
  await expect(meter).not.toContainText('Settlements sent this month');
  await saveScreenshot(page, 'billing-gates-2-trial-meter');
});

test('a partner firm pays for two client accounts on one checkout', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'partner@ledgerport.local', `${BASE}/app/admin`);
  await page.goto(`${BASE}/app/user/settings/firm-billing`);
  const table = page.getByRole('table', { name: 'Client accounts' });
  await expect(table).toBeVisible();
  await table.getByRole('checkbox', { name: 'Pay for Birch Home Goods' }).check();
  await table.getByRole('checkbox', { name: 'Pay for Cedar Crafts' }).check();
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: /^Standard/ }).click();
  await expect(page.getByLabel('Firm checkout summary')).toContainText('2 accounts × 49.00 USD');
  await saveScreenshot(page, 'billing-gates-3-firm-choose');
  await page.getByRole('button', { name: 'Check out 2 accounts' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/pay/`));
  await expect(page.getByText('× 2 accounts')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/app\/user\/settings\/firm-billing\?checkout=complete/);
  await expect(page.getByText('Payment received')).toBeVisible();
  const paid = page.getByRole('table', { name: 'Client accounts' });
  await expect(paid.getByRole('row', { name: /Birch Home Goods.*STANDARD.*Your firm/ })).toBeVisible({ timeout: 30_000 });
  await expect(paid.getByRole('row', { name: /Cedar Crafts.*STANDARD.*Your firm/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Subscriptions' })).toContainText('Standard (monthly)');
  await saveScreenshot(page, 'billing-gates-4-firm-paid');
});
