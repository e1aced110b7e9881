/**
 * Issue 30, sign-in with an identity provider (decision 0064): a new person signs in with "Google"
 * (a real OpenID Connect provider run locally: oidc-provider, apps/server/test/local-oidc-provider.ts,
 * on port 8988) in a popup: the first sign-in makes their user and lands on account creation; after
 * signing out, a second sign-in signs the same user in; someone who denies the consent, or closes the
 * popup, reads the spec's sentence. The journey's own server (port 8987) has Google configured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';
import { saveScreenshot } from './sign-in';

const PORT = 8987;
const OIDC_PORT = 8988;
const ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
const CLIENT = { clientId: 'ledgerport-journey', clientSecret: 'journey-secret', redirectUri: `http://127.0.0.1:${PORT}/app/oauth/firebase` };
const PEOPLE = [
  { sub: 'quinn-at-google', email: 'quinn.newcomer@example.com', emailVerified: true, name: 'Quinn Newcomer' },
  { sub: 'dana-at-google', email: 'dana.declines@example.com', emailVerified: true, name: 'Dana Declines' },
];

let provider: ChildProcess | undefined;
// Registered before useOwnServer's hook, so the provider answers its discovery before the app starts.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  let log = '';
  provider = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/serve-local-oidc-provider.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCAL_OIDC_PORT: String(OIDC_PORT), LOCAL_OIDC_CLIENTS: JSON.stringify([CLIENT]), LOCAL_OIDC_PEOPLE: JSON.stringify(PEOPLE) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  provider.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  provider.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  for (let i = 0; i < 60; i++) {
    if (await fetch(`${ISSUER}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(3000) }).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The local OpenID Connect provider did not start:\n${log}`);
});
test.afterAll(() => {
  if (provider?.pid) process.kill(provider.pid, 'SIGTERM');
});
const BASE = useOwnServer(PORT, 'identity-provider', (env) => {
  env.LEDGERPORT_PUBLIC_URL = `http://127.0.0.1:${PORT}`;
  env.LEDGERPORT_OIDC_GOOGLE_ISSUER = ISSUER;
  env.LEDGERPORT_OIDC_GOOGLE_CLIENT_ID = CLIENT.clientId;
  env.LEDGERPORT_OIDC_GOOGLE_CLIENT_SECRET = CLIENT.clientSecret;
});

/** Clicks "Sign in with Google" and answers the popup the page opens. */
async function openGooglePopup(page: Page): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in with Google' }).click()]);
  return popup;
}

/** At the provider's own pages in the popup: signs in as `login`, then grants or cancels the consent. */
async function answerAtProvider(popup: Page, login: string, consent: 'grant' | 'deny'): Promise<void> {
  await popup.getByRole('textbox', { name: 'Enter any login' }).fill(login);
  await popup.getByRole('textbox', { name: 'and password' }).fill('anything');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await expect(popup.getByRole('button', { name: 'Continue' })).toBeVisible();
  if (consent === 'grant') await popup.getByRole('button', { name: 'Continue' }).click();
  else await popup.getByRole('link', { name: '[ Cancel ]' }).click();
  await popup.waitForEvent('close');
}

test('a new person signs in with Google: the first time makes their user and opens account creation, the second signs the same user in', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${BASE}/app/login`);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await saveScreenshot(page, 'identity-provider-1-sign-in');

  // First sign-in: the provider's sign-in and consent pages, in the popup.
  const popup = await openGooglePopup(page);
  await answerAtProvider(popup, 'quinn-at-google', 'grant');
  await expect(page).toHaveURL(/\/app\/switch\?account=NEW$/);
  await expect(page.getByRole('textbox', { name: 'Account name' })).toBeVisible();
  await saveScreenshot(page, 'identity-provider-2-new-user');

  // Signed out, then in again: the provider remembers the person, the popup closes by itself.
  await page.goto(`${BASE}/app/logout`);
  await expect(page).toHaveURL(/\/app\/login/);
  const again = await openGooglePopup(page);
  await again.waitForEvent('close');
  await expect(page).toHaveURL(/\/app\/admin$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Ledgerport' })).toBeVisible();
  await expect(page.getByText('You are signed in as quinn.newcomer@example.com')).toBeVisible();
});

test("denying the consent, or closing the popup, shows the spec's sentence and signs nobody in", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${BASE}/app/login`);
  const popup = await openGooglePopup(page);
  await answerAtProvider(popup, 'dana-at-google', 'deny');
  await expect(page.getByRole('alert')).toContainText('Authentication popup closed. Please login again.');
  await expect(page).toHaveURL(/\/app\/login/);
  await saveScreenshot(page, 'identity-provider-3-denied');

  // Closing the popup before answering says the same (the provider remembers Dana: it asks for the consent again).
  const closed = await openGooglePopup(page);
  await expect(closed.getByRole('button', { name: 'Continue' })).toBeVisible();
  await closed.close();
  await expect(page.getByRole('alert')).toContainText('Authentication popup closed. Please login again.');
  expect(await page.evaluate(() => localStorage.getItem('ledgerport.tokenSet'))).toBeNull();
});
