/**
 * Two limiters over one database stand for two server processes of one connection: they share one
 * budget (calls per window, calls at once, a Retry-After pause). Checked on what the database
 * recorded and on the calls seen running at once, never on how long anything took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { createSharedConnectionLimiter } from './shared-connection-limiter';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.close());

const starts = async (key: string) =>
  (await testDb.db.selectFrom('connection_calls').select('started_at').where('connection_key', '=', key).orderBy('started_at').execute()).map((r) => new Date(r.started_at).getTime());

describe('the call budget shared by every process of a connection', () => {
  it('two limiters together never run more calls at once, nor start more in a window, than the one budget allows', async () => {
    const policy = { concurrency: 2, windows: [{ limit: 3, windowMs: 1500 }] };
    const a = createSharedConnectionLimiter(testDb.db, 'conn-shared', policy, { slotPollMs: 20 });
    const b = createSharedConnectionLimiter(testDb.db, 'conn-shared', policy, { slotPollMs: 20 });
    let running = 0;
    let most = 0;
    const call = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 150));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).run(call)));
    expect(most).toBeLessThanOrEqual(2);
    expect(a.stats.started + b.stats.started).toBe(8);
    expect(a.stats.started).toBe(4);
    const at = await starts('conn-shared');
    expect(at).toHaveLength(8);
    // However the calls fell in time: no 1.5 s window holds more than 3 starts.
    for (const t of at) expect(at.filter((s) => s > t - 1500 && s <= t).length).toBeLessThanOrEqual(3);
    const live = await testDb.db.selectFrom('connection_calls').select('lease_until').where('connection_key', '=', 'conn-shared').where('lease_until', 'is not', null).execute();
    expect(live).toEqual([]);
  }, 30_000);

  it("a Retry-After one process is told holds back the other's next call", async () => {
    const policy = { concurrency: 5, windows: [{ limit: 100, windowMs: 60_000 }] };
    const a = createSharedConnectionLimiter(testDb.db, 'conn-paused', policy);
    const b = createSharedConnectionLimiter(testDb.db, 'conn-paused', policy);
    await a.run(() => Promise.resolve());
    a.pauseFor(700);
    let pause: Date | undefined;
    for (let i = 0; i < 50 && !pause; i++) {
      pause = (await testDb.db.selectFrom('connection_call_pauses').select('paused_until').where('connection_key', '=', 'conn-paused').executeTakeFirst())?.paused_until;
      if (!pause) await new Promise((r) => setTimeout(r, 20));
    }
    expect(pause).toBeDefined();
    await b.run(() => Promise.resolve());
    const at = await starts('conn-paused');
    expect(at).toHaveLength(2);
    expect(at[1]!).toBeGreaterThanOrEqual(new Date(pause!).getTime());
  }, 30_000);

  it('a call whose process died holds its slot only until its lease lapses', async () => {
    const policy = { concurrency: 1, windows: [] };
    await testDb.db
      .insertInto('connection_calls')
      .values({ call_id: 'dead-process-call', connection_key: 'conn-lease', started_at: new Date(Date.now() - 1000), lease_until: new Date(Date.now() + 300) })
      .execute();
    const lapse = (await testDb.db.selectFrom('connection_calls').select('lease_until').where('call_id', '=', 'dead-process-call').executeTakeFirstOrThrow()).lease_until!;
    const limiter = createSharedConnectionLimiter(testDb.db, 'conn-lease', policy, { slotPollMs: 50 });
    await limiter.run(() => Promise.resolve());
    const at = await starts('conn-lease');
    expect(at).toHaveLength(2);
    expect(at[1]!).toBeGreaterThanOrEqual(new Date(lapse).getTime());
  }, 30_000);
});
