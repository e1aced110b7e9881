/**
 * Issue 15, first slice: a new person signs up, reads the verification mail that arrived at a local
 * SMTP server (the real server sends through LEDGERPORT_SMTP_URL), verifies, signs in and sees the app;
 * then forgets the password and sets a new one from the reset mail.
 */
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import { useOwnServer } from './own-server';
import { saveScreenshot } from './sign-in';

const SMTP_PORT = 8189;
let sink: SmtpSink | undefined;
// Registered before useOwnServer's hook, so the mail server listens before the app starts.
test.beforeAll(async () => {
  sink = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});
const BASE = useOwnServer(8188, 'sign-up', (env) => {
  env.LEDGERPORT_SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
  env.LEDGERPORT_MAIL_FROM = 'Ledgerport <no-reply@ledgerport.local>';
  env.LEDGERPORT_PUBLIC_URL = 'http://127.0.0.1:8188';
});

const EMAIL = 'nora.new@example.com';
const PASSWORD = 'river-stone-42';
const NEW_PASSWORD = 'harbour-light-77';

/** The link of the newest mail to EMAIL whose subject matches. */
async function linkFromMail(subject: RegExp, skip = 0): Promise<string> {
  const mail = await sink!.waitForMail(EMAIL, subject, skip);
  const match = /http:\/\/127\.0\.0\.1:8188\/app\/oauth\/user-management\?\S+/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![0];
}

async function signInAs(page: Page, password: string) {
  await page.goto(`${BASE}/app/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe.configure({ mode: 'serial' });

test('a new person signs up, verifies from the mail, signs in and sees the app', async ({ page }) => {
  await page.goto(`${BASE}/app/login`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/app\/signup$/);
  await expect(page.getByText('At least 10 characters, with a letter and a digit or symbol, and not your email address or name.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Name' }).fill('Nora New');
  await page.getByRole('textbox', { name: 'Password' }).fill('short1');
  await expect(page.getByText('The password must be at least 10 characters long.')).toBeVisible();
  await saveScreenshot(page, '40-sign-up-weak-password');
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').first()).toContainText("To complete your registration, please verify your email. We've just sent you an email with instructions.");
  await saveScreenshot(page, '41-sign-up-check-email');

  // Signing in before verifying answers the same sentence (and mails the link again).
  await signInAs(page, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('To complete your registration, please verify your email.');

  const link = await linkFromMail(/^Verify your email/, 1);
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('Your email is verified. You can sign in now.');
  await saveScreenshot(page, '42-email-verified');
  // The same link a second time says it was used.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('Could not verify email. This link was already used');

  await signInAs(page, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome to Ledgerport' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${EMAIL}`)).toBeVisible();
  await saveScreenshot(page, '43-newcomer-welcome');

  await page.getByRole('link', { name: 'My Profile' }).first().click();
  await expect(page.getByRole('form', { name: 'Your details' }).getByRole('textbox', { name: 'Name' })).toHaveValue('Nora New');
  await saveScreenshot(page, '44-my-profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login/);
});

test('a password reset from the mail sets a new password and the old one stops working', async ({ page }) => {
  await page.goto(`${BASE}/app/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('form', { name: 'Reset password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this email address, we have sent it a link to reset the password.');
  await saveScreenshot(page, '45-reset-requested');

  await page.goto(await linkFromMail(/^Reset your Ledgerport password/));
  await page.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
  await saveScreenshot(page, '46-choose-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed and every session was signed out.');

  await signInAs(page, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await signInAs(page, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welcome to Ledgerport' })).toBeVisible();

  // The newcomer makes their first account, and the app opens on it.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Nora Shop');
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'Shopify' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Built-in ledger' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Nora Shop', level: 1 })).toBeVisible();
  // Billing off (no Stripe key): no trial, every account unlimited (decision 0057).
  await expect(page.getByRole('button', { name: 'Current account: Nora Shop' })).not.toContainText('Trial');
  await saveScreenshot(page, '49-newcomer-first-account');
});

test('a signed-in merchant changes the time zone on the My Profile tab of User Settings', async ({ page }) => {
  await page.goto(`${BASE}/app/login`);
  await saveScreenshot(page, '47-sign-in-with-sign-up-links');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@ledgerport.local');
  await page.getByRole('textbox', { name: 'Password' }).fill('ledgerport-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/app\/login/);
  await page.goto(`${BASE}/app/user/settings/profile`);
  await expect(page.getByRole('tab', { name: 'My Profile' })).toHaveAttribute('aria-selected', 'true');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Ber');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your details' }).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
  await saveScreenshot(page, '48-user-settings-profile');
});
