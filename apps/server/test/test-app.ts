/**
 * A server over a fresh test database, with a movable clock and helpers to sign in as the demo users.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TokenSet } from '@ledgerport/contract';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { noMetrics } from '../src/telemetry/metrics';
import type { Jobs } from '../src/jobs/start-jobs';
import { loadChannelConfig } from '../src/config/channel-config';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { openTestDb, SEEDED_AT, type TestDb } from './test-db';
import { createMailRequestLimiter } from '../src/security/mail-request-limiter';
import { createMailer } from '../src/mail/mailer';
import type { Clock } from '../src/clock';

export interface TestClock {
  (): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createTestClock(start: Date = new Date(SEEDED_AT.getTime() + 21 * 24 * 3600_000)): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (date) => (now = date.getTime());
  clock.advance = (ms) => (now += ms);
  return clock;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent/ledgerport',
    dbDir: '/nonexistent/ledgerport/db',
    databaseUrl: undefined,
    preparedStatements: true,
    secret: 'test-secret-not-for-production',
    webDistDir: '/nonexistent/ledgerport-web-dist',
    signInAttemptsMax: 10,
    signInWindowMs: 10 * 60 * 1000,
    signInFailuresPerIpMax: 30,
    signInIpWindowMs: 15 * 60 * 1000,
    bodyLimitBytes: 1024 * 1024,
    logLevel: 'silent',
    uploadFileBytesMax: 5 * 1024 * 1024,
    uploadDir: path.join(os.tmpdir(), 'ledgerport-test-uploads'),
    channels: loadChannelConfig({}),
    mail: { smtpUrl: undefined, from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir: path.join(os.tmpdir(), 'ledgerport-test-outbox') },
    publicUrl: 'http://127.0.0.1:8070',
    signUpsPerIpMax: 10,
    mailRequestsPerIpMax: 20,
    mailRequestsPerEmailMax: 3,
    mailRequestWindowMs: 60 * 60 * 1000,
    demo: 'auto',
    identityProviders: [],
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  testDb: TestDb;
  clock: TestClock;
  signIn(email: string): Promise<TokenSet>;
  /** Signs in several demo users at once, in order. */
  signInAll<const T extends readonly string[]>(...emails: T): Promise<{ -readonly [K in keyof T]: TokenSet }>;
  close(): Promise<void>;
}

export async function startTestServer(options: { config?: Partial<Config>; testDb?: TestDb; jobs?: Jobs } = {}): Promise<TestServer> {
  const testDb = options.testDb ?? (await openTestDb());
  const clock = createTestClock();
  const app = await buildApp({ db: testDb.db, config: testConfig(options.config), clock, ...(options.jobs ? { jobs: options.jobs } : {}) });
  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email, password: DEMO_PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json<TokenSet>();
  };
  return {
    app,
    testDb,
    clock,
    signIn,
    async signInAll(...emails) {
      const sets: TokenSet[] = [];
      for (const email of emails) sets.push(await signIn(email));
      return sets as never;
    },
    async close() {
      await app.close();
      if (!options.testDb) await testDb.close();
    },
  };
}

/** Jobs that accept every job and run none: for tests of the routes alone, where a queued job must not fail the request. */
export function createDiscardingJobs(): Jobs {
  return { send: () => Promise.resolve('discarded'), startWorkers: () => Promise.resolve(), queueDepths: () => Promise.resolve([]), stop: () => Promise.resolve() };
}

export const bearer = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}` });

/** The mail parts of Deps for a test that assembles its own Deps: the default limits, mail into a temporary outbox (and metrics that count nothing). */
export function mailDepsForTests(clock: Clock) {
  const config = testConfig();
  return { mailRequestLimiter: createMailRequestLimiter(config, clock), mailer: createMailer(config.mail, () => undefined), metrics: noMetrics };
}
