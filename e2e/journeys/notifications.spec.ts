/**
 * Issue 15, notifications: the demo owner invites Oscar, who already has a login; Oscar sees the bell's
 * unread count grow, opens /notifications, finds the invite, marks it read (the count drops), marks
 * all read, and changes a notification setting, which is still there after a reload.
 * Mail goes to the data folder's outbox (no SMTP needed).
 */
import { expect, test, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const BASE = useOwnServer(8202, 'notifications');

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Notifications/ });

async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

test('an invite to an existing user shows on the bell and the notifications page, is marked read, and settings are saved', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const oscarContext = await browser.newContext();
  const oscar = await oscarContext.newPage();
  await signIn(oscar, 'other@ledgerport.local', `${BASE}/app/admin`);
  await expect(bell(oscar)).toBeVisible();
  const before = await unreadOf(oscar);

  // Dana invites Oscar to Acme Outdoor US.
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/account-settings/users`);
  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('other@ledgerport.local');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText('other@ledgerport.local');

  // Oscar's bell counts it (a reload stands in for the minute's poll).
  await oscar.reload();
  await expect(bell(oscar)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
  await saveScreenshot(oscar, 'notifications-1-bell');

  await bell(oscar).click();
  await expect(oscar).toHaveURL(/\/app\/notifications$/);
  const invite = oscar.getByRole('listitem', { name: 'Unread: You are invited to Acme Outdoor US' });
  await expect(invite).toContainText('Dana Demo invites you to open "Acme Outdoor US" as a member.');
  await expect(invite.getByRole('img', { name: 'You were invited to an account' })).toBeVisible();
  await saveScreenshot(oscar, 'notifications-2-list');

  await invite.getByRole('button', { name: 'Mark read: You are invited to Acme Outdoor US' }).click();
  await expect(oscar.getByRole('listitem', { name: 'You are invited to Acme Outdoor US' })).toBeVisible();
  await expect(bell(oscar)).toHaveAttribute('aria-label', before === 0 ? 'Notifications' : `Notifications, ${before} unread`);

  // Only the unread ones, then none.
  await oscar.getByText('Unread', { exact: false }).first().click();
  await expect(oscar.getByRole('listitem', { name: 'You are invited to Acme Outdoor US' })).toHaveCount(0);
  if (before > 0) await oscar.getByRole('button', { name: 'Mark all read' }).click();
  await expect(oscar.getByText('No unread notifications.')).toBeVisible();
  await expect(bell(oscar)).toHaveAttribute('aria-label', 'Notifications');

  // Notification Settings, from the user menu's link.
  await oscar.goto(`${BASE}/app/user/settings/notifications`);
  const table = oscar.getByRole('table', { name: 'Notification settings' });
  await expect(table).toBeVisible();
  await expect(oscar.getByRole('combobox', { name: 'A send failed: email' })).toHaveValue('Immediately');
  await oscar.getByRole('combobox', { name: 'A send failed: email' }).click();
  await oscar.getByRole('option', { name: 'Daily digest' }).click();
  await oscar.getByRole('checkbox', { name: 'A settlement was sent automatically: in the app' }).uncheck();
  await oscar.getByRole('button', { name: 'Save' }).click();
  await expect(oscar.getByText('Your notification settings were saved.')).toBeVisible();
  await saveScreenshot(oscar, 'notifications-3-settings');
  await oscar.reload();
  await expect(oscar.getByRole('combobox', { name: 'A send failed: email' })).toHaveValue('Daily digest');
  await expect(oscar.getByRole('checkbox', { name: 'A settlement was sent automatically: in the app' })).not.toBeChecked();
  await oscarContext.close();
});

test('a Clarity view-only user sees no bell', async ({ page }) => {
  await signIn(page, 'clarity@ledgerport.local', `${BASE}/app/admin`);
  await expect(page).toHaveURL(/\/app\/organization\/org-acme\/dashboard$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
});
