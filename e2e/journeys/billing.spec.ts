/**
 * Issue 16, billing on Stripe: a trial Amazon account connects its (local) QuickBooks Online and maps
 * from its lists, cannot send its settlement there, upgrades to Starter through checkout with the
 * coupon WELCOME25 on the fake Stripe's hosted page, sends the settlement it could not send before and
 * sees it posted at QuickBooks, then cancels and sees the day the plan ends.
 * The server runs with Stripe keys pointing at the fake (packages/integrations/src/testing/fake-stripe).
 */
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';
import { useBillingServer } from './billing-server';

const { base: BASE, stripeUrl: STRIPE_URL, vendorUrl: VENDORS } = useBillingServer({
  port: 8562,
  stripePort: 8563,
  vendorPort: 8564,
  name: 'billing',
  keySuffix: 'e2e',
  seedChanges: `
    await opened.db.updateTable('accounts').set({ plan_code: null, plan_amount: null, subscribed_at: null }).where('account_key', '=', 'acme-amazon-us').execute();
    // A new trial has mapped nothing yet: the journey maps every type from QuickBooks' own lists.
    await opened.db.deleteFrom('mapping_sets').where('account_key', '=', 'acme-amazon-us').execute();
  `,
});

test('a trial hits its limit, upgrades with a coupon on the hosted checkout, sends, then cancels and sees the end date', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();

  // The trial connects its QuickBooks Online (the local one) and maps from its lists.
  await connectAndMapQuickBooks(page);

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
  const status = page.getByRole('list', { name: 'Status' }).first();
  await expect(status.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 60_000 });
  const remote = (await (await fetch(`${VENDORS}/_fake/documents`)).json()) as { documents: { system: string }[]; violations: string[] };
  expect(remote.documents.filter((d) => d.system === 'QBO')).toHaveLength(1);
  expect(remote.violations).toEqual([]);
  await saveScreenshot(page, 'billing-5-sent');

  // Cancel at the period's end: the end date shows.
  await page.goto(`${BASE}/app/billing`);
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByLabel('Subscription end date')).toContainText('Ends on', { timeout: 30_000 });
  await saveScreenshot(page, 'billing-6-cancelled');
});

/** As accounting-connect.spec: connect through the OAuth round trip, pick the bank account, map every unmapped type. */
async function connectAndMapQuickBooks(page: Page): Promise<void> {
  await page.goto(`${BASE}/app/admin/accounting/qbo`);
  await page.getByRole('button', { name: 'Connect QuickBooks Online' }).click();
  await expect(page).toHaveURL(new RegExp(`^${VENDORS}/qbo/oauth2/authorize`));
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page.getByRole('heading', { name: 'QuickBooks Online bank account settings' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Bank account' }).click();
  await page.getByRole('option', { name: 'Checking' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByText('Accounts and tax rates from your QuickBooks Online file.', { exact: false })).toBeVisible();
  const unmappedRows = page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  for (let i = await unmappedRows.count(); i > 0; i--) {
    const typeKey = (await unmappedRows.first().getByRole('cell').first().innerText()).split('\n').at(-1)!.trim();
    const row = page.getByRole('row').filter({ has: page.getByText(typeKey, { exact: true }) });
    const pick = /Principal/.test(typeKey) ? { account: '79 · 4010 Amazon Sales', tax: 'TAX (TAX)' } : /Tax/.test(typeKey) ? { account: '91 · 2200 Sales Tax Payable', tax: 'NON (NON)' } : { account: '80 · 6010 Amazon Seller Fees', tax: 'NON (NON)' };
    await row.getByRole('combobox', { name: /^Tax rate for / }).click();
    await page.getByRole('option', { name: pick.tax, exact: true }).click();
    await row.getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option', { name: pick.account, exact: true }).click();
  }
  const clearing = page.getByRole('region', { name: 'Posting accounts' }).getByRole('combobox', { name: 'Account for Amazon clearing' });
  await clearing.click();
  await page.getByRole('option', { name: '90 · 1210 Amazon Clearing', exact: true }).click();
  const reserve = page.getByRole('region', { name: 'Posting accounts' }).getByRole('combobox', { name: 'Account for Amazon reserved balances' });
  await reserve.click();
  await page.getByRole('option', { name: '92 · 1300 Amazon Reserved Balances', exact: true }).click();
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByText(/^Mappings saved \(version \d+\)\.$/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();
}
