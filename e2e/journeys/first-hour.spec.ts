/**
 * Issue 26, "Done means": the first hour of a self-hoster, billing off (no Stripe key), in Chromium.
 * 1. A server started empty (LEDGERPORT_DEMO=off, port 9301): a stranger signs up and is the
 *    instance's administrator; they make an account on the built-in ledger registered for VAT in
 *    Germany, upload the Amazon.de settlement, map its sales with VAT 19%, send it, read its history,
 *    find it by its deposit (53.44), and export hledger: `hledger check` passes.
 * 2. A demo server as `npm start` loads it (port 9302): demo@ sends one settlement to the QuickBooks
 *    sandbox and one to the Xero sandbox, and both show Posted.
 * 3. On the same demo server, viewer@ finds no enabled control that changes something on Mapping,
 *    Costs, each Account Settings tab and a settlement's detail.
 * The steps are the other journeys' (built-in-ledger-steps, self-hosted-steps, settlement-steps,
 * view-only-steps); this file only puts them in order.
 */
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/smtp-sink';
import {
  createBuiltInLedgerAccount,
  downloadLedgerExport,
  finishAssistedSetupVatRegistered,
  GERMAN_AMAZON_FIXTURE,
  hledgerCheck,
  mapLine,
  sendSettlement,
  uploadSettlementFile,
} from './built-in-ledger-steps';
import { useOwnServer } from './own-server';
import { signUpAndVerify } from './self-hosted-steps';
import { postedToSandbox, searchSettlements, settlementHistory } from './settlement-steps';
import { saveScreenshot, signIn, switchTo } from './sign-in';
import { visitEach } from './view-only-steps';

function billingOff(env: NodeJS.ProcessEnv): void {
  delete env.LEDGERPORT_STRIPE_SECRET_KEY;
  delete env.LEDGERPORT_STRIPE_WEBHOOK_SECRET;
}

test.describe('an instance started empty', () => {
  const PORT = 9301;
  let sink: SmtpSink | undefined;
  test.beforeAll(async () => {
    sink = await startSmtpSink(0);
  });
  test.afterAll(async () => {
    await sink?.close();
  });
  const BASE = useOwnServer(PORT, 'first-hour-empty', (env) => {
    billingOff(env);
    env.LEDGERPORT_DEMO = 'off';
    env.LEDGERPORT_SMTP_URL = `smtp://127.0.0.1:${sink!.port}`;
    env.LEDGERPORT_PUBLIC_URL = `http://127.0.0.1:${PORT}`;
  });

  test('a stranger signs up, administers the instance, posts a German settlement with VAT to the built-in ledger, finds it by its amount and exports a journal hledger accepts', async ({ page }) => {
    test.setTimeout(300_000);
    await signUpAndVerify(page, BASE, sink!, { email: 'stranger@example.org', name: 'Sol Stranger', password: 'quiet-meadow-58' });
    await expect(page.getByRole('heading', { name: 'Welcome to Ledgerport' })).toBeVisible();

    // An account on the built-in ledger (from the welcome page: the app's frame, the backend area's
    // included, opens once the person has an account).
    await createBuiltInLedgerAccount(page, 'Sol Bücher');

    // The first sign-up administers the instance.
    await page.goto(`${BASE}/app/backend`);
    await expect(page).toHaveTitle(/Backend \| Ledgerport$/);
    await expect(page.getByRole('link', { name: 'Inconsistent settlements' })).toBeVisible();
    await saveScreenshot(page, 'first-hour-1-backend');

    // The assisted setup registers the account for VAT in Germany.
    await page.goto(`${BASE}/app/admin`);
    const applied = await finishAssistedSetupVatRegistered(page, 'Germany (VAT)');
    await expect(applied).toContainText('You are registered for VAT in Germany.');
    await saveScreenshot(page, 'first-hour-2-assisted-setup');

    // Upload, map the sales with VAT 19%, send; the history says who sent it and when.
    await uploadSettlementFile(page, BASE, GERMAN_AMAZON_FIXTURE);
    await mapLine(page, BASE, 'Amazon Sales - Principal', { taxRate: 'VAT 19% (VAT19)' });
    await sendSettlement(page, BASE, '7293436482');
    await expect(page.getByText('VAT 19% included in the lines above').first()).toBeVisible();
    const history = await settlementHistory(page, ['imported', 'sent', 'posted']);
    await expect(history.locator('[data-kind="sent"]').first()).toContainText(/Sol Stranger · .*\d/);
    await expect(history.locator('[data-kind="posted"]').first()).toContainText(/· .*\d/);
    await history.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'first-hour-3-posted-history');

    // Found by its deposit, as the bank statement prints it.
    await page.goto(`${BASE}/app/settlements`);
    await searchSettlements(page, '53.44');
    await expect(page.getByText('1 settlement matches')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Settlements' }).getByRole('link', { name: 'Open settlement 7293436482' })).toBeVisible();
    await saveScreenshot(page, 'first-hour-4-found-by-amount');

    // The hledger export passes hledger check.
    const journal = await downloadLedgerExport(page, BASE, 'hledger journal');
    expect(journal).toContain('Liabilities:VAT');
    hledgerCheck(journal);
  });
});

test.describe.serial('the demo, as npm start loads it', () => {
  const BASE = useOwnServer(9302, 'first-hour-demo', (env) => {
    billingOff(env);
    env.LEDGERPORT_DEMO = 'on';
    env.LEDGERPORT_DEMO_SANDBOX_PORT = '0';
  });

  test('demo@ sends one settlement to the QuickBooks sandbox and one to the Xero sandbox; both post', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'demo@ledgerport.local', `${BASE}/app/admin`);
    await switchTo(page, 'Acme Outdoor CA');
    await sendSettlement(page, BASE, '50034020328');
    await postedToSandbox(page, 'QuickBooks Online');
    await saveScreenshot(page, 'first-hour-5-qbo-posted');
    await page.goto(`${BASE}/app/admin`);
    await switchTo(page, 'Acme Outdoor Shop');
    await sendSettlement(page, BASE, '2026-02-05');
    await postedToSandbox(page, 'Xero');
    await saveScreenshot(page, 'first-hour-6-xero-posted');
  });

  test('viewer@ finds no enabled control that changes something', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'viewer@ledgerport.local', `${BASE}/app/settlements`);
    const pages: string[] = [];
    await visitEach(
      page,
      (where, changes) => {
        pages.push(where);
        expect(changes, `enabled controls that change something on ${where}`).toEqual([]);
      },
      BASE,
    );
    expect(pages).toEqual(expect.arrayContaining(['/app/mapping', '/app/cost-admin', 'Settings > Account', 'settlement detail']));
    await saveScreenshot(page, 'first-hour-7-viewer-settlement');
  });
});
