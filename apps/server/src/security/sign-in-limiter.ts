/**
 * Sign-in rate limits, kept in the database so every server process counts the same attempts and a
 * restart forgets nothing (the server is stateless). Two rules, each a sliding window:
 * - per email and client IP: at most `signInAttemptsMax` attempts, right or wrong (the brake on
 *   guessing one person's password; per IP too, so a stranger cannot lock someone out);
 * - per client IP: at most `signInFailuresPerIpMax` attempts that did not succeed, whatever the emails
 *   (one address trying a password against many emails).
 * An attempt is recorded before its password is checked, and counted as a failure until it succeeds,
 * so concurrent requests cannot slip past a limit together. A refused attempt is not recorded: it
 * does not push the window further. The IP is Fastify's request.ip: the socket's address, since the
 * app does not set trustProxy (an X-Forwarded-For header is not believed).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Clock } from '../clock';
import type { Config } from '../config';

/** How an attempt names its email: sha256 of the trimmed, lower-cased address (the backend's sign-in history reads it back). */
export const signInEmailHash = (email: string) => crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export type SignInLimits = Pick<Config, 'signInAttemptsMax' | 'signInWindowMs' | 'signInFailuresPerIpMax' | 'signInIpWindowMs'>;

export type SignInAdmission = { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

export interface SignInLimiter {
  /** Records an attempt about to check a password, or refuses it with the seconds to wait. */
  admit(db: Kysely<Database>, email: string, ip: string): Promise<SignInAdmission>;
  /** The attempt signed in: it no longer counts against its IP's failures. */
  markSucceeded(db: Kysely<Database>, attemptId: string): Promise<void>;
}

/**
 * Attempts are kept 30 days, not only as long as the windows need them: they are the sign-in history
 * support reads on /backend/user/{userId} (decision 0039). Every count above is bounded by its window.
 */
export const SIGN_IN_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;

export function createSignInLimiter(limits: SignInLimits, clock: Clock): SignInLimiter {
  const keptMs = Math.max(limits.signInWindowMs, limits.signInIpWindowMs, SIGN_IN_HISTORY_MS);
  return {
    async admit(db, email, ip) {
      const now = clock();
      const emailHash = signInEmailHash(email);
      await db.deleteFrom('sign_in_attempts').where('attempted_at', '<=', new Date(now.getTime() - keptMs)).execute();
      const { attempt_id: attemptId } = await db
        .insertInto('sign_in_attempts')
        .values({ email_hash: emailHash, ip, attempted_at: now })
        .returning('attempt_id')
        .executeTakeFirstOrThrow();
      // Counted after our own row is in: of two concurrent attempts at the limit, neither passes.
      const others = db.selectFrom('sign_in_attempts').select('attempted_at').where('attempt_id', '!=', attemptId).orderBy('attempted_at', 'desc');
      const byEmail = await others
        .where('email_hash', '=', emailHash)
        .where('ip', '=', ip)
        .where('attempted_at', '>', new Date(now.getTime() - limits.signInWindowMs))
        .limit(limits.signInAttemptsMax)
        .execute();
      const byIp = await others
        .where('ip', '=', ip)
        .where('succeeded', '=', false)
        .where('attempted_at', '>', new Date(now.getTime() - limits.signInIpWindowMs))
        .limit(limits.signInFailuresPerIpMax)
        .execute();
      const waitMs = Math.max(
        waitOf(byEmail, limits.signInAttemptsMax, limits.signInWindowMs, now),
        waitOf(byIp, limits.signInFailuresPerIpMax, limits.signInIpWindowMs, now),
      );
      if (waitMs <= 0) return { allowed: true, attemptId };
      await db.deleteFrom('sign_in_attempts').where('attempt_id', '=', attemptId).execute();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async markSucceeded(db, attemptId) {
      await db.updateTable('sign_in_attempts').set({ succeeded: true }).where('attempt_id', '=', attemptId).execute();
    },
  };
}

/** How long until fewer than `max` of these (newest first) are inside the window; 0 when already so. */
function waitOf(newestFirst: { attempted_at: Date }[], max: number, windowMs: number, now: Date): number {
  const oldestCounted = newestFirst[max - 1];
  if (!oldestCounted) return 0;
  return oldestCounted.attempted_at.getTime() + windowMs - now.getTime();
}
