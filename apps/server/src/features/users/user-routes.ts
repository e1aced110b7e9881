import type { FastifyInstance } from 'fastify';
import { confirmOrganizationModal, dismissPayPalBannerOnShopify, getUser, getUserMeta, getUserProfile, updateUserProfile } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { buildAuthUser, buildUserMeta } from './build-auth-user';
import { resolveTargetUser } from './resolve-target-user';
import { findPreferences, findUserByEmail, savePreferences } from './user-repository';
import { canonicalTimeZone } from '@ledgerport/core/rules';
import { admitMailRequest } from '../one-time-links/admit-mail-request';
import { findLiveLink } from '../one-time-links/one-time-links';
import { mailLinkNow } from '../one-time-links/send-link-mail';

export function registerUserRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getUserMeta, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    if (query.accountKey !== undefined) await assertAccountAccess(db, caller, query.accountKey);
    return { ...(await buildUserMeta(db, user, query.accountKey, clock())), paymentProviderEnabled: deps.config.billing !== undefined };
  });

  addRoute(app, deps, getUser, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    if (query.accountKey !== undefined) await assertAccountAccess(db, caller, query.accountKey);
    return buildAuthUser(db, user, query.accountKey);
  });

  addRoute(app, deps, getUserProfile, async ({ caller }) => {
    const user = await resolveTargetUser(db, caller, undefined);
    const pending = await findLiveLink(db, user.userId, 'change-email', clock());
    return { userId: user.userId, email: user.email, name: user.name, timeZone: user.timeZone, pendingEmail: pending?.email ?? null };
  });

  // Name and time zone change at once; a new email is mailed a link and changes only when it is used
  // (POST /oauth/verify-email), so a typo or a stolen session cannot move the account to another address.
  addRoute(app, deps, updateUserProfile, async ({ caller, body, request, reply }) => {
    const before = await resolveTargetUser(db, caller, undefined);
    const now = clock();
    const timeZone = body.timeZone === undefined ? before.timeZone : canonicalTimeZone(body.timeZone);
    if (timeZone === undefined) throw new AppError('request.invalid', `The time zone "${body.timeZone}" is not one we know; choose one from the list.`, [{ path: 'timeZone', message: 'Unknown time zone.' }]);
    const email = body.email?.trim();
    const isEmailChange = email !== undefined && email.toLowerCase() !== before.email.toLowerCase();
    if (isEmailChange) {
      const taken = await findUserByEmail(db, email);
      if (taken) throw new AppError('user.email-taken', `The email address ${email} is already used by another user.`, [{ path: 'email', message: 'Already in use.' }]);
      await admitMailRequest(deps, request, reply, 'change-email', email);
    }
    const after = { name: body.name ?? before.name, timeZone };
    await db.transaction().execute(async (trx) => {
      if (after.name !== before.name || after.timeZone !== before.timeZone) {
        await trx.updateTable('users').set({ name: after.name, time_zone: after.timeZone, updated_at: now }).where('user_id', '=', caller.userId).execute();
        await recordAudit(trx, {
          actorUserId: caller.userId,
          action: 'user.profile-updated',
          entityType: 'user',
          entityId: caller.userId,
          before: { name: before.name, timeZone: before.timeZone },
          after,
          at: now,
        });
      }
      if (isEmailChange) {
        await recordAudit(trx, { actorUserId: caller.userId, action: 'user.email-change-requested', entityType: 'user', entityId: caller.userId, before: { email: before.email }, after: { pendingEmail: email }, at: now });
        await mailLinkNow(deps, trx, { userId: caller.userId, name: after.name, email }, 'change-email', now, request.log);
      }
    });
    const pending = await findLiveLink(db, caller.userId, 'change-email', now);
    return { userId: caller.userId, email: before.email, ...after, pendingEmail: pending?.email ?? null };
  });

  const updatePreferences = async (actorUserId: string, userId: string, change: 'organizationModalConfirmed' | 'payPalBannerOnShopifyDismissed', value: boolean) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const before = await findPreferences(trx, userId);
      const after = { ...before, [change]: value };
      await savePreferences(trx, userId, after, now);
      await recordAudit(trx, { actorUserId, action: 'user.preferences-updated', entityType: 'user', entityId: userId, before: { ...before }, after: { ...after }, at: now });
      return after;
    });
  };

  addRoute(app, deps, confirmOrganizationModal, async ({ caller, body }) => {
    const user = await resolveTargetUser(db, caller, body.userId);
    return updatePreferences(caller.userId, user.userId, 'organizationModalConfirmed', body.organizationModalConfirmed);
  });

  addRoute(app, deps, dismissPayPalBannerOnShopify, async ({ caller }) => updatePreferences(caller.userId, caller.userId, 'payPalBannerOnShopifyDismissed', true));
}
