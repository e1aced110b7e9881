/**
 * Issue 26, a self-hoster's first hour (decision 0057): a server started empty (LEDGERPORT_DEMO=off,
 * billing off: no Stripe key). A stranger signs up, verifies from the mail, and is the instance's
 * administrator (the first sign-up on an instance without one): they reach the backend area. Their
 * new account shows no trial and no plan wording, says it is unlimited, and turns cost of goods sold
 * on with FIFO by purchase lots.
 */
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import { useOwnServer } from './own-server';
import { signUpAndVerify } from './self-hosted-steps';
import { saveScreenshot } from './sign-in';

const PORT = 9121;
const SMTP_PORT = 9122;
let sink: SmtpSink | undefined;
test.beforeAll(async () => {
  sink = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});
const BASE = useOwnServer(PORT, 'self-hosted', (env) => {
  env.LEDGERPORT_DEMO = 'off';
  env.LEDGERPORT_SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
  env.LEDGERPORT_PUBLIC_URL = `http://127.0.0.1:${PORT}`;
  delete env.LEDGERPORT_STRIPE_SECRET_KEY;
  delete env.LEDGERPORT_STRIPE_WEBHOOK_SECRET;
});

const STRANGER = { email: 'stranger@example.org', name: 'Sol Stranger', password: 'quiet-meadow-58' };

test('a stranger signs up on an empty instance, administers it, sees no plans and turns COGS with FIFO on', async ({ page }) => {
  test.setTimeout(150_000);
  // An empty instance: no demo users to sign in as.
  await page.goto(`${BASE}/app/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill('admin@ledgerport.local');
  await page.getByRole('textbox', { name: 'Password' }).fill('ledgerport-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');

  await signUpAndVerify(page, BASE, sink!, STRANGER);
  await expect(page.getByRole('heading', { name: 'Welcome to Ledgerport' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByText('Every account on this instance is unlimited.')).toBeVisible();
  await expect(page.getByText(/trial|choose a plan/i)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Account name' }).fill('Sol Goods');
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'Shopify' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Built-in ledger' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Sol Goods', level: 1 })).toBeVisible();

  // No trial badge, no plan, no "ask support" on Home.
  const current = page.getByRole('button', { name: 'Current account: Sol Goods' });
  await expect(current).toBeVisible();
  await expect(current).not.toContainText('Trial');
  await expect(page.getByText(/trial|choose a plan|Plan:|ask support/i)).toHaveCount(0);
  await saveScreenshot(page, 'self-hosted-1-home');

  // Settings > Account says the account is unlimited.
  await page.goto(`${BASE}/app/account-settings`);
  await expect(page.getByLabel('Limits and connections')).toContainText('Unlimited: billing is off on this instance');
  await expect(page.getByText(/trial/i)).toHaveCount(0);

  // Settings > Cost of Goods Sold: on, FIFO allowed; the owner chooses FIFO and saves.
  await page.goto(`${BASE}/app/account-settings/cogs`);
  const form = page.getByRole('form', { name: 'Cost of goods sold settings' });
  await expect(form).toBeVisible();
  await expect(page.getByText(/ask support|premium plan|Cost of goods sold is off/i)).toHaveCount(0);
  const fifo = form.getByRole('radio', { name: 'FIFO by purchase lots' });
  await expect(fifo).toBeEnabled();
  await fifo.check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The cost of goods sold settings are saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Cost of goods sold settings' }).getByRole('radio', { name: 'FIFO by purchase lots' })).toBeChecked();
  await saveScreenshot(page, 'self-hosted-2-cogs-fifo');

  // The first sign-up administers the instance: the backend area opens, and Settings offers it.
  await page.goto(`${BASE}/app/backend`);
  await expect(page).toHaveTitle(/Backend \| Ledgerport$/);
  await expect(page.getByRole('link', { name: 'Inconsistent settlements' })).toBeVisible();
  await expect(page.getByText(/\bplans?\b|trial/i)).toHaveCount(0);
  await saveScreenshot(page, 'self-hosted-3-backend');
});
