/**
 * Issue 30, "Calls" (decisions 0069 and 0070): an error thrown in a signed-in person's browser is reported to
 * the server once per message per page load, with its route and release, and the page is sent once as
 * page_viewed; a support admin reads the errors in
 * the backend's "Browser Errors", grouped by message; the person who is not staff cannot read it.
 * Its own server (LEDGERPORT_E2E_PORT, 9100 by default).
 */
import { expect, test } from '@playwright/test';
import { useOwnServer } from './own-server';
import { saveScreenshot, signIn } from './sign-in';

const PORT = Number(process.env.LEDGERPORT_E2E_PORT ?? 9100);
const BASE = useOwnServer(PORT, 'browser-errors');

test('a browser error reaches the backend once, grouped by message; only staff read it', async ({ browser }) => {
  const person = await browser.newPage({ baseURL: BASE });
  await signIn(person, 'demo@ledgerport.local', '/app/settlements');
  await expect(person.getByRole('heading', { level: 1 })).toBeVisible();
  const reports: number[] = [];
  const views: { route?: string; feature?: string; status: number }[] = [];
  person.on('response', (r) => {
    if (!r.url().endsWith('/events') || r.request().method() !== 'POST') return;
    const { event, route, feature } = r.request().postDataJSON() as { event: string; route?: string; feature?: string };
    // The error reports; the page's analytics events (its page_viewed, decision 0070) go to the same call.
    if (event === 'js_error') reports.push(r.status());
    else if (event === 'page_viewed') views.push({ route, feature, status: r.status() });
  });
  // Thrown twice from a timer: an uncaught error the page did not handle, the same message both times.
  await person.evaluate(() => {
    for (const delay of [0, 50]) setTimeout(() => { throw new Error('Journey failure in the list'); }, delay);
    void Promise.reject(new Error('Journey rejection'));
  });
  await expect.poll(() => reports.length).toBe(2);
  await person.waitForTimeout(500);
  expect(reports).toEqual([204, 204]);
  // The page the person stayed on is sent once as page_viewed, with its route-table path and feature, and stored.
  await expect.poll(() => views, { timeout: 10_000 }).toEqual([{ route: '/app/settlements', feature: 'settlements', status: 204 }]);

  await person.goto('/app/backend/client-errors');
  await expect(person.getByRole('table', { name: 'Browser errors by message' })).toHaveCount(0);

  const staff = await browser.newPage({ baseURL: BASE });
  await signIn(staff, 'support@ledgerport.local', '/app/backend/client-errors');
  await expect(staff.getByRole('heading', { level: 1, name: 'Browser Errors' })).toBeVisible();
  const table = staff.getByRole('table', { name: 'Browser errors by message' });
  for (const header of ['Message', 'Reports', 'Users', 'Last seen', 'Route', 'Release', 'Stack']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Error: Journey failure in the list' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row).toContainText('/app/settlements');
  await expect(row).toContainText('0.1.0');
  await expect(table.getByRole('row').filter({ hasText: 'Error: Journey rejection' })).toHaveCount(1);
  await row.getByText('Show the stack').click();
  await expect(row.getByText(/Journey failure in the list/).last()).toBeVisible();
  await saveScreenshot(staff, 'browser-errors-backend');
});
