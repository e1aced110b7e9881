import type { FastifyInstance } from 'fastify';
import { listOrganizationAccounts as listOrganizationAccountsEndpoint, listOrganizations, UNASSIGNED_ORGANIZATION_ID, updateOrganization } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { resolveAccounts } from '../users/build-auth-user';
import { resolveTargetUser } from '../users/resolve-target-user';
import type { UserRecord } from '../users/user-repository';
import { findOrganization, isOrganizationVisible, listOrganizationAccounts, listVisibleOrganizationIds } from './organization-repository';

const organizationNotFound = (organizationId: string) =>
  new AppError('organization.not-found', `There is no organization "${organizationId}" that you can open.`, { organizationId });

export function registerOrganizationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const currentKeyOf = async (user: UserRecord) => (await resolveAccounts(db, user, undefined)).currentAccountKey;

  addRoute(app, deps, listOrganizations, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    const current = await currentKeyOf(user);
    const organizations = [];
    for (const id of await listVisibleOrganizationIds(db, user)) {
      const org = await findOrganization(db, user, id, current);
      if (org) organizations.push(org);
    }
    return { organizations };
  });

  addRoute(app, deps, listOrganizationAccountsEndpoint, async ({ caller, query }) => {
    const user = await resolveTargetUser(db, caller, undefined);
    const unassigned = query.organizationId === UNASSIGNED_ORGANIZATION_ID;
    if (!unassigned && !(await isOrganizationVisible(db, user, query.organizationId))) throw organizationNotFound(query.organizationId);
    return { accounts: await listOrganizationAccounts(db, user, unassigned ? null : query.organizationId, await currentKeyOf(user)) };
  });

  addRoute(app, deps, updateOrganization, async ({ caller, query, body }) => {
    const user = await resolveTargetUser(db, caller, query.userId);
    if (!(await isOrganizationVisible(db, user, body.organizationId))) throw organizationNotFound(body.organizationId);
    const before = await findOrganization(db, user, body.organizationId, null);
    if (!before) throw organizationNotFound(body.organizationId);
    if (!before.adminPermissions) throw new AppError('auth.forbidden', 'Only an administrator of this organization can rename it.');
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('organizations').set({ name: body.name, updated_at: now }).where('organization_id', '=', body.organizationId).execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        organizationId: body.organizationId,
        action: 'organization.renamed',
        entityType: 'organization',
        entityId: body.organizationId,
        before: { name: before.name },
        after: { name: body.name },
        at: now,
      });
    });
    const after = await findOrganization(db, user, body.organizationId, await currentKeyOf(user));
    if (!after) throw organizationNotFound(body.organizationId);
    return after;
  });
}
