/**
 * One JSON log line per request, written when it is answered: method, route pattern, URL, status,
 * time and the request id (`requestId`, also in every other line the request logs). Fastify's own
 * pair of lines (incoming, completed) is replaced; its error lines stay.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const UNMATCHED_ROUTE = '(unmatched)';

/** The route's pattern (`/backend/account/:accountKey/reports`), never the URL with its ids. */
export function routePatternOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, route: routePatternOf(request), url: request.url, statusCode: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10, ip: request.ip };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

export const requestLogController = () => new OneLinePerRequest({ requestIdLogLabel: 'requestId' });
