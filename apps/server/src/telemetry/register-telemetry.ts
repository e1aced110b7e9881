/**
 * What an operator watches (issue 31): the request id of each request (returned as X-Request-Id, in
 * its log line of request-log.ts, and followed into the jobs the request queued: request-context.ts),
 * the request histogram of metrics.ts, and GET /metrics in the Prometheus text format.
 *
 * /metrics is off unless LEDGERPORT_METRICS_TOKEN is set (no route at all: a 404 like any unknown
 * path), and then answers only a request bearing that token, compared in constant time.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorStatusByCode } from '@ledgerport/contract';
import { askClusterMetrics } from './cluster-metrics';
import type { ProcessMetrics } from './metrics';
import { runWithRequestId } from './request-context';
import { routePatternOf } from './request-log';

export interface TelemetryOptions {
  metrics: ProcessMetrics;
  /** LEDGERPORT_METRICS_TOKEN; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** A process of a cluster: /metrics answers every process's sum (cluster-metrics.ts). */
  isClusterWorker: boolean;
}

export function registerTelemetry(app: FastifyInstance, options: TelemetryOptions): void {
  const { metrics } = options;
  // Callback style: the rest of the request (hooks, handler, everything they await) runs inside the id's context.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runWithRequestId(request.id, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routePatternOf(request);
    const seconds = reply.elapsedTime / 1000;
    // Requests no route matched share one label, so a scan of random paths adds no series.
    metrics.observeRequest({ method: request.method, route, statusCode: reply.statusCode, seconds });
    done();
  });

  const token = options.metricsToken;
  if (!token) return;
  const expected = crypto.createHash('sha256').update(token).digest();
  app.get('/metrics', { config: { effect: 'read' } }, async (request, reply) => {
    if (!isBearer(request.headers.authorization, expected)) {
      // The contract's error shape, written here: the error handler is the http machinery's, above this one.
      const httpStatusCode = errorStatusByCode['auth.unauthenticated'];
      return reply.code(httpStatusCode).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'The metrics need the bearer token set in LEDGERPORT_METRICS_TOKEN.', code: 'auth.unauthenticated', httpStatusCode });
    }
    const text = options.isClusterWorker ? await askClusterMetrics() : await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(text);
  });
}

/** Constant time: both sides hashed to the same length before timingSafeEqual. */
function isBearer(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), expected);
}
