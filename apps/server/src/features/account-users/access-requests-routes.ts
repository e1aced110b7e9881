/**
 * Access requests (issue 30, decision 0065): /admin/request-access. A signed-in user asks the owners of
 * an account for access by its key; each owner gets an 'invite' notification; an owner grants the
 * request with a role (the person becomes a direct member, as an accepted invite does) or declines it;
 * the person who asked may withdraw a waiting request. Each step writes its audit entry in the same
 * transaction. Until granted, the person who asked sees only the key they typed, never the account's
 * name or anything else of it.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  declineAccessRequest,
  grantAccessRequest,
  listAccountAccessRequests,
  listOwnAccessRequests,
  memberRoleSchema,
  requestAccountAccess,
  withdrawAccessRequest,
  type OwnAccessRequest,
} from '@ledgerport/contract';
import type { AccountAccessRequestsTable, Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertAccountAccess, canAccessAccount } from '../accounts/account-access';
import { notifyUser } from '../notifications/notify';

type RequestRow = Selectable<AccountAccessRequestsTable>;

const ROLE_WORDS: Record<string, string> = { owner: 'an owner', member: 'a member', 'view-only': 'a view-only user' };
const NOT_FOUND = 'No account has this key. Check the key with the account owner: it is shown on their Account Settings > Users page.';

function statusOf(row: RequestRow): OwnAccessRequest['status'] {
  return row.closed_reason === null ? 'waiting' : row.closed_reason;
}

function ownBody(row: RequestRow, accountName: string | null): OwnAccessRequest {
  return {
    requestId: row.request_id,
    accountKey: row.account_key,
    accountName: row.closed_reason === 'granted' ? accountName : null,
    status: statusOf(row),
    role: row.granted_role,
    message: row.message,
    requestedAt: row.created_at.toISOString(),
    answeredAt: row.closed_at?.toISOString() ?? null,
  };
}

export function registerAccessRequestRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, requestAccountAccess, async ({ caller, body }) => {
    const account = await db.selectFrom('accounts').select(['account_key', 'account_name']).where('account_key', '=', body.accountKey).executeTakeFirst();
    if (!account) throw new AppError('account.not-found', NOT_FOUND, { accountKey: body.accountKey });
    if (await canAccessAccount(db, caller, account.account_key)) throw new AppError('access-request.already-member', 'You can already open this account: choose it in the account switcher.');
    const now = clock();
    const row = await db.transaction().execute(async (trx) => {
      const open = await trx.selectFrom('account_access_requests').select('request_id').where('account_key', '=', account.account_key).where('user_id', '=', caller.userId).where('closed_reason', 'is', null).forUpdate().executeTakeFirst();
      if (open) throw new AppError('access-request.already-waiting', 'Your request for this account is already waiting for an owner. You can withdraw it below.');
      const inserted = await trx
        .insertInto('account_access_requests')
        .values({ account_key: account.account_key, user_id: caller.userId, message: body.message ?? '', created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: account.account_key, action: 'account.access-requested', entityType: 'access-request', entityId: inserted.request_id, after: { email: caller.email, message: inserted.message }, at: now });
      const requester = await trx.selectFrom('users').select(['name', 'email']).where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
      for (const owner of await ownersOf(trx, account.account_key)) {
        await notifyUser(trx, {
          userId: owner,
          kind: 'invite',
          title: `${requester.name || requester.email} asks for access to ${account.account_name}`,
          body: `${requester.email} asks to open "${account.account_name}".${inserted.message ? ` Their message: ${inserted.message}` : ''} Grant or decline the request under Account Settings > Users.`,
          link: '/account-settings/users',
          at: now,
        });
      }
      return inserted;
    });
    return ownBody(row, null);
  });

  addRoute(app, deps, listOwnAccessRequests, async ({ caller }) => {
    const rows = await db
      .selectFrom('account_access_requests as r')
      .innerJoin('accounts as a', 'a.account_key', 'r.account_key')
      .selectAll('r')
      .select('a.account_name')
      .where('r.user_id', '=', caller.userId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.request_id', 'desc')
      .limit(50)
      .execute();
    return { requests: rows.map((r) => ownBody(r, r.account_name)) };
  });

  addRoute(app, deps, withdrawAccessRequest, async ({ caller, body }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('account_access_requests').selectAll().where('request_id', '=', body.requestId).where('user_id', '=', caller.userId).forUpdate().executeTakeFirst();
      if (!row || row.closed_reason !== null) throw new AppError('access-request.not-found', 'This request is no longer waiting: it was answered or withdrawn. Refresh the list.');
      const closed = await trx.updateTable('account_access_requests').set({ closed_reason: 'withdrawn', closed_at: now, closed_by_user_id: caller.userId }).where('request_id', '=', row.request_id).returningAll().executeTakeFirstOrThrow();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: row.account_key, action: 'account.access-request-withdrawn', entityType: 'access-request', entityId: row.request_id, before: { email: caller.email }, at: now });
      return ownBody(closed, null);
    });
  });

  addRoute(app, deps, listAccountAccessRequests, async ({ caller, query }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    const rows = await db
      .selectFrom('account_access_requests as r')
      .innerJoin('users as u', 'u.user_id', 'r.user_id')
      .select(['r.request_id', 'r.user_id', 'u.name', 'u.email', 'r.message', 'r.created_at'])
      .where('r.account_key', '=', query.accountKey)
      .where('r.closed_reason', 'is', null)
      .orderBy('r.created_at', 'asc')
      .execute();
    return {
      requests: rows.map((r) => ({ requestId: r.request_id, userId: r.user_id, name: r.name, email: r.email, message: r.message, requestedAt: r.created_at.toISOString() })),
      canManage: level === 'manage',
    };
  });

  addRoute(app, deps, grantAccessRequest, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const row = await waitingRequestOrThrow(trx, query.accountKey, body.requestId);
      const requester = await trx.selectFrom('users').select(['email']).where('user_id', '=', row.user_id).executeTakeFirstOrThrow();
      const accountName = (await trx.selectFrom('accounts').select('account_name').where('account_key', '=', query.accountKey).executeTakeFirstOrThrow()).account_name;
      const existing = await trx.selectFrom('account_memberships').select('role').where('account_key', '=', query.accountKey).where('user_id', '=', row.user_id).executeTakeFirst();
      if (!existing) await trx.insertInto('account_memberships').values({ account_key: query.accountKey, user_id: row.user_id, role: body.role, created_at: now }).execute();
      // Someone who became a member meanwhile (an invite) keeps the role they have.
      const role = existing ? memberRoleSchema.parse(existing.role) : body.role;
      await trx.updateTable('account_access_requests').set({ closed_reason: 'granted', granted_role: role, closed_at: now, closed_by_user_id: caller.userId }).where('request_id', '=', row.request_id).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.access-granted', entityType: 'access-request', entityId: row.request_id, after: { email: requester.email, role }, at: now });
      await notifyUser(trx, {
        userId: row.user_id,
        kind: 'invite',
        title: `You can now open ${accountName}`,
        body: `Your request for access was granted: you are ${ROLE_WORDS[role] ?? role} of "${accountName}". Choose it in the account switcher.`,
        link: `/switch?account=${encodeURIComponent(query.accountKey)}`,
        at: now,
      });
      return { message: `${requester.email} can now open the account as ${ROLE_WORDS[role] ?? role}.` };
    });
  });

  addRoute(app, deps, declineAccessRequest, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const row = await waitingRequestOrThrow(trx, query.accountKey, body.requestId);
      const requester = await trx.selectFrom('users').select(['email']).where('user_id', '=', row.user_id).executeTakeFirstOrThrow();
      await trx.updateTable('account_access_requests').set({ closed_reason: 'declined', closed_at: now, closed_by_user_id: caller.userId }).where('request_id', '=', row.request_id).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.access-declined', entityType: 'access-request', entityId: row.request_id, before: { email: requester.email }, at: now });
      await notifyUser(trx, { userId: row.user_id, kind: 'invite', title: 'Your request for access was declined', body: `An owner of the account ${query.accountKey} declined your request. Ask them directly if you think this is a mistake.`, link: '/admin/request-access', at: now });
      return { message: `The request of ${requester.email} was declined.` };
    });
  });
}

/** Who may answer a request: the account's direct owners and the admins of its organization (level manage). */
async function ownersOf(trx: Kysely<Database>, accountKey: string): Promise<string[]> {
  const direct = await trx.selectFrom('account_memberships').select('user_id').where('account_key', '=', accountKey).where('role', '=', 'owner').execute();
  const viaOrganization = await trx
    .selectFrom('accounts as a')
    .innerJoin('organization_memberships as om', 'om.organization_id', 'a.organization_id')
    .select('om.user_id')
    .where('a.account_key', '=', accountKey)
    .where('om.role', '=', 'admin')
    .execute();
  return [...new Set([...direct, ...viaOrganization].map((r) => r.user_id))];
}

async function waitingRequestOrThrow(trx: Kysely<Database>, accountKey: string, requestId: string): Promise<RequestRow> {
  const row = await trx.selectFrom('account_access_requests').selectAll().where('request_id', '=', requestId).where('account_key', '=', accountKey).forUpdate().executeTakeFirst();
  if (!row || row.closed_reason !== null) throw new AppError('access-request.not-found', 'This request is no longer waiting: it was answered or withdrawn. Refresh the list.');
  return row;
}
