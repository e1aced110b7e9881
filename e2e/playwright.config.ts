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
const PORT = 8171;
const baseURL = `http://127.0.0.1:${PORT}`;

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
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // DATABASE_URL is emptied so the journeys always run on the embedded database, even in CI.
    env: { DATABASE_URL: '', PORT: String(PORT), LEDGERPORT_DATA_DIR: mkdtempSync(join(tmpdir(), 'ledgerport-e2e-')) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
