/**
 * Issue 19, Teams (decision 0038): the demo partner (a firm admin of PARTNER1) creates a team, puts
 * Tia Teammate (a firm member, not an admin) in it and gives it one client, Birch Home Goods. Tia then
 * sees only that client: in the account switcher and on the Partner Dashboard. Its own server: the
 * shared demo data keeps no team.
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8722, 'teams');
const TEAM = 'Walmart desk';

test('a firm admin makes a team with one client and a team member sees only that client', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await browser.newPage();
  await signIn(admin, 'partner@ledgerport.local', `${BASE}/app/admin`);
  await admin.getByRole('link', { name: 'Teams' }).first().click();
  await expect(admin).toHaveURL(/\/app\/teams$/);
  const name = admin.getByRole('textbox', { name: 'Team name' });
  await expect(name).toBeVisible();
  await name.fill(TEAM);
  await admin.getByRole('button', { name: 'Create team' }).click();

  // Team Settings: add Tia as a member, give the team one client.
  await expect(admin.getByRole('heading', { name: TEAM })).toBeVisible({ timeout: 30_000 });
  await admin.getByRole('combobox', { name: 'Person of your firm' }).click();
  await admin.getByRole('option', { name: /Tia Teammate/ }).click();
  await admin.getByRole('button', { name: 'Add member' }).click();
  await expect(admin.getByRole('table', { name: 'Team members' })).toContainText('Tia Teammate');
  await admin.getByRole('checkbox', { name: /^Birch Home Goods/ }).check();
  await admin.getByRole('button', { name: 'Save client accounts' }).click();
  await expect(admin.getByRole('button', { name: 'Save client accounts' })).toBeDisabled();
  await saveScreenshot(admin, 'teams-1-team-settings');

  await admin.goto(`${BASE}/app/teams`);
  const teams = admin.getByRole('table', { name: 'Teams' });
  await expect(teams.getByRole('row', { name: new RegExp(TEAM) })).toContainText('Birch Home Goods');
  await saveScreenshot(admin, 'teams-2-list');
  await admin.close();

  // Tia: only Birch Home Goods, not Cedar Crafts.
  const tia = await browser.newPage();
  await signIn(tia, 'teammate@ledgerport.local', `${BASE}/app/partner-dashboard`);
  const clients = tia.getByRole('table', { name: 'Client accounts' });
  await expect(clients.getByRole('link', { name: /^Open / })).toHaveCount(1, { timeout: 30_000 });
  await expect(clients).toContainText('Birch Home Goods');
  await expect(clients).not.toContainText('Cedar Crafts');
  await saveScreenshot(tia, 'teams-3-member-dashboard');
  await tia.getByRole('button', { name: /^Current account:/ }).click();
  await expect(tia.getByRole('menuitem', { name: /^Birch Home Goods/ })).toBeVisible();
  await expect(tia.getByRole('menuitem', { name: /Cedar Crafts/ })).toHaveCount(0);
  await saveScreenshot(tia, 'teams-4-member-switcher');
});
