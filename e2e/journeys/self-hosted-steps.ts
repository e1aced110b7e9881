/**
 * Steps of a self-hoster's first hour, shared by journeys (self-hosted, first-hour): a stranger signs
 * up on the real sign-up page, verifies from the mail the server sends (to a local SMTP sink), and
 * signs in with their own password.
 */
import { expect, type Page } from '@playwright/test';
import type { SmtpSink } from '../../apps/server/test/smtp-sink';

export interface Stranger {
  email: string;
  name: string;
  password: string;
}

/** Signs in on the sign-in page with an email and password of the person's own (not the demo password). */
export async function signInAs(page: Page, base: string, person: Pick<Stranger, 'email' | 'password'>): Promise<void> {
  await page.goto(`${base}/app/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From the sign-in page: creates a login, opens the verification link of the mail, and signs in. */
export async function signUpAndVerify(page: Page, base: string, sink: SmtpSink, person: Stranger): Promise<void> {
  await page.goto(`${base}/app/login`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByRole('textbox', { name: 'Name' }).fill(person.name);
  await page.getByRole('textbox', { name: 'Password' }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').first()).toContainText('please verify your email');
  const mail = await sink.waitForMail(person.email, /^Verify your email/);
  const link = new RegExp(`${base.replace(/[.:/]/g, '\\$&')}/app/oauth/user-management\\?\\S+`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  await page.goto(link![0]);
  await expect(page.getByRole('status')).toContainText('Your email is verified.');
  await signInAs(page, base, person);
}
