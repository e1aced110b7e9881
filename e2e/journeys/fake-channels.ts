/**
 * A journey's own local channel APIs (Amazon SP-API and Shopify, packages/integrations' fakes) on
 * ports of its own, started before its tests and stopped after them; and the server settings that
 * point Amazon at them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test } from '@playwright/test';
import { REPO_ROOT } from './own-server';

export function useFakeChannels(amazonPort: number, shopifyPort: number, options: { amazonEuPort?: number } = {}): { amazonUrl: string; amazonEuUrl: string | null; pointAmazonAt: (env: NodeJS.ProcessEnv) => void } {
  const amazonUrl = `http://127.0.0.1:${amazonPort}`;
  // Amazon's Europe SP-API on a port of its own (issue 28): the app reaches it by LEDGERPORT_AMAZON_API_URL_EU.
  const amazonEuUrl = options.amazonEuPort ? `http://127.0.0.1:${options.amazonEuPort}` : null;
  let fakes: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fakes = spawn(process.execPath, ['--import', 'tsx', 'packages/integrations/src/testing/serve-fake-channels.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, FAKE_AMAZON_PORT: String(amazonPort), FAKE_SHOPIFY_PORT: String(shopifyPort), ...(options.amazonEuPort ? { FAKE_AMAZON_EU_PORT: String(options.amazonEuPort) } : {}), FAKE_CLIENT_ID: 'e2e-client', FAKE_CLIENT_SECRET: 'e2e-secret' },
      stdio: 'ignore',
    });
    for (let i = 0; i < 120; i++) {
      const isUp = (url: string | null) => (url ? fetch(`${url}/__control/health`).then((r) => r.ok).catch(() => false) : Promise.resolve(true));
      if ((await isUp(amazonUrl)) && (await isUp(amazonEuUrl))) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('The local Amazon SP-API did not start.');
  });
  test.afterAll(() => {
    if (fakes?.pid) process.kill(fakes.pid, 'SIGTERM');
  });
  const pointAmazonAt = (env: NodeJS.ProcessEnv) => {
    env.LEDGERPORT_AMAZON_API_URL = amazonUrl;
    env.LEDGERPORT_AMAZON_TOKEN_URL = `${amazonUrl}/auth/o2/token`;
    env.LEDGERPORT_AMAZON_CONSENT_URL = `${amazonUrl}/apps/authorize/consent`;
    env.LEDGERPORT_AMAZON_CLIENT_ID = 'e2e-client';
    env.LEDGERPORT_AMAZON_CLIENT_SECRET = 'e2e-secret';
    if (amazonEuUrl) {
      env.LEDGERPORT_AMAZON_API_URL_EU = amazonEuUrl;
      env.LEDGERPORT_AMAZON_CONSENT_URL_EU = `${amazonEuUrl}/apps/authorize/consent`;
    }
  };
  return { amazonUrl, amazonEuUrl, pointAmazonAt };
}

/**
 * A journey's own local accounting systems (packages/integrations/src/testing/serve-vendors.ts: Xero,
 * QuickBooks Online, Sage, NetSuite) on a port of its own, started before its tests and stopped after
 * them; point the app at the returned URL with LEDGERPORT_ACCOUNTING_VENDOR_URL.
 */
export function useLocalVendors(port: number): string {
  const url = `http://127.0.0.1:${port}`;
  let vendors: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    vendors = spawn(process.execPath, ['--import', 'tsx', 'packages/integrations/src/testing/serve-vendors.ts', String(port)], { cwd: REPO_ROOT, stdio: 'ignore' });
    for (let i = 0; i < 240; i++) {
      if (await fetch(`${url}/_fake/documents`).then((r) => r.ok).catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('The local accounting systems did not start.');
  });
  test.afterAll(() => {
    if (vendors?.pid) process.kill(vendors.pid, 'SIGTERM');
  });
  return url;
}
