/**
 * Password reset by mail and password change under My Profile (issue 15). Both end every refresh
 * token of the user: whoever knew the old password (or held a session) is signed out. A change answers
 * a fresh token set so the tab that made it stays signed in.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { changePassword, errorMessages, requestPasswordReset, resetPassword } from '@ledgerport/contract';
import { checkPasswordStrength, linkRefusalReason } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { buildTokenSet } from '../auth/issue-token-set';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { issueRefreshToken, newFamilyId } from '../auth/refresh-tokens';
import { findUserByEmail } from '../users/user-repository';
import { admitMailRequest } from '../one-time-links/admit-mail-request';
import { useOneTimeLink } from '../one-time-links/one-time-links';
import { mailLinkLater } from '../one-time-links/send-link-mail';
import { sameEmail, weakPasswordError } from './sign-up-routes';

async function revokeAllRefreshTokens(trx: Kysely<Database>, userId: string, now: Date): Promise<number> {
  const result = await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function registerPasswordRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, requestPasswordReset, async ({ body, request, reply }) => {
    await admitMailRequest(deps, request, reply, 'password-reset', body.email);
    const user = await findUserByEmail(db, body.email);
    if (user) {
      const now = clock();
      const send = await mailLinkLater(deps, { userId: user.user_id, name: user.name, email: user.email }, 'reset-password', now, request.log);
      await recordAudit(db, { actorUserId: null, action: 'user.password-reset-requested', entityType: 'user', entityId: user.user_id, after: { ip: request.ip }, at: now });
      send();
    }
    return { message: errorMessages.passwordResetSent };
  });

  addRoute(app, deps, resetPassword, async ({ body }) => {
    const now = clock();
    const outcome = await db.transaction().execute(async (trx) => {
      const use = await useOneTimeLink(trx, body.token, ['reset-password'], now);
      if (use.verdict !== 'valid') return use;
      const user = await trx.selectFrom('users').select(['email', 'name', 'email_verified_at']).where('user_id', '=', use.link.userId).forUpdate().executeTakeFirstOrThrow();
      // A reset link sent to an address the user has left since is stale.
      if (!sameEmail(user.email, use.link.email)) return { verdict: 'superseded' as const, purpose: 'reset-password' as const };
      const verdict = checkPasswordStrength(body.password, { email: user.email, name: user.name });
      if (!verdict.isStrong) throw weakPasswordError(verdict.problem); // rolls back: the link still works
      const revoked = await revokeAllRefreshTokens(trx, use.link.userId, now);
      // The mailed link proves the address too, so an unverified sign-up that resets is verified.
      await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(body.password), email_verified_at: user.email_verified_at ?? now, updated_at: now })
        .where('user_id', '=', use.link.userId)
        .execute();
      await recordAudit(trx, { actorUserId: use.link.userId, action: 'user.password-reset', entityType: 'user', entityId: use.link.userId, after: { refreshTokensRevoked: revoked }, at: now });
      return { ...use, email: user.email };
    });
    if (outcome.verdict !== 'valid') {
      throw new AppError('auth.link-invalid', `Could not reset the password. ${linkRefusalReason(outcome.verdict, outcome.purpose)}`, { reason: outcome.verdict });
    }
    return { email: outcome.email, message: 'Your password is changed and every session was signed out. Sign in with the new password.' };
  });

  addRoute(app, deps, changePassword, async ({ caller, body, request, reply }) => {
    const user = await db.selectFrom('users').select(['email', 'name', 'password_hash']).where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
    // Guessing the current password from a stolen session is a sign-in attempt like any other.
    const admission = await deps.signInLimiter.admit(db, user.email, request.ip);
    if (!admission.allowed) {
      void reply.header('retry-after', String(admission.retryAfterSeconds));
      throw new AppError('auth.rate-limited', errorMessages.signInRateLimited);
    }
    if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
      throw new AppError('user.wrong-password', 'The current password is not correct.', [{ path: 'currentPassword', message: 'Not correct.' }]);
    }
    const verdict = checkPasswordStrength(body.newPassword, { email: user.email, name: user.name });
    if (!verdict.isStrong) throw weakPasswordError(verdict.problem, 'newPassword');
    if (body.newPassword === body.currentPassword) throw weakPasswordError('The new password must differ from the current one.', 'newPassword');
    const passwordHash = await hashPassword(body.newPassword);
    const now = clock();
    const refreshToken = await db.transaction().execute(async (trx) => {
      await deps.signInLimiter.markSucceeded(trx, admission.attemptId);
      const revoked = await revokeAllRefreshTokens(trx, caller.userId, now);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('user_id', '=', caller.userId).execute();
      await recordAudit(trx, { actorUserId: caller.userId, action: 'user.password-changed', entityType: 'user', entityId: caller.userId, after: { refreshTokensRevoked: revoked }, at: now });
      return issueRefreshToken(trx, caller.userId, newFamilyId(), now);
    });
    return buildTokenSet(db, deps.accessTokens, caller.userId, refreshToken);
  });
}
