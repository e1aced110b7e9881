/**
 * The backend's users and organizations (issue 19): admin-only reads, and "Open as this user", the
 * one write: it checks the user reaches the account, then records who opened it in that account's
 * history (Settings > History) before the web app opens it through the userId/accountKey override.
 */
import type { FastifyInstance } from 'fastify';
import { getBackendOrganization, getBackendUser, impersonateUser, listBackendOrganizations, listBackendUsers } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { findOrganizationDetail, findUserDetail, listOrganizations, listUsers } from './backend-users-repository';

export function registerBackendUsersRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, listBackendUsers, async ({ query }) => listUsers(db, query));

  addRoute(app, deps, getBackendUser, async ({ params }) => {
    const detail = await findUserDetail(db, params.userId);
    if (!detail) throw new AppError('user.not-found', `There is no user ${params.userId}.`, { userId: params.userId });
    return detail;
  });

  addRoute(app, deps, impersonateUser, async ({ caller, params, body }) => {
    const detail = await findUserDetail(db, params.userId);
    if (!detail) throw new AppError('user.not-found', `There is no user ${params.userId}.`, { userId: params.userId });
    if (!detail.accounts.some((a) => a.accountKey === body.accountKey)) {
      throw new AppError('account.not-found', `${detail.user.email} cannot open account ${body.accountKey}: pick one of the accounts listed for this user.`, {
        userId: params.userId,
        accountKey: body.accountKey,
      });
    }
    const staff = await db.selectFrom('users').select(['name', 'email']).where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
    await recordAudit(db, {
      actorUserId: caller.userId,
      accountKey: body.accountKey,
      action: 'backend.user-impersonated',
      entityType: 'user',
      entityId: params.userId,
      after: { staffName: staff.name, staffEmail: staff.email, userId: params.userId, email: detail.user.email },
      at: clock(),
    });
    const path = `/app/admin?${new URLSearchParams({ userId: params.userId, accountKey: body.accountKey }).toString()}`;
    return { userId: params.userId, accountKey: body.accountKey, path };
  });

  addRoute(app, deps, listBackendOrganizations, async ({ query }) => listOrganizations(db, query));

  addRoute(app, deps, getBackendOrganization, async ({ params }) => {
    const detail = await findOrganizationDetail(db, params.organizationId);
    if (!detail) throw new AppError('organization.not-found', `There is no organization ${params.organizationId}.`, { organizationId: params.organizationId });
    return detail;
  });
}
