/**
 * The backend's users and organizations (issue 19): admin-only reads, and "Open as this user", the
 * one write: it checks the user reaches the account, then records who opened it in that account's
 * history (Settings > History) before the web app opens it through the userId/accountKey override.
 */
import type { FastifyInstance } from 'fastify';
import {
  getBackendOrganization,
  getBackendUser,
  impersonateUser,
  listBackendOrganizations,
  listBackendUsers,
  setBackendUserFeatureFlag,
} from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { listUserFlags } from '../users/user-repository';
import {
  findOrganizationDetail,
  findUserDetail,
  listOrganizations,
  listUsers,
} from './backend-users-repository';

export function registerBackendUsersRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  /** The staff member named in the audit line (the caller carries the id and email only). */
  const staffOf = (userId: string) =>
    db.selectFrom('users').select(['name', 'email']).where('user_id', '=', userId).executeTakeFirstOrThrow();

  addRoute(app, deps, listBackendUsers, async ({ query }) => listUsers(db, query));

  addRoute(app, deps, getBackendUser, async ({ params }) => {
    const detail = await findUserDetail(db, params.userId);
    if (!detail)
      throw new AppError('user.not-found', `There is no user ${params.userId}.`, { userId: params.userId });
    return detail;
  });

  addRoute(app, deps, impersonateUser, async ({ caller, params, body }) => {
    const detail = await findUserDetail(db, params.userId);
    if (!detail)
      throw new AppError('user.not-found', `There is no user ${params.userId}.`, { userId: params.userId });
    if (!detail.accounts.some((a) => a.accountKey === body.accountKey)) {
      throw new AppError(
        'account.not-found',
        `${detail.user.email} cannot open account ${body.accountKey}: pick one of the accounts listed for this user.`,
        {
          userId: params.userId,
          accountKey: body.accountKey,
        },
      );
    }
    const staff = await staffOf(caller.userId);
    await recordAudit(db, {
      actorUserId: caller.userId,
      accountKey: body.accountKey,
      action: 'backend.user-impersonated',
      entityType: 'user',
      entityId: params.userId,
      after: {
        staffName: staff.name,
        staffEmail: staff.email,
        userId: params.userId,
        email: detail.user.email,
      },
      at: clock(),
    });
    const path = `/app/admin?${new URLSearchParams({ userId: params.userId, accountKey: body.accountKey }).toString()}`;
    return { userId: params.userId, accountKey: body.accountKey, path };
  });

  addRoute(app, deps, setBackendUserFeatureFlag, async ({ caller, params, body }) => {
    const user = await db
      .selectFrom('users')
      .select(['email'])
      .where('user_id', '=', params.userId)
      .executeTakeFirst();
    if (!user)
      throw new AppError('user.not-found', `There is no user ${params.userId}.`, { userId: params.userId });
    const staff = await staffOf(caller.userId);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const before = await listUserFlags(trx, params.userId);
      if (body.isOn) {
        await trx
          .insertInto('user_feature_flags')
          .values({ user_id: params.userId, flag: body.flag, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'flag']).doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom('user_feature_flags')
          .where('user_id', '=', params.userId)
          .where('flag', '=', body.flag)
          .execute();
      }
      const after = await listUserFlags(trx, params.userId);
      await recordAudit(trx, {
        actorUserId: caller.userId,
        action: 'backend.user-feature-flag-changed',
        entityType: 'user',
        entityId: params.userId,
        before: { featureFlags: before },
        after: {
          featureFlags: after,
          flag: body.flag,
          isOn: body.isOn,
          email: user.email,
          staffName: staff.name,
          staffEmail: staff.email,
        },
        at: now,
      });
      return { featureFlags: after };
    });
  });

  addRoute(app, deps, listBackendOrganizations, async ({ query }) => listOrganizations(db, query));

  addRoute(app, deps, getBackendOrganization, async ({ params }) => {
    const detail = await findOrganizationDetail(db, params.organizationId);
    if (!detail)
      throw new AppError('organization.not-found', `There is no organization ${params.organizationId}.`, {
        organizationId: params.organizationId,
      });
    return detail;
  });
}
