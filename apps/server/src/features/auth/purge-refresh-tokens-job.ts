/**
 * Purges refresh tokens that expired more than 30 days ago (kept that long so a replayed old token
 * is still recognised as reuse). Daily, and once at start.
 */
import { purgeExpiredRefreshTokens } from './refresh-tokens';
import type { JobHandler } from '../../jobs/job-handler';

export const PURGE_REFRESH_TOKENS_QUEUE = 'purge-expired-refresh-tokens';
const PURGE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

export const purgeRefreshTokensJob: JobHandler = {
  queue: PURGE_REFRESH_TOKENS_QUEUE,
  cron: '17 3 * * *',
  isRunAtStart: true,
  async handle(_data, deps, log) {
    const purged = await purgeExpiredRefreshTokens(deps.db, deps.clock(), PURGE_GRACE_MS);
    if (purged > 0) log.info(`purged ${purged} expired refresh token(s)`);
  },
};
