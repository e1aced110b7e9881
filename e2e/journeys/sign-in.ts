/** Shared steps of the journeys: sign in through the real sign-in page, save screenshots. */
import { expect, type Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_PASSWORD = 'ledgerport-demo';
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export async function signIn(page: Page, email: string, startAt = '/app/admin'): Promise<void> {
  await page.goto(startAt);
  await expect(page).toHaveURL(/\/app\/login\?continue=/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/app\/login/);
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Switches the current account through the account menu of the header. */
export async function switchTo(page: Page, accountName: string): Promise<void> {
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${accountName}`) }).click();
  await expect(page.getByRole('button', { name: `Current account: ${accountName}` })).toBeVisible();
}
