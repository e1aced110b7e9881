// Named to run among the first journeys, on the shared server's demo data as it starts: in the full
// run, as journey 61 of 87, it failed after earlier journeys changed that data; alone it passes.
// Known order dependence, left for the next session to remove (a server of its own).
/**
 * Issue 31, "Everyone can do the daily loop", on a phone (390 × 844): the header fits the screen, so
 * the account switcher and the user menu are there to use; the main menu opens from the burger; the
 * Mapping page's selects stand on screen (each row a card) and the settlements list opens a
 * settlement; the person switches accounts and signs out. Its own server on port 9089, since it
 * switches the demo user's account.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(9089, 'phone-header');
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true });

/** `target` lies inside the screen's width: nothing to swipe sideways to reach it. */
async function expectWithinScreenWidth(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, `${target.toString()} is drawn`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

async function openMainMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeInViewport();
  return menu;
}

test('on a phone: switch accounts, use Mapping and the settlements list, sign out', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  const header = page.getByRole('navigation', { name: 'Main navigation' });
  // The header is no wider than the screen, and its menus are on it.
  expect(await header.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectWithinScreenWidth(page.getByRole('button', { name: /^Current account:/ }));
  await expectWithinScreenWidth(page.getByRole('button', { name: 'User menu' }));
  await expectWithinScreenWidth(page.getByRole('button', { name: 'Settings' }));
  await saveScreenshot(page, 'phone-01-admin');

  // Admin's setup steps: no button is squeezed until its words are cut off.
  const stepButtons = page.getByRole('list', { name: 'Onboarding steps' }).getByRole('link');
  await expect(stepButtons.first()).toBeVisible();
  const cut = await stepButtons.evaluateAll((buttons) =>
    buttons
      .map((b) => b.querySelector('.mantine-Button-label') ?? b)
      .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > window.innerWidth)
      .map((label) => label.textContent),
  );
  expect(cut).toEqual([]);

  await switchTo(page, 'Acme Outdoor CA');
  await switchTo(page, 'Acme Outdoor US');

  // Mapping from the main menu: every account select is on screen, under its transaction type.
  await (await openMainMenu(page)).getByRole('link', { name: 'Mapping', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).not.toBeInViewport();
  const accounts = page.getByRole('combobox', { name: /^Account for / });
  await expect(accounts.first()).toBeVisible();
  for (const select of (await accounts.all()).slice(0, 8)) {
    await select.scrollIntoViewIfNeeded();
    await expectWithinScreenWidth(select);
  }
  await accounts.first().click();
  await expect(page.getByRole('listbox')).toBeInViewport();
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'phone-02-mapping');

  // The settlements list opens a settlement.
  await (await openMainMenu(page)).getByRole('link', { name: 'Settlements', exact: true }).click();
  const open = page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 11223344556' });
  await open.scrollIntoViewIfNeeded();
  await expect(open).toBeInViewport();
  await saveScreenshot(page, 'phone-03-settlements');
  await open.click();
  await expect(page).toHaveURL(/\/app\/settlement\?settlementKey=/);
  await expectWithinScreenWidth(page.getByRole('button', { name: 'Send', exact: true }));
  await saveScreenshot(page, 'phone-04-settlement');

  // The user menu, and sign out.
  await page.getByRole('button', { name: 'User menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeInViewport();
  await saveScreenshot(page, 'phone-05-user-menu');
  await logout.click();
  await expect(page).toHaveURL(/\/app\/login/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
});
