import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { connect, errorMessages, hasAdminPermissions, login, logout, refresh, userStatus } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import { findCaller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { mailLinkLater } from '../one-time-links/send-link-mail';
import { buildTokenSet } from './issue-token-set';
import { verifyPassword } from './passwords';
import { findFamilyOf, issueRefreshToken, newFamilyId, refreshSuccessorKey, revokeFamily, rotateRefreshToken } from './refresh-tokens';

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock, accessTokens } = deps;
  const successorKey = refreshSuccessorKey(deps.config.secret);

  addRoute(app, deps, login, async ({ body, request, reply }) => {
    const admission = await deps.signInLimiter.admit(db, body.email, request.ip);
    if (!admission.allowed) {
      void reply.header('retry-after', String(admission.retryAfterSeconds));
      throw new AppError('auth.rate-limited', errorMessages.signInRateLimited);
    }
    const user = await db
      .selectFrom('users')
      .select(['user_id', 'email', 'name', 'password_hash', 'email_verified_at'])
      .where(sql<string>`lower(email)`, '=', body.email.toLowerCase())
      .executeTakeFirst();
    // Unknown email and wrong password give the same answer, after the same amount of work.
    if (!(await verifyPassword(user?.password_hash, body.password)) || !user) {
      throw new AppError('auth.invalid-credentials', errorMessages.invalidCredentials);
    }
    // Decision 0019: a sign-up signs in once its address is proven. The right password of an
    // unverified user answers the spec's sentence and mails a new link (within the resend limits).
    if (user.email_verified_at === null) {
      const resend = await deps.mailRequestLimiter.admit(db, 'resend-verification', request.ip, user.email);
      if (resend.allowed) (await mailLinkLater(deps, { userId: user.user_id, name: user.name, email: user.email }, 'verify-email', clock(), request.log))();
      throw new AppError('auth.email-not-verified', errorMessages.verifyEmailSent);
    }
    const now = clock();
    const refreshToken = await db.transaction().execute(async (trx) => {
      await deps.signInLimiter.markSucceeded(trx, admission.attemptId);
      const issued = await issueRefreshToken(trx, user.user_id, newFamilyId(), now);
      await recordAudit(trx, { actorUserId: user.user_id, action: 'auth.signed-in', entityType: 'user', entityId: user.user_id, at: now });
      return issued;
    });
    return buildTokenSet(db, accessTokens, user.user_id, refreshToken);
  });

  addRoute(app, deps, refresh, async ({ body }) => {
    const now = clock();
    // The outcome is committed before answering: a detected reuse must stay revoked.
    const outcome = await db.transaction().execute(async (trx) => {
      const result = await rotateRefreshToken(trx, successorKey, body.refreshToken, now);
      if (result.status === 'reused') {
        await recordAudit(trx, {
          actorUserId: result.userId,
          action: 'auth.refresh-token-reused',
          entityType: 'refresh-token-family',
          entityId: result.familyId,
          after: { revoked: true },
          at: now,
        });
      }
      return result;
    });
    if (outcome.status !== 'rotated') {
      throw new AppError('auth.refresh-token-expired', errorMessages.refreshTokenExpired, { reason: outcome.status });
    }
    return buildTokenSet(db, accessTokens, outcome.userId, outcome);
  });

  addRoute(app, deps, logout, async ({ body }) => {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const family = await findFamilyOf(trx, body.refreshToken);
      if (!family) return; // Already gone: signing out twice is not an error.
      const revoked = await revokeFamily(trx, family.familyId, now);
      if (revoked > 0) {
        await recordAudit(trx, { actorUserId: family.userId, action: 'auth.signed-out', entityType: 'user', entityId: family.userId, at: now });
      }
    });
  });

  addRoute(app, deps, userStatus, ({ caller }) => {
    if (!caller) return { expired: true, user: null };
    const { userId, email, rootAdmin, supportLead, supportAdmin, developer, permissions } = caller;
    return { expired: false, user: { userId, email, rootAdmin, supportLead, supportAdmin, developer, permissions } };
  });

  addRoute(app, deps, hasAdminPermissions, ({ caller }) => ({ hasAdminPermissions: caller?.isAdmin ?? false }));

  addRoute(app, deps, connect, async ({ body }) => {
    const check = await accessTokens.check(body.accessToken);
    if (check.status === 'expired') throw new AppError('auth.access-token-expired', errorMessages.accessTokenExpired);
    const caller = check.status === 'valid' ? await findCaller(db, check.userId, connect.effect) : undefined;
    if (!caller) throw new AppError('auth.unauthenticated', errorMessages.unauthenticated);
    return { ok: true as const, userId: caller.userId };
  });
}

