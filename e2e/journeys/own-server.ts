/**
 * A journey file that needs data of its own starts the real server on its own port and a fresh data
 * folder (the embedded database, seeded with the demo data on start), and stops it after its tests.
 */
import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Registers beforeAll/afterAll hooks that run the server on 127.0.0.1:`port` over a new data folder
 * named after `name`, and returns its base URL. `prepare`, when given, runs first with the server's
 * environment and data folder (e.g. to seed extra accounts).
 */
export function useOwnServer(port: number, name: string, prepare?: (env: NodeJS.ProcessEnv, dataDir: string) => void): string {
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let log = '';
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dataDir = mkdtempSync(join(tmpdir(), `ledgerport-e2e-${name}-`));
    const env = { ...process.env, DATABASE_URL: '', PORT: String(port), LEDGERPORT_DATA_DIR: dataDir };
    prepare?.(env, dataDir);
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    for (let i = 0; i < 240; i++) {
      if (await fetch(`${base}/health`).then((r) => r.ok).catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`The journey's server did not start:\n${log}`);
  });
  test.afterAll(() => {
    if (server?.pid) process.kill(server.pid, 'SIGTERM');
  });
  return base;
}
