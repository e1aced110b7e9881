/**
 * Sign-up, the verification link (also the link of an email change) and a verification resend
 * (issue 15, decision 0019). A new user cannot sign in until a mailed link proved the address.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { errorMessages, resendVerification, signUp, verifyEmail } from '@ledgerport/contract';
import { checkPasswordStrength, linkRefusalReason } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { hashPassword } from '../auth/passwords';
import { findUserByEmail, isUniqueViolation } from '../users/user-repository';
import { acceptInvitesOfVerifiedEmail } from '../account-users/account-users-routes';
import { acceptFirmInvitesOfVerifiedEmail } from '../teams/firm-invite-routes';
import { admitMailRequest } from '../one-time-links/admit-mail-request';
import { useOneTimeLink, type PresentedLink } from '../one-time-links/one-time-links';
import { mailLinkLater, mailLinkNow } from '../one-time-links/send-link-mail';

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function emailTakenError(email: string): AppError {
  return new AppError('user.email-taken', `An account with the email address ${email} already exists. Sign in, or reset your password if you forgot it.`, [
    { path: 'email', message: 'Already in use.' },
  ]);
}

export function weakPasswordError(problem: string, path = 'password'): AppError {
  return new AppError('user.weak-password', problem, [{ path, message: problem }]);
}

export function registerSignUpRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, signUp, async ({ body, request, reply }) => {
    await admitMailRequest(deps, request, reply, 'sign-up');
    const { email, name } = body;
    const verdict = checkPasswordStrength(body.password, { email, name });
    if (!verdict.isStrong) throw weakPasswordError(verdict.problem);
    if (await findUserByEmail(db, email)) throw emailTakenError(email);
    const passwordHash = await hashPassword(body.password);
    const now = clock();
    const userId = `user-${crypto.randomUUID()}`;
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ user_id: userId, email, name, password_hash: passwordHash, partner_code: null, billing_account_id: null, billing_data: null, login_enabling_party: null, current_account_key: null, email_verified_at: null, created_at: now, updated_at: now })
          .execute();
        await recordAudit(trx, { actorUserId: userId, action: 'user.signed-up', entityType: 'user', entityId: userId, after: { email, name }, at: now });
        // Last: a mail that cannot go rolls the user back, so the address can sign up again.
        await mailLinkNow(deps, trx, { userId, name, email }, 'verify-email', now, request.log);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTakenError(email);
      throw error;
    }
    return { email, message: errorMessages.verifyEmailSent };
  });

  addRoute(app, deps, verifyEmail, async ({ body }) => {
    const now = clock();
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        const use = await useOneTimeLink(trx, body.token, ['verify-email', 'change-email'], now, (link) => isLinkDone(trx, link));
        if (use.verdict === 'valid') await applyVerifiedLink(trx, use.link, now);
        return use;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('user.email-taken', 'Could not verify email. Another user signed up with this address meanwhile.');
        throw error;
      });
    if (outcome.verdict !== 'valid') {
      throw new AppError('auth.link-invalid', `Could not verify email. ${linkRefusalReason(outcome.verdict, outcome.purpose)}`, { reason: outcome.verdict });
    }
    const { email, purpose } = outcome.link;
    if (purpose === 'reset-password') throw new Error('a reset link passed as a verification link');
    const message = purpose === 'verify-email' ? 'Your email is verified. You can sign in now.' : `Your email is now ${email}. Sign in with it from now on.`;
    return { email, purpose, message };
  });

  addRoute(app, deps, resendVerification, async ({ body, request, reply }) => {
    await admitMailRequest(deps, request, reply, 'resend-verification', body.email);
    const user = await findUserByEmail(db, body.email);
    if (user && user.email_verified_at === null) {
      const send = await mailLinkLater(deps, { userId: user.user_id, name: user.name, email: user.email }, 'verify-email', clock(), request.log);
      send();
    }
    return { message: errorMessages.verificationResent };
  });
}

/** What the link asks for already holds: the address is verified, or is already the user's. */
async function isLinkDone(trx: Kysely<Database>, link: PresentedLink): Promise<boolean> {
  const user = await trx.selectFrom('users').select(['email', 'email_verified_at']).where('user_id', '=', link.userId).executeTakeFirst();
  if (!user || !sameEmail(user.email, link.email)) return false;
  return link.purpose === 'change-email' || user.email_verified_at !== null;
}

async function applyVerifiedLink(trx: Kysely<Database>, link: PresentedLink, now: Date): Promise<void> {
  const user = await trx.selectFrom('users').select(['email']).where('user_id', '=', link.userId).forUpdate().executeTakeFirstOrThrow();
  if (link.purpose === 'verify-email') {
    // The user changed the address since this link was sent: it proves an address that is no longer theirs.
    if (!sameEmail(user.email, link.email)) throw new AppError('auth.link-invalid', `Could not verify email. ${linkRefusalReason('superseded', 'verify-email')}`, { reason: 'superseded' });
    await trx.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('user_id', '=', link.userId).execute();
    await recordAudit(trx, { actorUserId: link.userId, action: 'user.email-verified', entityType: 'user', entityId: link.userId, before: { emailVerified: false }, after: { emailVerified: true, email: link.email }, at: now });
    // The address is proven now: the invites sent to it (the person signed up from one) make them a member (decision 0021).
    await acceptInvitesOfVerifiedEmail(trx, link.userId, link.email, now);
    await acceptFirmInvitesOfVerifiedEmail(trx, link.userId, link.email, now);
    return;
  }
  const taken = await findUserByEmail(trx, link.email);
  if (taken && taken.user_id !== link.userId) throw new AppError('user.email-taken', `Could not verify email. The email address ${link.email} is already used by another user.`);
  await trx.updateTable('users').set({ email: link.email, email_verified_at: now, updated_at: now }).where('user_id', '=', link.userId).execute();
  await recordAudit(trx, { actorUserId: link.userId, action: 'user.email-changed', entityType: 'user', entityId: link.userId, before: { email: user.email }, after: { email: link.email }, at: now });
}
