/**
 * The set-up of a billing journey: the fake Stripe (packages/integrations/src/testing/fake-stripe) on
 * its own port, and the journey's own server with Stripe keys pointing at it, over the demo data
 * changed by `seedChanges` (lines of TypeScript run against `opened.db` right after seeding).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { REPO_ROOT, useOwnServer } from './own-server';

export interface BillingServer {
  base: string;
  stripeUrl: string;
  vendorUrl?: string;
}

export function useBillingServer(options: {
  port: number;
  stripePort: number;
  name: string;
  keySuffix: string;
  seedChanges: string;
  /** Also runs the local accounting systems (packages/integrations/src/testing/serve-vendors.ts) there, for the app to connect to. */
  vendorPort?: number;
}): BillingServer {
  const stripeUrl = `http://127.0.0.1:${options.stripePort}`;
  const vendorUrl = options.vendorPort ? `http://127.0.0.1:${options.vendorPort}` : undefined;
  const keys = { FAKE_STRIPE_SECRET_KEY: `sk_test_${options.keySuffix}`, FAKE_STRIPE_WEBHOOK_SECRET: `whsec_${options.keySuffix}` };
  let fakeStripe: ChildProcess | undefined;
  let vendors: ChildProcess | undefined;
  // Registered before useOwnServer's hooks, so Stripe (and the vendors) answer before the app starts.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (options.vendorPort) {
      vendors = spawn(process.execPath, ['--import', 'tsx', 'packages/integrations/src/testing/serve-vendors.ts', String(options.vendorPort)], { cwd: REPO_ROOT, env: process.env, stdio: 'ignore' });
      await waitUntilUp(`${vendorUrl}/_fake/documents`, 'The local accounting systems did not start.');
    }
    fakeStripe = spawn(process.execPath, ['--import', 'tsx', 'packages/integrations/src/testing/fake-stripe/serve-fake-stripe.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...keys, FAKE_STRIPE_PORT: String(options.stripePort), FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${options.port}/webhooks/stripe` },
      stdio: 'ignore',
    });
    await waitUntilUp(`${stripeUrl}/__control/health`, 'The fake Stripe did not start.');
  });
  test.afterAll(() => {
    for (const child of [fakeStripe, vendors]) if (child?.pid) process.kill(child.pid, 'SIGTERM');
  });
  const base = useOwnServer(options.port, options.name, (env, dataDir) => {
    env.LEDGERPORT_STRIPE_SECRET_KEY = keys.FAKE_STRIPE_SECRET_KEY;
    env.LEDGERPORT_STRIPE_WEBHOOK_SECRET = keys.FAKE_STRIPE_WEBHOOK_SECRET;
    env.LEDGERPORT_STRIPE_API_URL = stripeUrl;
    if (vendorUrl) env.LEDGERPORT_ACCOUNTING_VENDOR_URL = vendorUrl;
    const script = join(dataDir, 'prepare.mts');
    writeFileSync(script, prepareScript(options.seedChanges));
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, env, stdio: 'pipe' });
  });
  return { base, stripeUrl, ...(vendorUrl ? { vendorUrl } : {}) };
}

async function waitUntilUp(url: string, failure: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (await fetch(url).then((r) => r.status < 500).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(failure);
}

function prepareScript(seedChanges: string): string {
  const src = (p: string) => JSON.stringify(join(REPO_ROOT, p));
  return `
import { openDb } from ${src('packages/db/src/index.ts')};
import { loadConfig } from ${src('apps/server/src/config/index.ts')};
import { seedDemoData } from ${src('apps/server/src/seed/seed-demo-data.ts')};
const config = loadConfig();
const opened = await openDb({ dataDir: config.dbDir });
await seedDemoData(opened.db, new Date());
${seedChanges}
await opened.close();
`;
}
