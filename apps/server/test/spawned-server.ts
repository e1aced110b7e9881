/**
 * The real server PROCESS for fault tests: apps/server/src/main.ts spawned as `npm start` runs it, on
 * a database of its own (PostgreSQL when LEDGERPORT_TEST_DB=postgres: a new database in DATABASE_URL's
 * server; else a file-backed PGlite data folder, a copy of the seeded test template), so it can be
 * killed with SIGKILL and started again on the same data. Used by bulk-send-restart.test.ts and
 * import-crash-restart.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDb, type OpenedDb } from '@ledgerport/db';
import type { Mappings, TokenSet } from '@ledgerport/contract';
import { ensurePgliteTemplate } from './test-db';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const isPostgres = process.env.LEDGERPORT_TEST_DB === 'postgres';

export type Body = { payload: string | Buffer; headers: Record<string, string> };

export interface SpawnedServer {
  /** The data folder (LEDGERPORT_DATA_DIR): uploads/ and, on PGlite, db/. */
  dataDir: string;
  /** The server's own PostgreSQL database, '' on PGlite. */
  databaseUrl: string;
  /** Where the running process listens; throws when it is not running. */
  readonly base: string;
  /** Everything the processes printed, for failure messages. */
  output(): string;
  start(): Promise<void>;
  /** SIGKILL, and waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), and waits until the process is gone. */
  stop(): Promise<void>;
  /** Opens the server's database directly (PGlite: only while the server is stopped). */
  openDatabase(): Promise<OpenedDb>;
  call<T>(method: string, url: string, tokens: TokenSet | null, body?: Body): Promise<T>;
  /** Stops the server, drops its database and removes its data folder. */
  dispose(): Promise<void>;
}

export const asJson = (value: unknown): Body => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
export const asForm = (fields: [string, string][]): Body => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/**
 * `sharing`: another process on the same database and data folder (several processes, issue 31); its
 * dispose leaves them to the first server's.
 */
export async function createSpawnedServer(env: Record<string, string> = {}, sharing?: SpawnedServer): Promise<SpawnedServer> {
  const dataDir = sharing?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-fault-'));
  let databaseUrl = sharing?.databaseUrl ?? '';
  let adminDb: OpenedDb | undefined;
  if (sharing) {
    // The first server made them.
  } else if (isPostgres) {
    const name = `ledgerport_fault_${crypto.randomBytes(4).toString('hex')}`;
    adminDb = await openDb({ url: process.env.DATABASE_URL!, migrate: false, poolSize: 1 });
    await sql`create database ${sql.id(name)}`.execute(adminDb.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else {
    fs.cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
  }
  let output = '';
  let running: { child: ChildProcess; base: string; exited: Promise<void> } | undefined;

  /** Spawns main.ts and resolves once it prints where it listens (PORT=0: any free port). */
  function start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        LEDGERPORT_DATA_DIR: dataDir,
        LEDGERPORT_SECRET: 'fault-test-secret',
        LEDGERPORT_WEB_DIST: path.join(dataDir, 'no-web'),
        LEDGERPORT_LOG_LEVEL: 'warn',
        // The fault tests sign the demo users in, on PostgreSQL too, where demo data loads only when asked (decision 0057).
        LEDGERPORT_DEMO: 'on',
        // One process per spawned server (PostgreSQL's default is a cluster): the kill hits what the test means.
        LEDGERPORT_WORKERS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const from = output.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        // A job worker (LEDGERPORT_ROLE=worker) serves only /health and /metrics.
        const started = output.slice(from);
        const base = /Ledgerport is running at (http:\/\/\S+?)\/app\//.exec(started)?.[1] ?? /Ledgerport job worker is running .*? at (http:\/\/[^\s)]+)\)/.exec(started)?.[1];
        if (base) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
          running = { child, base, exited };
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
  }

  async function end(signal: NodeJS.Signals): Promise<void> {
    if (!running) return;
    const { child, exited } = running;
    running = undefined;
    child.kill(signal);
    await exited;
  }

  const server: SpawnedServer = {
    dataDir,
    databaseUrl,
    get base() {
      if (!running) throw new Error('the server is not running');
      return running.base;
    },
    output: () => output,
    start,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    openDatabase: () => openDb(databaseUrl ? { url: databaseUrl, migrate: false, poolSize: 1 } : { dataDir: path.join(dataDir, 'db'), migrate: false }),
    async call<T>(method: string, url: string, tokens: TokenSet | null, body?: Body): Promise<T> {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}), ...(body?.headers ?? {}) },
        body: body?.payload,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async dispose() {
      await end('SIGTERM');
      if (sharing) return;
      if (adminDb) {
        await sql`drop database if exists ${sql.id(new URL(databaseUrl).pathname.slice(1))} with (force)`.execute(adminDb.db);
        await adminDb.close();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Reads until isDone holds; the failure names what it waited for and shows the server's last output. */
export async function poll<T>(server: SpawnedServer, read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs: number, everyMs = 250): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}\n${server.output().slice(-3000)}`);
}

export const signIn = (server: SpawnedServer) => server.call<TokenSet>('POST', '/oauth/login', null, asJson({ email: 'demo@ledgerport.local', password: 'ledgerport-demo' }));

/**
 * Signed in again after a restart as a browser would be: the refresh token rotated (sessions outlive
 * the process), not a new sign-in (ten sign-ins in ten minutes meet the sign-in limit); a sign-in
 * only when the refresh is refused.
 */
export async function signedInAgain(server: SpawnedServer, tokens: TokenSet): Promise<TokenSet> {
  try {
    return await server.call<TokenSet>('POST', '/oauth/refresh', null, asJson({ refreshToken: tokens.refreshToken }));
  } catch {
    return signIn(server);
  }
}

/** The OAuth round trip through the local Xero's consent, as the web's /cb page does it. */
export async function connectXero(server: SpawnedServer, tokens: TokenSet, accountKey: string): Promise<void> {
  const { authorizeUrl } = await server.call<{ authorizeUrl: string }>('POST', '/accounting/connect', tokens, asJson({ accountKey, system: 'XERO' }));
  const authorize = new URL(authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  await server.call('POST', '/accounting/callback', tokens, asJson({ system: 'XERO', query: Object.fromEntries(back.searchParams) }));
}

/** Maps whatever the connected Xero chart left unmapped (tax to 820, the rest to 405). */
export async function completeMappings(server: SpawnedServer, tokens: TokenSet, accountKey: string): Promise<void> {
  const mappings = await server.call<Mappings>('GET', `/mappings?accountKey=${accountKey}`, tokens);
  const entries = mappings.rows.filter((r) => r.isUnmapped).map((r) => ({ channel: 'AMAZON', typeKey: r.typeKey, accountCode: /tax/i.test(r.typeKey) ? '820' : '405', taxRateCode: 'NONE' }));
  if (entries.length > 0) await server.call('PUT', `/mappings?accountKey=${accountKey}`, tokens, asJson({ entries }));
}
