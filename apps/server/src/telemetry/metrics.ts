/**
 * The server's Prometheus metrics (prom-client), one registry per process. Machinery: it knows no
 * feature. Features and the other machinery record through the small `Metrics` interface (deps.metrics);
 * what only the process can see (the database pool, the job queues) is read through sources the
 * composition hands in, when Prometheus scrapes.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type WorkKind = 'import' | 'send';
export type WorkStage = 'started' | 'done' | 'failed';

/** What the rest of the server records. */
export interface Metrics {
  /** One answered HTTP request: its route pattern (never the raw URL), method and status. */
  observeRequest(request: { method: string; route: string; statusCode: number; seconds: number }): void;
  /** An import of one file, or the send of one settlement, started or ended. */
  countWork(kind: WorkKind, stage: WorkStage): void;
  /** Bytes of settlement files received by uploads. */
  addUploadBytes(bytes: number): void;
  /** One background job ran to its end (completed) or threw (failed). */
  observeJob(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

/** The database pool's connections (PostgreSQL); null on the embedded database, which has one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Jobs per queue: waiting to run now, waiting for a later time, running. */
export interface QueueDepth {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
}

export interface MetricSources {
  poolStats?: () => PoolStats | null;
  queueDepths?: () => Promise<QueueDepth[]>;
}

export interface ProcessMetrics extends Metrics {
  readonly registry: Registry;
  /** Where the pool and queue gauges read from (the composition, once the database and jobs are open). */
  setSources(sources: MetricSources): void;
}

/** Seconds: a fast read is a few milliseconds, an upload of a large file tens of seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

/** "2xx", "4xx"…: one series per class, not per code. */
export const statusClassOf = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export function createProcessMetrics(): ProcessMetrics {
  const registry = new Registry();
  // Process memory, CPU, handles and the event loop's lag (nodejs_eventloop_lag_*), as prom-client measures them.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  let sources: MetricSources = {};

  const requestSeconds = new Histogram({
    name: 'ledgerport_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const work = new Counter({
    name: 'ledgerport_work_total',
    help: 'Imports of one uploaded file and sends of one settlement, by stage: started, done, failed.',
    labelNames: ['kind', 'stage'] as const,
    registers: [registry],
  });
  const uploadBytes = new Counter({ name: 'ledgerport_upload_bytes_total', help: 'Bytes of settlement files received by uploads.', registers: [registry] });
  const jobSeconds = new Histogram({
    name: 'ledgerport_job_duration_seconds',
    help: 'Time a background job ran, by queue and outcome (completed or failed).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'ledgerport_job_queue_depth',
    help: 'Jobs per queue: ready (waiting to run now), deferred (waiting for a later time), active (running).',
    labelNames: ['queue', 'state'] as const,
    // Every process reads the same database: across a cluster the largest answer, not the sum.
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await sources.queueDepths?.()) ?? []) {
        this.set({ queue: q.queue, state: 'ready' }, q.ready);
        this.set({ queue: q.queue, state: 'deferred' }, q.deferred);
        this.set({ queue: q.queue, state: 'active' }, q.active);
      }
    },
  });
  new Gauge({
    name: 'ledgerport_db_pool_connections',
    help: "The database pool's connections: total open, idle, requests waiting for one, and the pool's maximum.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = sources.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });

  return {
    registry,
    setSources: (next) => {
      sources = next;
    },
    observeRequest: (r) => requestSeconds.observe({ route: r.route, method: r.method, status_class: statusClassOf(r.statusCode) }, r.seconds),
    countWork: (kind, stage) => work.inc({ kind, stage }),
    addUploadBytes: (bytes) => uploadBytes.inc(bytes),
    observeJob: (queue, outcome, seconds) => jobSeconds.observe({ queue, outcome }, seconds),
  };
}

let processMetrics: ProcessMetrics | undefined;

/** The process's one set of metrics (default metrics watch the process once, however many apps a test builds). */
export function getProcessMetrics(): ProcessMetrics {
  processMetrics ??= createProcessMetrics();
  return processMetrics;
}

/** Records nothing: for code run outside a server (scripts, unit tests of one feature). */
export const noMetrics: Metrics = {
  observeRequest: () => undefined,
  countWork: () => undefined,
  addUploadBytes: () => undefined,
  observeJob: () => undefined,
};
