import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, SEEDED_AT, type TestDb } from '../../test/test-db';
import type { Deps } from '../http/deps';
import { purgeRefreshTokensJob } from '../features/auth/purge-refresh-tokens-job';
import { startJobs } from './start-jobs';

const DAY_MS = 24 * 3600_000;

// pg-boss over the embedded database is the risky combination (one connection, a queue cache that
// must be warm before any transaction), so that is what runs here. On PostgreSQL pg-boss keeps its
// own pool and schema; the start-up there was checked by hand (see the server report).
describe.runIf(process.env.LEDGERPORT_TEST_DB !== 'postgres')('background jobs on PGlite', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb.close());

  it('starts pg-boss on the embedded database and purges refresh tokens expired over 30 days ago at boot', async () => {
    const now = new Date(SEEDED_AT.getTime() + 90 * DAY_MS);
    await testDb.db
      .insertInto('refresh_tokens')
      .values([
        { user_id: 'user-demo', token_hash: 'a'.repeat(64), family_id: 'old', created_at: SEEDED_AT, expires_at: new Date(now.getTime() - 31 * DAY_MS) },
        { user_id: 'user-demo', token_hash: 'b'.repeat(64), family_id: 'recent', created_at: SEEDED_AT, expires_at: new Date(now.getTime() - 29 * DAY_MS) },
      ])
      .execute();
    const jobs = await startJobs(testDb.opened, { log: { info: () => undefined, error: () => undefined }, handlers: [purgeRefreshTokensJob] });
    await jobs.startWorkers({ db: testDb.db, clock: () => now } as unknown as Deps);
    try {
      let left: string[] = [];
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
        left = (await testDb.db.selectFrom('refresh_tokens').select('family_id').execute()).map((r) => r.family_id);
        if (!left.includes('old')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(left).toEqual(['recent']);
      // A transaction after boot does not deadlock with pg-boss on the single connection.
      const inside = await testDb.db.transaction().execute((trx) => trx.selectFrom('users').select('user_id').where('user_id', '=', 'user-demo').executeTakeFirst());
      expect(inside?.user_id).toBe('user-demo');
    } finally {
      await jobs.stop();
    }
  }, 40_000);
});
