/**
 * What the browser benchmarks share (`npm run bench -- web`, web.ts, and `-- web --routes`,
 * web-routes.ts): the built web app, Debian's Chromium launched as the journeys launch it, the real
 * server in a child process over a new embedded database with the demo data, and signing in through
 * the real sign-in page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { isWebBuilt } from './first-load-js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEMO_PASSWORD = 'ledgerport-demo';

/** As in e2e/playwright.config.ts. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Builds the web app (npm run build) when apps/web/dist has no manifest. */
export function ensureWebBuilt(): void {
  if (isWebBuilt()) return;
  console.log('web: apps/web/dist has no manifest; building it once (npm run build)');
  const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** Debian's Chromium, headless, with the journeys' flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/**
 * Starts the real server (apps/server/src/main.ts) in a child process on 127.0.0.1:`port` over the
 * embedded database in `dataDir` (a new folder unless given: the server loads the demo data into it).
 */
export async function startServer(port: number, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-bench-web-'))): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATABASE_URL: '', PORT: String(port), LEDGERPORT_DATA_DIR: dataDir };
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) break;
    if (await fetch(`${base}/health`).then((r) => r.ok).catch(() => false)) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not start on port ${port}:\n${log}`);
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs in through the real sign-in page, as the journeys do, on the way to /app/settlements, and
 * keeps the browser storage it leaves once `shown` (a selector) is on screen.
 */
export async function signIn(browser: Browser, base: string, email: string, password: string, shown: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 860 } });
  try {
    const page = await context.newPage();
    await page.goto('/app/settlements');
    await page.waitForURL(/\/app\/login\?continue=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator(shown).first().waitFor({ timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
