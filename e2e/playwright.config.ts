/**
 * End-to-end journeys in Debian's Chromium against the real server and the built web app
 * (`npm run build` first). The server gets a fresh temporary data folder, so every run starts from
 * the seeded demo data, and port 8171 so it never clashes with a dev server on 8070.
 */
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
// LEDGERPORT_E2E_PORT moves the shared server and its two fakes (to PORT+10 and PORT+11), so two
// checkouts on one machine can run journeys at once; CI and a plain run use 8171, 8181 and 8182.
const PORT = Number(process.env.LEDGERPORT_E2E_PORT ?? 8171);
// LEDGERPORT_E2E_FAKE_PORT puts the two fakes on it and the next port instead, to keep a run inside a range of ten.
const FAKE_PORT = process.env.LEDGERPORT_E2E_FAKE_PORT ? Number(process.env.LEDGERPORT_E2E_FAKE_PORT) : undefined;
const FAKE_AMAZON_PORT = FAKE_PORT ?? (PORT === 8171 ? 8181 : PORT + 10);
const FAKE_SHOPIFY_PORT = FAKE_PORT !== undefined ? FAKE_PORT + 1 : PORT === 8171 ? 8182 : PORT + 11;
const baseURL = `http://127.0.0.1:${PORT}`;
export const FAKE_AMAZON_URL = `http://127.0.0.1:${FAKE_AMAZON_PORT}`;
export const FAKE_SHOPIFY_URL = `http://127.0.0.1:${FAKE_SHOPIFY_PORT}`;
// Journeys that call the local Amazon themselves (a revoked token) read where it is from here.
process.env.LEDGERPORT_E2E_FAKE_AMAZON_URL = FAKE_AMAZON_URL;
/** The app's channel base URLs point at the local fakes (channel-connections/channel-config.ts). */
const FAKE_CHANNEL_ENV = {
  LEDGERPORT_AMAZON_API_URL: FAKE_AMAZON_URL,
  LEDGERPORT_AMAZON_TOKEN_URL: `${FAKE_AMAZON_URL}/auth/o2/token`,
  LEDGERPORT_AMAZON_CONSENT_URL: `${FAKE_AMAZON_URL}/apps/authorize/consent`,
  LEDGERPORT_AMAZON_CLIENT_ID: 'e2e-client',
  LEDGERPORT_AMAZON_CLIENT_SECRET: 'e2e-secret',
  LEDGERPORT_SHOPIFY_SHOP_URL: FAKE_SHOPIFY_URL,
  LEDGERPORT_SHOPIFY_CLIENT_ID: 'e2e-client',
  LEDGERPORT_SHOPIFY_CLIENT_SECRET: 'e2e-secret',
  LEDGERPORT_CHANNEL_FETCH_INTERVAL_MINUTES: '1',
};

/**
 * Every journey on the shared server signs the demo users in again, from one IP: the real limit of 10
 * sign-ins per email and IP in ten minutes would refuse the later journeys of a run. The limit itself is
 * tested by the server's sign-in tests.
 */
const SHARED_SERVER_ENV = { LEDGERPORT_SIGN_IN_ATTEMPTS_MAX: '200' };

export default defineConfig({
  testDir: './journeys',
  outputDir: join(root, 'test-results'),
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 860 } } }],
  webServer: [
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // DATABASE_URL is emptied so the journeys always run on the embedded database, even in CI.
      env: { DATABASE_URL: '', PORT: String(PORT), LEDGERPORT_DATA_DIR: mkdtempSync(join(tmpdir(), 'ledgerport-e2e-')), ...FAKE_CHANNEL_ENV, ...SHARED_SERVER_ENV },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Local Amazon SP-API and Shopify (packages/integrations/src/testing/serve-fake-channels.ts).
    {
      command: 'node --import tsx packages/integrations/src/testing/serve-fake-channels.ts',
      cwd: root,
      url: `${FAKE_AMAZON_URL}/__control/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { FAKE_AMAZON_PORT: String(FAKE_AMAZON_PORT), FAKE_SHOPIFY_PORT: String(FAKE_SHOPIFY_PORT), FAKE_CLIENT_ID: 'e2e-client', FAKE_CLIENT_SECRET: 'e2e-secret' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
