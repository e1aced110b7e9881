/**
 * Issue 15's first "Done means", in one go as a new person would: sign up, verify from the mail (a
 * local SMTP server), create an account (Amazon, built-in ledger), upload a settlement, map its
 * unmapped type, send it (Posted), then invite a colleague, who signs up from the invite, verifies and
 * sees the account.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import { REPO_ROOT, useOwnServer } from './own-server';
import { saveScreenshot } from './sign-in';

const SMTP_PORT = 8208;
const PORT = 8209;
let sink: SmtpSink | undefined;
// Registered before useOwnServer's hook, so the mail server listens before the app starts.
test.beforeAll(async () => {
  sink = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});
const BASE = useOwnServer(PORT, 'new-person', (env) => {
  env.LEDGERPORT_SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
  env.LEDGERPORT_MAIL_FROM = 'Ledgerport <no-reply@ledgerport.local>';
  env.LEDGERPORT_PUBLIC_URL = `http://127.0.0.1:${PORT}`;
});

const OWNER = 'olive.owner@example.com';
const COLLEAGUE = 'colin.colleague@example.com';
const ACCOUNT = 'Olive Outdoor Amazon';
const amazonFile = join(REPO_ROOT, 'packages', 'core', 'src', 'channels', 'amazon', '__fixtures__', 'us-v2-promotion-reserve.txt');

async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  const mail = await sink!.waitForMail(to, subject);
  const match = new RegExp(`http://127\\.0\\.0\\.1:${PORT}/app/oauth/user-management\\?\\S+`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![0];
}

async function signUpAndVerify(page: Page, email: string, name: string, password: string) {
  // The sign-up form must be on screen first: the login page also has an Email box.
  await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').first()).toContainText('please verify your email');
  await page.goto(await linkFromMail(email, /^Verify your email/));
  await expect(page.getByRole('status')).toContainText('Your email is verified.');
  await page.goto(`${BASE}/app/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new person signs up, makes an account, posts a settlement and brings in a colleague', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Sign up and verify.
  await page.goto(`${BASE}/app/login`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await signUpAndVerify(page, OWNER, 'Olive Owner', 'meadow-brook-61');
  await expect(page.getByRole('heading', { name: 'Welcome to Ledgerport' })).toBeVisible();

  // The first account: Amazon, posted to the built-in ledger.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill(ACCOUNT);
  await page.getByRole('combobox', { name: 'Sales channel' }).click();
  await page.getByRole('option', { name: 'Amazon' }).click();
  await page.getByRole('combobox', { name: 'Accounting system' }).click();
  await page.getByRole('option', { name: 'Built-in ledger' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: `Current account: ${ACCOUNT}` })).toBeVisible();
  await saveScreenshot(page, 'new-person-1-account');

  // Upload a settlement.
  await page.goto(`${BASE}/app/settlement-import`);
  await page.locator('input[type=file]').setInputFiles([amazonFile]);
  await page.getByRole('button', { name: 'Load 1 file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Upload finished' })).toContainText('1 created', { timeout: 30_000 });

  // Map what the file brought that has no account yet.
  await page.goto(`${BASE}/app/mapping`);
  await expect(page.getByRole('status').filter({ hasText: /to map|Everything is mapped/ })).toBeVisible();
  const unmapped = () => page.getByRole('row').filter({ has: page.getByText('Unmapped', { exact: true }) });
  const count = await unmapped().count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await unmapped().first().getByRole('combobox', { name: /^Account for / }).click();
    await page.getByRole('option').first().click();
  }
  await page.getByRole('button', { name: /^Save mappings/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Everything is mapped' })).toBeVisible();

  // Send it: Posted.
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Status' }).first().getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'new-person-2-posted');

  // Invite a colleague as a member.
  await page.goto(`${BASE}/app/account-settings/users`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(COLLEAGUE);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText(COLLEAGUE);

  // The colleague, in a browser of their own, signs up from the invite and sees the account.
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto(await linkFromMail(COLLEAGUE, new RegExp(`^You are invited to ${ACCOUNT}`)));
  await colleague.getByRole('link', { name: 'Create your login' }).click();
  await expect(colleague.getByRole('textbox', { name: 'Email' })).toHaveValue(COLLEAGUE);
  await signUpAndVerify(colleague, COLLEAGUE, 'Colin Colleague', 'harbour-kite-83');
  await expect(colleague.getByRole('button', { name: `Current account: ${ACCOUNT}` })).toBeVisible();
  await colleague.goto(`${BASE}/app/settlements`);
  await expect(colleague.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' })).toBeVisible();
  await saveScreenshot(colleague, 'new-person-3-colleague');
  await context.close();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Users of this account' })).toContainText(COLLEAGUE);
});
