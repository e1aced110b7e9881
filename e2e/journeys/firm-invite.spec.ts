/**
 * Issue 19, firm invites (decision 0048): the demo partner (a firm admin of PARTNER1) has a team with
 * one client (made through the API) and invites a new email into it from Team Settings; the new person opens the mailed link
 * (read at a local SMTP sink), signs up with the address filled in, verifies, signs in and sees the
 * team's client; the admin sees them in the team and the invite gone. Its own server on 8810.
 */
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import { useOwnServer } from './own-server';
import { DEMO_PASSWORD, signIn } from './sign-in';

const PORT = 8810;
const SMTP_PORT = 8816;
let sink: SmtpSink | undefined;
test.beforeAll(async () => {
  sink = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});
const BASE = useOwnServer(PORT, 'firm-invite', (env) => {
  env.LEDGERPORT_SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
  env.LEDGERPORT_MAIL_FROM = 'Ledgerport <no-reply@ledgerport.local>';
  env.LEDGERPORT_PUBLIC_URL = `http://127.0.0.1:${PORT}`;
});

const NEWCOMER = 'nora.new@example.com';
const PASSWORD = 'meadow-lantern-58';
const TEAM = 'Walmart desk';
const shot = (page: import('@playwright/test').Page, name: string) => page.screenshot({ path: `/tmp/shots/firminv-${name}.png`, fullPage: true });

async function linkFromMail(subject: RegExp): Promise<string> {
  const mail = await sink!.waitForMail(NEWCOMER, subject);
  const match = new RegExp(`http://127\\.0\\.0\\.1:${PORT}/app/oauth/user-management\\?\\S+`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![0];
}

/** Signs the firm admin in through the API and makes the team with Birch Home Goods; answers its id. */
async function makeTeamWithClient(): Promise<string> {
  const login = await fetch(`${BASE}/oauth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'partner@ledgerport.local', password: DEMO_PASSWORD }) });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  const team = await fetch(`${BASE}/teams`, { method: 'POST', headers, body: JSON.stringify({ name: TEAM }) });
  expect(team.status).toBe(200);
  const { teamId } = (await team.json()) as { teamId: string };
  const accounts = await fetch(`${BASE}/teams/accounts`, { method: 'PUT', headers, body: JSON.stringify({ teamId, accountKeys: ['birch-walmart'] }) });
  expect(accounts.status).toBe(200);
  return teamId;
}

test('a firm admin invites a new email into a team; the person signs up from the link and sees the team’s client', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The team and its client are made through the API (the Teams journey covers those pages).
  const teamId = await makeTeamWithClient();
  await signIn(page, 'partner@ledgerport.local', `${BASE}/app/team-settings?teamId=${teamId}`);
  await expect(page.getByRole('heading', { name: TEAM })).toBeVisible({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Invite to team' });
  await form.getByRole('textbox', { name: 'Email' }).fill(NEWCOMER);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('table', { name: 'Waiting invites' })).toContainText(NEWCOMER);
  await shot(page, '1-team-settings-invite');

  // The new person, in a browser of their own.
  const context = await browser.newContext();
  const nora = await context.newPage();
  await nora.goto(await linkFromMail(/^You are invited to join PARTNER1/));
  await expect(nora.getByText(`invites ${NEWCOMER} to join the accounting firm PARTNER1 as a firm member, in the team ${TEAM} as a member.`)).toBeVisible();
  await shot(nora, '2-invite-link');
  await nora.getByRole('link', { name: 'Create your login' }).click();
  await expect(nora.getByRole('textbox', { name: 'Email' })).toHaveValue(NEWCOMER);
  await nora.getByRole('textbox', { name: 'Name' }).fill('Nora New');
  await nora.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await nora.getByRole('button', { name: 'Create account' }).click();
  await expect(nora.getByRole('status').first()).toContainText('please verify your email');
  await nora.goto(await linkFromMail(/^Verify your email/));
  await expect(nora.getByRole('status')).toContainText('Your email is verified.');
  await nora.goto(`${BASE}/app/login?continue=${encodeURIComponent('/app/partner-dashboard')}`);
  await nora.getByRole('textbox', { name: 'Email' }).fill(NEWCOMER);
  await nora.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await nora.getByRole('button', { name: 'Sign in' }).click();
  const clients = nora.getByRole('table', { name: 'Client accounts' });
  await expect(clients.getByRole('link', { name: /^Open / })).toHaveCount(1, { timeout: 30_000 });
  await expect(clients).toContainText('Birch Home Goods');
  await expect(clients).not.toContainText('Cedar Crafts');
  await shot(nora, '3-newcomer-clients');
  // A used link says so.
  await nora.goto(await linkFromMail(/^You are invited to join PARTNER1/));
  await expect(nora.getByRole('alert')).toContainText('This invite was already accepted.');
  await shot(nora, '4-used-link');
  await context.close();

  // The admin: Nora in the team, no invite waiting.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Team members' })).toContainText('Nora New');
  await expect(page.getByText('No invites waiting for an answer.')).toBeVisible();
  await page.goto(`${BASE}/app/teams`);
  await expect(page.getByRole('form', { name: 'Invite to firm' })).toBeVisible();
  await shot(page, '5-teams-page');
});
