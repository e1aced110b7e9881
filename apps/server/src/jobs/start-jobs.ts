/**
 * Background jobs (pg-boss 12): over the same PGlite instance (fromPglite) or the same PostgreSQL
 * database. Every queue and worker comes from the handlers it is given: the server's one list is
 * job-registry.ts (the composition).
 *
 * Two steps, because handlers need the server's Deps and the server's routes need to send jobs:
 * `startJobs` starts pg-boss and creates every queue (routes can send from then on);
 * `startWorkers(deps)` (called by buildApp) begins working them.
 *
 * pg-boss caches queue metadata on first use; on PGlite that first lookup must not happen inside an
 * application transaction (it would wait for the single connection the transaction holds, forever),
 * so every queue is created and looked up once here, at boot, and routes send only outside transactions.
 */
import { fromPglite, PgBoss } from 'pg-boss';
import type { OpenedDb } from '@ledgerport/db';
import type { Deps } from '../http/deps';
import type { JobHandler, JobLog } from './job-handler';
import type { JobSender, SendJobOptions } from '../http/job-sender';
import { noMetrics, type Metrics, type QueueDepth } from '../telemetry/metrics';
import { currentRequestId, runWithRequestId } from '../telemetry/request-context';

export type { JobLog } from './job-handler';

export interface Jobs extends JobSender {
  startWorkers(deps: Deps): Promise<void>;
  /** Jobs waiting and running per queue (pg-boss's counts, refreshed by its monitor every few seconds). */
  queueDepths(): Promise<QueueDepth[]>;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  databaseUrl?: string | undefined;
  log: JobLog;
  /** PostgreSQL: pg-boss's own schema (tests use one per file). Default 'pgboss'. */
  bossSchema?: string;
  /** The handlers to run: the server passes every handler of job-registry.ts; a test may pass fewer. */
  handlers: readonly JobHandler<never>[];
  /** Seconds between polls of each queue (default 1; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Where job durations are recorded (default: nowhere). */
  metrics?: Metrics;
}

/**
 * How often pg-boss looks for jobs whose worker died (expired, or silent past their heartbeat).
 * Its default is 60 s; a killed process's send would then wait up to two minutes to resume.
 */
const SUPERVISE_INTERVAL_SECONDS = 10;

export async function startJobs(opened: OpenedDb, options: StartJobsOptions): Promise<Jobs> {
  const { log } = options;
  const handlers = options.handlers as readonly JobHandler<Record<string, unknown>>[];
  const supervision = { superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS, monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS };
  const boss = opened.pglite
    ? new PgBoss({ db: fromPglite(opened.pglite), ...supervision })
    : new PgBoss({ connectionString: options.databaseUrl ?? '', max: 3, ...supervision, ...(options.bossSchema ? { schema: options.bossSchema } : {}) });
  boss.on('error', (error: Error) => log.error(`background jobs: ${error.message}`));
  await boss.start();
  for (const h of handlers) {
    await boss.createQueue(h.queue, {
      retryLimit: h.retryLimit ?? 2,
      retryDelay: h.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: h.expireInSeconds ?? 900,
      ...(h.heartbeatSeconds ? { heartbeatSeconds: h.heartbeatSeconds } : {}),
    });
    // createQueue leaves an existing queue as it was: a database made before the heartbeat or a change
    // of retries gets them here.
    if (h.heartbeatSeconds) await boss.updateQueue(h.queue, { heartbeatSeconds: h.heartbeatSeconds });
    await boss.updateQueue(h.queue, { retryLimit: h.retryLimit ?? 2, retryDelay: h.retryDelaySeconds ?? 5, expireInSeconds: h.expireInSeconds ?? 900 });
    // Warms pg-boss's queue cache outside any transaction.
    await boss.getQueue(h.queue);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const metrics = options.metrics ?? noMetrics;
  let isStopped = false;
  return {
    // The request (or job) queueing it gives the job its request id, so its log lines can be found by it.
    send: (queue: string, data: Record<string, unknown>, sendOptions: SendJobOptions = {}) =>
      boss.send(queue, withRequestId(data), {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      }),
    async countPending(queue: string, singletonKey: string) {
      const found = await boss.findJobs(queue, { key: singletonKey });
      return found.filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active').length;
    },
    async startWorkers(deps: Deps) {
      // Real time, not deps.clock: start-up jobs compare it with files' modification times.
      const startedAt = new Date().toISOString();
      for (const h of handlers) {
        for (let i = 0; i < (h.concurrency ?? 1); i++) {
          await boss.work<Record<string, unknown>>(h.queue, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) {
              const requestId = typeof job.data.requestId === 'string' ? job.data.requestId : undefined;
              const fields = { queue: h.queue, jobId: job.id, ...(requestId ? { requestId } : {}) };
              const jobLog: JobLog = { info: (m, f) => log.info(m, { ...fields, ...f }), error: (m, f) => log.error(m, { ...fields, ...f }) };
              const startedAt = performance.now();
              const seconds = () => (performance.now() - startedAt) / 1000;
              // Jobs this one queues carry its request id, or its own id when no request queued it (a schedule).
              await runWithRequestId(requestId ?? `job-${job.id}`, async () => {
                try {
                  await h.handle(job.data, deps, jobLog);
                } catch (error) {
                  metrics.observeJob(h.queue, 'failed', seconds());
                  jobLog.error(`job ${h.queue} ${job.id} failed: ${(error as Error).message}`, { durationMs: Math.round(seconds() * 1000) });
                  throw error;
                }
                metrics.observeJob(h.queue, 'completed', seconds());
                jobLog.info(`job ${h.queue} completed`, { durationMs: Math.round(seconds() * 1000) });
              });
            }
          });
        }
        if (h.cron) await boss.schedule(h.queue, h.cron);
        if (h.isRunAtStart) await boss.send(h.queue, { startedAt });
      }
    },
    async queueDepths() {
      const queues = await boss.getQueues(handlers.map((h) => h.queue));
      return queues.map((q) => ({ queue: q.name, ready: q.readyCount, deferred: q.deferredCount, active: q.activeCount }));
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

function withRequestId(data: Record<string, unknown>): Record<string, unknown> {
  const requestId = currentRequestId();
  return requestId && data.requestId === undefined ? { ...data, requestId } : data;
}
