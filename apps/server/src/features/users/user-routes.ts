import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { confirmOrganizationModal, dismissPayPalBannerOnShopify, getUser, getUserMeta, getUserProfile, updateUserProfile } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { buildAuthUser, buildUserMeta } from './build-auth-user';
import { resolveTargetUser } from './resolve-target-user';
import { findPreferences, savePreferences } from './user-repository';

export function registerUserRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getUserMeta, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    if (query.accountKey !== undefined) await assertAccountAccess(db, caller, query.accountKey);
    return buildUserMeta(db, user, query.accountKey, clock());
  });

  addRoute(app, deps, getUser, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    if (query.accountKey !== undefined) await assertAccountAccess(db, caller, query.accountKey);
    return buildAuthUser(db, user, query.accountKey);
  });

  addRoute(app, deps, getUserProfile, async ({ caller }) => {
    const user = await resolveTargetUser(db, caller, undefined);
    return { userId: user.userId, email: user.email, name: user.name };
  });

  addRoute(app, deps, updateUserProfile, async ({ caller, body }) => {
    const before = await resolveTargetUser(db, caller, undefined);
    const now = clock();
    const email = body.email?.trim();
    if (email !== undefined && email.toLowerCase() !== before.email.toLowerCase()) {
      const taken = await db.selectFrom('users').select('user_id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
      if (taken) throw new AppError('user.email-taken', `The email address ${email} is already used by another user.`, [{ path: 'email', message: 'Already in use.' }]);
    }
    const after = { name: body.name ?? before.name, email: email ?? before.email };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ ...after, updated_at: now }).where('user_id', '=', caller.userId).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        action: 'user.profile-updated',
        entityType: 'user',
        entityId: caller.userId,
        before: { name: before.name, email: before.email },
        after,
        at: now,
      });
    });
    return { userId: caller.userId, ...after };
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
