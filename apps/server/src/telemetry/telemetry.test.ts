/**
 * What an operator watches (issue 31): /metrics off without its token setting, refused without the
 * token, and a request histogram that grows by the requests made, labelled by route pattern and
 * status class; the request id answered, and carried into the jobs a request queues and their logs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../http/deps';
import type { JobHandler } from '../jobs/job-handler';
import { startJobs } from '../jobs/start-jobs';
import { startTestServer, type TestServer } from '../../test/test-app';
import { openTestDb, type TestDb } from '../../test/test-db';
import { runWithRequestId } from './request-context';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one sample line of the text format, 0 when the series is not there yet. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('/metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { processes: { role: 'all', workers: 1, metricsToken: TOKEN } } });
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a request without the token, or with another one, and says which setting holds it', async () => {
    for (const headers of [{}, bearer('not-the-token'), { authorization: TOKEN }, bearer(`${TOKEN}x`)]) {
      const res = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'auth.unauthenticated', httpStatusCode: 401, message: 'The metrics need the bearer token set in LEDGERPORT_METRICS_TOKEN.' });
      expect(res.body).not.toContain('ledgerport_');
    }
  });

  it('counts each request in the histogram of its route pattern and status class', async () => {
    const health = 'route="/health",method="GET",status_class="2xx"';
    const before = sample(await scrape(), 'ledgerport_http_request_duration_seconds_count', health);
    for (let i = 0; i < 3; i++) expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'ledgerport_http_request_duration_seconds_count', health)).toBe(before + 3);
    expect(sample(after, 'ledgerport_http_request_duration_seconds_bucket', `le="+Inf",${health}`)).toBe(before + 3);
  });

  it('labels a route with an id in its path by its pattern, never the raw URL', async () => {
    await server.app.inject({ method: 'GET', url: '/backend/account/acme-amazon-us-7f3a/reports' });
    const text = await scrape();
    expect(sample(text, 'ledgerport_http_request_duration_seconds_count', 'route="/backend/account/:accountKey/reports",method="GET",status_class="4xx"')).toBe(1);
    expect(text).not.toContain('acme-amazon-us-7f3a');
    await server.app.inject({ method: 'GET', url: '/no-such-page-91' });
    const unmatched = await scrape();
    expect(sample(unmatched, 'ledgerport_http_request_duration_seconds_count', 'route="(unmatched)",method="GET",status_class="4xx"')).toBe(1);
    expect(unmatched).not.toContain('no-such-page-91');
  });

  it('has the process, event loop, queue and pool series', async () => {
    const text = await scrape();
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'ledgerport_job_queue_depth', 'ledgerport_db_pool_connections', 'ledgerport_work_total', 'ledgerport_upload_bytes_total', 'ledgerport_job_duration_seconds']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('answers each request with its id, keeping a plain one a proxy gave and replacing anything else', async () => {
    const own = await server.app.inject({ method: 'GET', url: '/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await server.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'proxy-42.a' } });
    expect(kept.headers['x-request-id']).toBe('proxy-42.a');
    const replaced = await server.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id\u0007' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics without LEDGERPORT_METRICS_TOKEN', () => {
  it('is not there at all', async () => {
    const server = await startTestServer();
    try {
      const res = await server.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('ledgerport_');
    } finally {
      await server.close();
    }
  });
});

// pg-boss on the embedded database, as start-jobs.test.ts; the request id is pg-boss's job data on PostgreSQL alike.
describe.runIf(process.env.LEDGERPORT_TEST_DB !== 'postgres')('the request id follows the jobs', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb.close());

  it("is in the job's data and log lines, and in the jobs that job queues", async () => {
    const seen: { queue: string; data: Record<string, unknown> }[] = [];
    const lines: { message: string; fields: Record<string, unknown> | undefined }[] = [];
    const first: JobHandler = {
      queue: 'telemetry-test-first',
      async handle(data, deps, log) {
        seen.push({ queue: 'first', data });
        log.info('first ran');
        await deps.jobs.send('telemetry-test-second', { step: 2 });
      },
    };
    const second: JobHandler = { queue: 'telemetry-test-second', handle: (data) => Promise.resolve(void seen.push({ queue: 'second', data })) };
    const jobs = await startJobs(testDb.opened, { log: { info: (message, fields) => lines.push({ message, fields }), error: (message, fields) => lines.push({ message, fields }) }, handlers: [first, second], pollingIntervalSeconds: 0.5 });
    await jobs.startWorkers({ db: testDb.db, jobs } as unknown as Deps);
    try {
      await runWithRequestId('req-test-7', () => jobs.send('telemetry-test-first', { step: 1 }));
      for (const deadline = Date.now() + 20_000; seen.length < 2 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([
        { queue: 'first', data: { step: 1, requestId: 'req-test-7' } },
        { queue: 'second', data: { step: 2, requestId: 'req-test-7' } },
      ]);
      expect(lines.find((l) => l.message === 'first ran')?.fields).toMatchObject({ queue: 'telemetry-test-first', requestId: 'req-test-7' });
      expect(lines.find((l) => l.message === 'job telemetry-test-first completed')?.fields).toMatchObject({ requestId: 'req-test-7', durationMs: expect.any(Number) as unknown });
    } finally {
      await jobs.stop();
    }
  }, 40_000);
});
