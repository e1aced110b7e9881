/**
 * The browser's analytics and js_error events (issue 30, decision 0069): stored in client_events and
 * never sent to a third party. A user may send at most CLIENT_EVENTS_PER_MINUTE_MAX a minute: under a
 * per-user advisory lock the user's events of the last minute are counted and the new one written only
 * below the limit (so concurrent requests neither slip past together nor refuse each other); one over
 * the limit is refused with 429 and nothing is stored. Staff read the
 * errors in the backend, grouped by message, with the latest report's route, release and stack.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { JS_ERROR_EVENT, listClientErrors, sendClientEvent } from '@ledgerport/contract';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';

/** Events one user may send in a minute; the web app reports each distinct error once per page load. */
export const CLIENT_EVENTS_PER_MINUTE_MAX = 20;
const WINDOW_MS = 60_000;
/** Events older than this are removed as new ones arrive. */
const KEEP_DAYS = 90;

export function registerClientEventsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, sendClientEvent, async ({ caller, body }) => {
    const now = clock();
    const admitted = await db.transaction().execute(async (trx) => {
      // One user's events are counted and written one at a time (as the shared connection limiter does).
      await sql`select pg_advisory_xact_lock(hashtextextended(${`client-events:${caller.userId}`}, 0))`.execute(trx);
      const { n } = await trx
        .selectFrom('client_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', caller.userId)
        .where('created_at', '>', new Date(now.getTime() - WINDOW_MS))
        .where('created_at', '<=', now)
        .executeTakeFirstOrThrow();
      if (Number(n) >= CLIENT_EVENTS_PER_MINUTE_MAX) return false;
      await trx
        .insertInto('client_events')
        .values({
          user_id: caller.userId,
          event: body.event,
          feature: body.feature ?? null,
          sales_channel: body.salesChannel ?? null,
          accounting_system: body.accountingSystem ?? null,
          message: body.message ?? null,
          route: body.route ?? null,
          release: body.release ?? null,
          stack: body.stack ?? null,
          trace_id: body.traceId ?? null,
          url: body.url ?? null,
          method: body.method ?? null,
          status: body.status ?? null,
          created_at: now,
        })
        .execute();
      await trx
        .deleteFrom('client_events')
        .where('user_id', '=', caller.userId)
        .where('created_at', '<', new Date(now.getTime() - KEEP_DAYS * 24 * 3600 * 1000))
        .execute();
      return true;
    });
    if (!admitted) throw new AppError('client-events.rate-limited', `Too many events: at most ${CLIENT_EVENTS_PER_MINUTE_MAX} a minute. Try again in a minute.`);
  });

  addRoute(app, deps, listClientErrors, async ({ query }) => {
    const errors = db.selectFrom('client_events').where('event', '=', JS_ERROR_EVENT).where('message', 'is not', null);
    const rows = await errors
      .select([
        sql<string>`message`.as('message'),
        (eb) => eb.fn.countAll<string>().as('count'),
        sql<string>`count(distinct user_id)`.as('user_count'),
        (eb) => eb.fn.min('created_at').as('first_seen_at'),
        (eb) => eb.fn.max('created_at').as('last_seen_at'),
        sql<string>`max(event_id)`.as('latest_id'),
      ])
      .groupBy('message')
      .orderBy('last_seen_at', 'desc')
      .orderBy('message')
      .limit(query.limit)
      .execute();
    const { total } = await errors.select(sql<string>`count(distinct message)`.as('total')).executeTakeFirstOrThrow();
    const samples = rows.length === 0 ? [] : await db.selectFrom('client_events').select(['event_id', 'route', 'release', 'stack']).where('event_id', 'in', rows.map((r) => r.latest_id)).execute();
    const sampleById = new Map(samples.map((s) => [String(s.event_id), s]));
    return {
      total: Number(total),
      groups: rows.map((r) => {
        const sample = sampleById.get(String(r.latest_id));
        return {
          message: r.message,
          count: Number(r.count),
          userCount: Number(r.user_count),
          firstSeenAt: new Date(r.first_seen_at).toISOString(),
          lastSeenAt: new Date(r.last_seen_at).toISOString(),
          route: sample?.route ?? null,
          release: sample?.release ?? null,
          stack: sample?.stack ?? null,
        };
      }),
    };
  });
}
