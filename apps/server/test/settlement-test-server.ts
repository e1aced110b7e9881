/**
 * Test support for the settlement features: a server over a fresh test database WITH background jobs
 * (pg-boss on PGlite, or its own pg-boss schema on PostgreSQL), multipart and form bodies, and a
 * wait for queued work.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import type { SettlementImport, TokenSet } from '@ledgerport/contract';
import { buildApp } from '../src/app';
import { startJobs, type Jobs } from '../src/jobs/start-jobs';
import { jobHandlers } from '../src/job-registry';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { bearer, createTestClock, testConfig, type TestClock } from './test-app';
import { openTestDb, type TestDb } from './test-db';
import type { Config } from '../src/config';
import type { AccountingPortResolver } from '../src/http/accounting-port-resolver';
import type { ChannelReportFetcher } from '../src/http/channel-report-fetcher';

const here = path.dirname(fileURLToPath(import.meta.url));
export const coreFixture = (channel: string, name: string) => path.resolve(here, `../../../packages/core/src/channels/${channel}/__fixtures__/${name}`);

export interface SettlementTestServer {
  app: FastifyInstance;
  testDb: TestDb;
  clock: TestClock;
  jobs: Jobs;
  /** Where this server's uploads wait for their import job. */
  uploadDir: string;
  /** pg-boss's schema: pgboss on PGlite, one per server on PostgreSQL. */
  bossSchema: string;
  signIn(email: string): Promise<TokenSet>;
  close(): Promise<void>;
}

export async function startSettlementTestServer(
  options: {
    config?: Partial<Config>;
    resolveAccountingPort?: AccountingPortResolver;
    fetchChannelReport?: ChannelReportFetcher;
    /** Kysely plugins on the app's handle (distribution.test.ts records the SQL the app runs). */
    plugins?: KyselyPlugin[];
  } = {},
): Promise<SettlementTestServer> {
  const testDb = await openTestDb();
  const appDb = (options.plugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), testDb.db);
  const clock = createTestClock();
  const bossSchema = `boss_${crypto.randomBytes(4).toString('hex')}`;
  const jobs = await startJobs(testDb.opened, {
    databaseUrl: process.env.DATABASE_URL,
    bossSchema,
    log: { info: () => undefined, error: () => undefined },
    pollingIntervalSeconds: 0.5,
    handlers: jobHandlers,
  });
  const uploadDir = fs.mkdtempSync(path.join(testConfig().uploadDir + '-'));
  const app = await buildApp({
    db: appDb,
    config: testConfig({ uploadDir, ...options.config }),
    clock,
    jobs,
    ...(options.resolveAccountingPort ? { resolveAccountingPort: options.resolveAccountingPort } : {}),
    ...(options.fetchChannelReport ? { fetchChannelReport: options.fetchChannelReport } : {}),
  });
  return {
    app,
    testDb,
    clock,
    jobs,
    uploadDir,
    bossSchema: testDb.kind === 'postgres' ? bossSchema : 'pgboss',
    async signIn(email) {
      const res = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
      return res.json<TokenSet>();
    },
    async close() {
      await app.close();
      await jobs.stop();
      if (testDb.kind === 'postgres') await sql`drop schema if exists ${sql.id(bossSchema)} cascade`.execute(testDb.db);
      await testDb.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

export function multipart(files: { name: string; content: Buffer | string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ledgerport${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: text/plain\r\n\r\n`));
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(server: SettlementTestServer, tokens: TokenSet, accountKey: string, files: { name: string; content: Buffer | string }[], query = '') {
  const body = multipart(files);
  return server.app.inject({ method: 'POST', url: `/settlement-import?accountKey=${accountKey}${query}`, payload: body.payload, headers: { ...body.headers, ...bearer(tokens) } });
}

/** Polls an upload until every file is done (the import job ran). */
export async function waitForImport(server: SettlementTestServer, tokens: TokenSet, importId: string): Promise<SettlementImport> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const res = await server.app.inject({ method: 'GET', url: `/settlement-import?importId=${importId}`, headers: bearer(tokens) });
    const imp = res.json<SettlementImport>();
    if (imp.status === 'DONE') return imp;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`import ${importId} did not finish in 30 s`);
}

/** Polls until a condition on the database holds (queued sends). */
export async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const form = (fields: [string, string][]) => ({
  payload: fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
