/**
 * Issue 26, "The demo works end to end": a server started like `npm start` with the demo data runs the
 * project's local QuickBooks Online, Xero, Sage and NetSuite sandboxes beside it (decision 0056), and
 * the demo accounts are connected to them. demo@ sends one Amazon CA settlement to the QuickBooks
 * sandbox and one Shopify payout (with gift cards sold) to the Xero sandbox: both show Posted, every
 * screen names the sandbox as one on this machine, and the posted document opens in the sandbox.
 * Its own server on port 9101 (any free port for the sandboxes).
 */
import { expect, test, type Page } from '@playwright/test';
import { useOwnServer } from './own-server';
import { sendSettlement } from './built-in-ledger-steps';
import { postedToSandbox } from './settlement-steps';
import { saveScreenshot, signIn, switchTo } from './sign-in';

const BASE = useOwnServer(9101, 'demo-send', (env) => {
  env.LEDGERPORT_DEMO = 'on';
  env.LEDGERPORT_DEMO_SANDBOX_PORT = '0';
});

async function sendAndExpectPosted(page: Page, settlementId: string, system: string): Promise<string> {
  await sendSettlement(page, BASE, settlementId);
  return postedToSandbox(page, system);
}

test('demo@ sends to the QuickBooks and Xero sandboxes on this machine, and both post', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
  // Home says what Connections says: the QuickBooks sandbox is connected; Amazon (no connection) is not.
  const steps = page.getByRole('list', { name: 'Onboarding steps' });
  await expect(steps.getByText('QuickBooks Online (sandbox on this machine) is connected', { exact: false })).toBeVisible();
  await expect(steps.getByText('Connect Amazon so its settlements reach Ledgerport.')).toBeVisible();
  await saveScreenshot(page, 'demo-send-01-home');
  await page.goto(`${BASE}/app/account-settings/connections`);
  const connections = page.getByRole('table', { name: 'Connections' });
  await expect(connections.getByRole('row', { name: /QuickBooks Online \(sandbox on this machine\)/ }).getByText('Connected', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'demo-send-02-connections');

  // Acme Outdoor US's settlement has a type no catalogue knows (it waits for a mapping); Acme Outdoor CA's is ready.
  await page.goto(`${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor CA');
  const qboHref = await sendAndExpectPosted(page, '50034020328', 'QuickBooks Online');
  await saveScreenshot(page, 'demo-send-03-qbo-posted');
  const qboPage = await context.newPage();
  await qboPage.goto(qboHref);
  await expect(qboPage.getByRole('heading', { name: 'QuickBooks Online (sandbox on this machine)' })).toBeVisible();
  await expect(qboPage.getByRole('note')).toContainText('not a real company file');
  await saveScreenshot(qboPage, 'demo-send-04-qbo-sandbox-document');
  await qboPage.close();

  // A fresh page: the queued toast must not sit over the account menu.
  await page.goto(`${BASE}/app/admin`);
  await switchTo(page, 'Acme Outdoor Shop');
  const xeroHref = await sendAndExpectPosted(page, '2026-02-05', 'Xero');
  await saveScreenshot(page, 'demo-send-05-xero-posted');
  const xeroPage = await context.newPage();
  await xeroPage.goto(xeroHref);
  await expect(xeroPage.getByRole('heading', { name: 'Xero (sandbox on this machine)' })).toBeVisible();
  // The gift cards sold went to the liability account, not to an expense.
  await expect(xeroPage.getByLabel('Document body')).toContainText('SHPGC');
  await saveScreenshot(xeroPage, 'demo-send-06-xero-sandbox-document');
});
