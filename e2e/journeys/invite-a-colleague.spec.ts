/**
 * Issue 15, users and invites: the demo owner invites a new colleague from Account Settings > Users;
 * the colleague opens the mailed link (read at a local SMTP sink), signs up with the invited address
 * filled in, verifies from the second mail, signs in and sees the account; the owner sees them listed.
 */
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const SMTP_PORT = 8198;
let sink: SmtpSink | undefined;
test.beforeAll(async () => {
  sink = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});
const BASE = useOwnServer(8199, 'invites', (env) => {
  env.LEDGERPORT_SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
  env.LEDGERPORT_MAIL_FROM = 'Ledgerport <no-reply@ledgerport.local>';
  env.LEDGERPORT_PUBLIC_URL = 'http://127.0.0.1:8199';
});

const COLLEAGUE = 'cora.colleague@example.com';
const PASSWORD = 'meadow-lantern-58';

async function linkFromMail(subject: RegExp): Promise<string> {
  const mail = await sink!.waitForMail(COLLEAGUE, subject);
  const match = /http:\/\/127\.0\.0\.1:8199\/app\/oauth\/user-management\?\S+/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![0];
}

test('the owner invites a new colleague, who signs up from the link, verifies and sees the account', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await expect(page.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();
  await page.goto(`${BASE}/app/account-settings`);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/app\/account-settings\/users$/);
  await expect(page.getByRole('table', { name: 'Users of this account' })).toContainText('viewer@ledgerport.local');

  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(COLLEAGUE);
  await page.getByRole('dialog').getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'View-only' }).click();
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText(COLLEAGUE);
  await saveScreenshot(page, 'invites-1-users-tab');

  // The colleague, in a browser of their own.
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto(await linkFromMail(/^You are invited to Acme Outdoor US/));
  await expect(colleague.getByText(`invites ${COLLEAGUE} to open Acme Outdoor US as a view-only user`)).toBeVisible();
  await saveScreenshot(colleague, 'invites-2-link');
  await colleague.getByRole('link', { name: 'Create your login' }).click();
  await expect(colleague.getByRole('textbox', { name: 'Email' })).toHaveValue(COLLEAGUE);
  await colleague.getByRole('textbox', { name: 'Name' }).fill('Cora Colleague');
  await colleague.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Create account' }).click();
  await expect(colleague.getByRole('status').first()).toContainText('please verify your email');

  await colleague.goto(await linkFromMail(/^Verify your email/));
  await expect(colleague.getByRole('status')).toContainText('Your email is verified.');
  await colleague.goto(`${BASE}/app/login`);
  await colleague.getByRole('textbox', { name: 'Email' }).fill(COLLEAGUE);
  await colleague.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Sign in' }).click();
  await expect(colleague.getByRole('button', { name: 'Current account: Acme Outdoor US' })).toBeVisible();
  await saveScreenshot(colleague, 'invites-3-colleague-in');
  await context.close();

  // The owner sees the colleague as a view-only member, and the invite gone.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users of this account' })).toContainText(COLLEAGUE);
  await expect(page.getByText('No invites waiting for an answer.')).toBeVisible();
  await saveScreenshot(page, 'invites-4-member-listed');
});
