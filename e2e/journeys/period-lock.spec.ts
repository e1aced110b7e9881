/**
 * Issue 28, "A posting never lands in a closed period" (decision 0061): the demo's local Xero has a
 * period lock date (its Organisation's PeriodLockDate, set through the sandbox's control call). demo@
 * sends a Shopify payout whose document is dated inside it: the settlement is held, not failed, and its page says which
 * date falls in which closed period. The account is then set to move such documents; the payout posts
 * on the first open day, and the document in the Xero sandbox carries the memo line naming its date.
 * Its own server on port 8912, the demo's sandboxes on 8913.
 */
import { expect, test, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { postedToSandbox } from './settlement-steps';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const SANDBOX_PORT = 8913;
const BASE = useOwnServer(8912, 'period-lock', (env) => {
  env.LEDGERPORT_DEMO = 'on';
  env.LEDGERPORT_DEMO_SANDBOX_PORT = String(SANDBOX_PORT);
});
const PAYOUT = '2026-02-05';
/** The date its document carries (the payout's own date in the shop's time zone). */
const DOCUMENT_DATE = '2026-02-03';

async function openPayout(page: Page): Promise<void> {
  await page.goto(`${BASE}/app/settlements`);
  await page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: `Open settlement ${PAYOUT}` }).click();
}

test('a payout dated in a period Xero has closed is held with the reason, then moved to the first open day and posted with the memo', async ({ page, context }) => {
  test.setTimeout(240_000);
  const locked = await fetch(`http://127.0.0.1:${SANDBOX_PORT}/_fake/period-locks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'xero', PeriodLockDate: '2026-02-28' }),
  });
  expect(locked.status).toBe(204);

  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor Shop');
  await openPayout(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const hold = page.getByRole('alert').filter({ hasText: 'On hold' });
  await expect(hold).toContainText(`Dated ${DOCUMENT_DATE}, in a period Xero has closed through 2026-02-28.`, { timeout: 60_000 });
  await expect(hold.getByRole('button', { name: 'Release to send again' })).toBeVisible();
  await expect(page.getByText('The last send failed')).toHaveCount(0);
  await saveScreenshot(page, 'period-lock-01-held');

  // Settings > Sales Grouping and Tracking: move such documents to the first open day.
  await page.goto(`${BASE}/app/account-settings/invoices`);
  const closed = page.getByRole('radiogroup', { name: 'Documents in a closed period' });
  await expect(closed.getByRole('radio', { name: /Hold the settlement/ })).toBeChecked();
  await closed.getByRole('radio', { name: /Move to the first open day/ }).check();
  await saveScreenshot(page, 'period-lock-02-setting');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sales grouping and tracking saved.', { exact: false }).first()).toBeVisible();

  // The hold is lifted by the setting; Send posts it on 2026-03-01.
  await openPayout(page);
  await expect(page.getByText('On hold', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const status = page.getByRole('list', { name: 'Status' }).first();
  await expect(status.getByRole('listitem').filter({ hasText: /^Posted$/ })).toBeVisible({ timeout: 60_000 });
  const href = await postedToSandbox(page, 'Xero');
  await saveScreenshot(page, 'period-lock-03-posted');

  const xeroPage = await context.newPage();
  await xeroPage.goto(href);
  const body = xeroPage.getByLabel('Document body');
  await expect(body).toContainText('"Date": "2026-03-01"');
  await expect(body).toContainText(`Dated ${DOCUMENT_DATE} in the settlement; moved to 2026-03-01, the first open day, because Xero has closed its books through 2026-02-28.`);
  await saveScreenshot(xeroPage, 'period-lock-04-xero-document');
  await xeroPage.close();
});
