/**
 * Limits on the requests that create users or send mail (issue 15), kept in the database like the
 * sign-in limits (sign-in-limiter.ts) so every server process counts the same requests:
 * - sign-up: at most `signUpsPerIpMax` per client IP in `mailRequestWindowMs`;
 * - verification resend, password reset and email change: at most `mailRequestsPerIpMax` per IP, and at
 *   most `mailRequestsPerEmailMax` to one address (nobody can fill a stranger's inbox from many IPs).
 * A request is recorded before it acts and counted with its own row in, so concurrent requests cannot
 * slip past together; a refused one is removed again. The per-email count applies whether or not the
 * address belongs to a user, so a refusal reveals nothing. The IP is the socket's (no trustProxy).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { rateLimitWaitMs } from '@ledgerport/core/rules';
import type { Clock } from '../clock';
import type { Config } from '../config';

export type MailRequestKind = 'sign-up' | 'resend-verification' | 'password-reset' | 'change-email';

export type MailRequestLimits = Pick<Config, 'signUpsPerIpMax' | 'mailRequestsPerIpMax' | 'mailRequestsPerEmailMax' | 'mailRequestWindowMs'>;

export type MailRequestAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface MailRequestLimiter {
  admit(db: Kysely<Database>, kind: MailRequestKind, ip: string, email?: string): Promise<MailRequestAdmission>;
}

export const emailHashOf = (email: string) => crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export function createMailRequestLimiter(limits: MailRequestLimits, clock: Clock): MailRequestLimiter {
  const windowMs = limits.mailRequestWindowMs;
  return {
    async admit(db, kind, ip, email) {
      const now = clock();
      const since = new Date(now.getTime() - windowMs);
      const emailHash = email === undefined ? null : emailHashOf(email);
      await db.deleteFrom('mail_request_attempts').where('attempted_at', '<=', since).execute();
      const { attempt_id: attemptId } = await db
        .insertInto('mail_request_attempts')
        .values({ kind, ip, email_hash: emailHash, attempted_at: now })
        .returning('attempt_id')
        .executeTakeFirstOrThrow();
      const others = db
        .selectFrom('mail_request_attempts')
        .select('attempted_at')
        .where('attempt_id', '!=', attemptId)
        .where('kind', '=', kind)
        .where('attempted_at', '>', since)
        .orderBy('attempted_at', 'desc');
      const perIpMax = kind === 'sign-up' ? limits.signUpsPerIpMax : limits.mailRequestsPerIpMax;
      const byIp = await others.where('ip', '=', ip).limit(perIpMax).execute();
      const byEmail = emailHash === null ? [] : await others.where('email_hash', '=', emailHash).limit(limits.mailRequestsPerEmailMax).execute();
      const waitMs = Math.max(
        rateLimitWaitMs(byIp.map((r) => r.attempted_at), perIpMax, windowMs, now),
        emailHash === null ? 0 : rateLimitWaitMs(byEmail.map((r) => r.attempted_at), limits.mailRequestsPerEmailMax, windowMs, now),
      );
      if (waitMs <= 0) return { allowed: true };
      await db.deleteFrom('mail_request_attempts').where('attempt_id', '=', attemptId).execute();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}
