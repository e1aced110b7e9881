/**
 * Background jobs (pg-boss 12): over the same PGlite instance (fromPglite) or the same PostgreSQL
 * database. The one job so far purges refresh tokens that expired more than 30 days ago (kept that
 * long so a replayed old token is still recognised as reuse).
 *
 * pg-boss caches queue metadata on first use; on PGlite that first lookup must not happen inside an
 * application transaction (it would wait for the single connection the transaction holds, forever),
 * so the queues are created and used once here, at boot.
 */
import { fromPglite, PgBoss } from 'pg-boss';
import type { OpenedDb } from '@ledgerport/db';
import type { Clock } from '../clock';
import { purgeExpiredRefreshTokens } from '../features/auth/refresh-tokens';

export const PURGE_REFRESH_TOKENS_QUEUE = 'purge-expired-refresh-tokens';
const PURGE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}

export interface Jobs {
  stop(): Promise<void>;
}

export async function startJobs(opened: OpenedDb, databaseUrl: string | undefined, clock: Clock, log: JobLog): Promise<Jobs> {
  const boss = opened.pglite ? new PgBoss({ db: fromPglite(opened.pglite) }) : new PgBoss({ connectionString: databaseUrl ?? '', max: 2 });
  boss.on('error', (error: Error) => log.error(`background jobs: ${error.message}`));
  await boss.start();
  await boss.createQueue(PURGE_REFRESH_TOKENS_QUEUE);
  await boss.work(PURGE_REFRESH_TOKENS_QUEUE, async () => {
    const purged = await purgeExpiredRefreshTokens(opened.db, clock(), PURGE_GRACE_MS);
    if (purged > 0) log.info(`purged ${purged} expired refresh token(s)`);
  });
  await boss.schedule(PURGE_REFRESH_TOKENS_QUEUE, '17 3 * * *');
  // Warms the queue cache outside any transaction, and purges once at start.
  await boss.send(PURGE_REFRESH_TOKENS_QUEUE, {});
  return { stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
