import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS, type ClientErrorGroup, type TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';
import { CLIENT_EVENTS_PER_MINUTE_MAX } from './client-events-routes';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let support: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other, support] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'support@ledgerport.local');
});
afterAll(() => server.close());

const send = (tokens: TokenSet | undefined, payload: object) =>
  server.app.inject({ method: 'POST', url: '/events', headers: tokens ? bearer(tokens) : {}, payload });
const groups = async (tokens: TokenSet) => {
  const res = await server.app.inject({ method: 'GET', url: '/backend/client-errors', headers: bearer(tokens) });
  expect(res.statusCode).toBe(200);
  return res.json<{ groups: ClientErrorGroup[]; total: number }>();
};
const storedCount = async (userId: string) =>
  Number((await server.testDb.db.selectFrom('client_events').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
/** A fresh minute for each test, so the rate limit of one does not carry into the next. */
const nextMinute = () => server.clock.advance(61_000);

describe('POST /events', () => {
  it('stores an analytics event with its tags and a js_error with route, release, stack and the call that failed', async () => {
    nextMinute();
    const before = await storedCount('user-demo');
    expect((await send(demo, { event: 'settlement_sent', feature: 'settlements', salesChannel: 'AMAZON', accountingSystem: 'QBO' })).statusCode).toBe(204);
    const error = { event: 'js_error', message: 'TypeError: x is undefined', route: '/app/settlements', release: '1.2.3', stack: 'TypeError: x is undefined\n    at List (list.tsx:10:5)', traceId: 'abc123', url: '/settlements', method: 'GET', status: 500 };
    expect((await send(demo, error)).statusCode).toBe(204);
    expect(await storedCount('user-demo')).toBe(before + 2);
    const rows = await server.testDb.db.selectFrom('client_events').selectAll().where('user_id', '=', 'user-demo').orderBy('event_id', 'desc').limit(2).execute();
    expect(rows[1]).toMatchObject({ event: 'settlement_sent', feature: 'settlements', sales_channel: 'AMAZON', accounting_system: 'QBO', message: null });
    expect(rows[0]).toMatchObject({ event: 'js_error', message: error.message, route: '/app/settlements', release: '1.2.3', stack: error.stack, trace_id: 'abc123', url: '/settlements', method: 'GET', status: 500 });
  });

  it('refuses a js_error without its message, a bad event name and an anonymous caller, storing nothing', async () => {
    nextMinute();
    const before = await storedCount('user-demo');
    const noMessage = await send(demo, { event: 'js_error', route: '/app' });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.body).toContain('message');
    expect((await send(demo, { event: 'Not A Name' })).statusCode).toBe(400);
    expect((await send(demo, { event: 'page_viewed', extra: 1 })).statusCode).toBe(400);
    expect((await send(undefined, { event: 'page_viewed' })).statusCode).toBe(401);
    expect(await storedCount('user-demo')).toBe(before);
  });

  it(`accepts ${CLIENT_EVENTS_PER_MINUTE_MAX} events a minute per user; the next answers 429 and stores nothing; another user is not limited`, async () => {
    nextMinute();
    const before = await storedCount('user-demo');
    for (let i = 0; i < CLIENT_EVENTS_PER_MINUTE_MAX; i++) expect((await send(demo, { event: 'page_viewed', route: `/app/p${i}` })).statusCode).toBe(204);
    const refused = await send(demo, { event: 'js_error', message: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain(`at most ${CLIENT_EVENTS_PER_MINUTE_MAX} a minute`);
    expect(await storedCount('user-demo')).toBe(before + CLIENT_EVENTS_PER_MINUTE_MAX);
    expect((await groups(support)).groups.map((g) => g.message)).not.toContain('one too many');
    expect((await send(other, { event: 'page_viewed' })).statusCode).toBe(204);
    server.clock.advance(60_000);
    expect((await send(demo, { event: 'page_viewed' })).statusCode).toBe(204);
  });

  it('admits exactly the limit when many events arrive at once, and stores none of the refused', async () => {
    nextMinute();
    const before = await storedCount('user-demo');
    const answers = await Promise.all(Array.from({ length: CLIENT_EVENTS_PER_MINUTE_MAX + 10 }, (_, i) => send(demo, { event: 'page_viewed', route: `/app/burst${i}` })));
    const accepted = answers.filter((a) => a.statusCode === 204).length;
    expect(answers.every((a) => a.statusCode === 204 || a.statusCode === 429)).toBe(true);
    expect(accepted).toBe(CLIENT_EVENTS_PER_MINUTE_MAX);
    expect(await storedCount('user-demo')).toBe(before + accepted);
  });
});

describe('POST /events: the closed list of analytics events (decision 0070)', () => {
  it('stores each analytics event of the list with its tags, and a failed call the web client saw as a js_error with trace id, url, method and status', async () => {
    nextMinute();
    for (const event of ANALYTICS_EVENTS) {
      expect((await send(demo, { event, feature: 'settlements', salesChannel: 'SHOPIFY', accountingSystem: 'XERO', route: '/app/settlements' })).statusCode).toBe(204);
    }
    const failedCall = { event: 'js_error', message: 'POST /settlementSend answered 502', route: '/app/settlements', release: 'dev', traceId: 'req-7f3a', url: '/settlementSend', method: 'POST', status: 502 };
    expect((await send(demo, failedCall)).statusCode).toBe(204);
    const rows = await server.testDb.db.selectFrom('client_events').selectAll().where('user_id', '=', 'user-demo').orderBy('event_id', 'desc').limit(ANALYTICS_EVENTS.length + 1).execute();
    const [error, ...analytics] = rows;
    expect(analytics.map((r) => r.event).reverse()).toEqual([...ANALYTICS_EVENTS]);
    for (const row of analytics) expect(row).toMatchObject({ feature: 'settlements', sales_channel: 'SHOPIFY', accounting_system: 'XERO', route: '/app/settlements', message: null, trace_id: null });
    expect(error).toMatchObject({ event: 'js_error', message: failedCall.message, trace_id: 'req-7f3a', url: '/settlementSend', method: 'POST', status: 502, stack: null });
  });

  it('refuses an event name outside the list, storing nothing', async () => {
    nextMinute();
    const before = await storedCount('user-demo');
    for (const event of ['page_view', 'settlement_deleted', 'js_error_x']) {
      const res = await send(demo, { event, feature: 'settlements' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('The event must be js_error or one of page_viewed');
    }
    expect(await storedCount('user-demo')).toBe(before);
  });
});

describe('GET /backend/client-errors', () => {
  it('groups the errors by message with count, users, last seen and the latest sample', async () => {
    nextMinute();
    await send(demo, { event: 'js_error', message: 'Grouped failure', route: '/app/a', release: 'r1', stack: 'at a' });
    server.clock.advance(1000);
    await send(other, { event: 'js_error', message: 'Grouped failure', route: '/app/b', release: 'r2', stack: 'at b' });
    const lastSeen = server.clock().toISOString();
    server.clock.advance(1000);
    await send(demo, { event: 'js_error', message: 'Another failure', route: '/app/c' });
    await send(demo, { event: 'page_viewed', message: 'Grouped failure' });
    const { groups: list, total } = await groups(support);
    expect(list[0]).toMatchObject({ message: 'Another failure', count: 1, userCount: 1, route: '/app/c', release: null, stack: null });
    expect(list[1]).toEqual({ message: 'Grouped failure', count: 2, userCount: 2, firstSeenAt: expect.any(String) as string, lastSeenAt: lastSeen, route: '/app/b', release: 'r2', stack: 'at b' });
    expect(total).toBe(new Set(list.map((g) => g.message)).size);
  });

  it('is a missing page (404) to a user who is not staff, and reveals nothing', async () => {
    for (const tokens of [demo, other]) {
      const res = await server.app.inject({ method: 'GET', url: '/backend/client-errors', headers: bearer(tokens) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Grouped failure');
    }
  });
});
