/**
 * Account Settings > Users (issue 15, decision 0021): the account's users and open invites, inviting
 * by email with a role, resend, revoke, role changes and removal (owners: effect manage), and the
 * invited person's accept and decline (effect self). Core decides (decideInvite, decideMembershipChange);
 * this file reads the rows and acts, each change with its audit entry in the same transaction.
 * An invite's mail goes out inside the transaction that creates it: a mail that cannot go leaves no
 * invite behind ('Could not send an invite').
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  acceptAccountInvite,
  changeAccountUserRole,
  declineAccountInvite,
  errorMessages,
  inviteAccountUser,
  listAccountUsers,
  previewAccountInvite,
  removeAccountUser,
  resendAccountInvite,
  revokeAccountInvite,
  type AccountInvite,
  type AccountUser,
} from '@ledgerport/contract';
import { decideInvite, decideMembershipChange, inviteExpiryOf, inviteRefusalReason, normalizeEmail, type AccountRole, type InviteVerdict } from '@ledgerport/core/rules';
import type { AccountInvitesTable, Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { hashLinkToken } from '../one-time-links/one-time-links';
import { inviteMail, inviteUrlOf } from './invite-mail';
import { notifyInvited } from '../notifications/notify-events';

type InviteRow = Selectable<AccountInvitesTable>;

export function registerAccountUsersRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, listAccountUsers, async ({ caller, query }) => {
    const level = await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    const invites = await db
      .selectFrom('account_invites as i')
      .leftJoin('users as u', 'u.user_id', 'i.invited_by_user_id')
      .selectAll('i')
      .select('u.name as inviter_name')
      .where('i.account_key', '=', query.accountKey)
      .where('i.closed_reason', 'is', null)
      .orderBy('i.created_at', 'desc')
      .execute();
    return {
      accountKey: query.accountKey,
      users: await listUsersOf(db, query.accountKey),
      invites: invites.map((i) => inviteBody(i, i.inviter_name, now)),
      canManage: level === 'manage',
    };
  });

  addRoute(app, deps, inviteAccountUser, async ({ caller, query, body, request }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const emailKey = normalizeEmail(body.email);
    const existing = await db
      .selectFrom('account_memberships as m')
      .innerJoin('users as u', 'u.user_id', 'm.user_id')
      .select('u.email')
      .where('m.account_key', '=', query.accountKey)
      .where((e) => e(e.fn('lower', ['u.email']), '=', emailKey))
      .executeTakeFirst();
    if (existing) throw new AppError('invite.already-member', `${existing.email} is already a member of this account. Change their role in the list instead.`, [{ path: 'email', message: 'Already a member.' }]);
    const now = clock();
    const account = await accountNameOf(db, query.accountKey);
    const inviter = await db.selectFrom('users').select('name').where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
    const row = await db
      .transaction()
      .execute(async (trx) => {
        const open = await trx.selectFrom('account_invites').selectAll().where('account_key', '=', query.accountKey).where('email_key', '=', emailKey).where('closed_reason', 'is', null).forUpdate().executeTakeFirst();
        if (open && open.expires_at.getTime() > now.getTime()) {
          throw new AppError('invite.already-invited', `${open.email} is already invited to this account. Resend the invite from the list, or revoke it first.`, [{ path: 'email', message: 'Already invited.' }]);
        }
        // An expired open invite is replaced by the new one.
        if (open) await trx.updateTable('account_invites').set({ closed_reason: 'resent', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', open.invite_id).execute();
        const token = crypto.randomBytes(32).toString('base64url');
        const inserted = await trx
          .insertInto('account_invites')
          .values({ account_key: query.accountKey, email: body.email.trim(), email_key: emailKey, role: body.role, invited_by_user_id: caller.userId, token_hash: hashLinkToken(token), created_at: now, expires_at: inviteExpiryOf(now) })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.user-invited', entityType: 'account-invite', entityId: inserted.invite_id, after: { email: inserted.email, role: inserted.role }, at: now });
        await notifyInvitedUser(trx, inserted, { accountName: account, inviterName: inviter.name, at: now });
        await sendInvite(deps, inserted.email, { accountName: account, role: inserted.role, inviterName: inviter.name }, token, request.log);
        return inserted;
      });
    return inviteBody(row, inviter.name, now);
  });

  addRoute(app, deps, resendAccountInvite, async ({ caller, query, body, request }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    const account = await accountNameOf(db, query.accountKey);
    const inviter = await db.selectFrom('users').select('name').where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
    const row = await db.transaction().execute(async (trx) => {
      const open = await openInviteOrThrow(trx, query.accountKey, body.inviteId);
      await trx.updateTable('account_invites').set({ closed_reason: 'resent', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', open.invite_id).execute();
      const token = crypto.randomBytes(32).toString('base64url');
      const inserted = await trx
        .insertInto('account_invites')
        .values({ account_key: query.accountKey, email: open.email, email_key: open.email_key, role: open.role, invited_by_user_id: caller.userId, token_hash: hashLinkToken(token), created_at: now, expires_at: inviteExpiryOf(now) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.user-invite-resent', entityType: 'account-invite', entityId: inserted.invite_id, before: { inviteId: open.invite_id }, after: { email: inserted.email, role: inserted.role }, at: now });
      await sendInvite(deps, inserted.email, { accountName: account, role: inserted.role, inviterName: inviter.name }, token, request.log);
      return inserted;
    });
    return inviteBody(row, inviter.name, now);
  });

  addRoute(app, deps, revokeAccountInvite, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    const email = await db.transaction().execute(async (trx) => {
      const open = await openInviteOrThrow(trx, query.accountKey, body.inviteId);
      await trx.updateTable('account_invites').set({ closed_reason: 'revoked', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', open.invite_id).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.user-invite-revoked', entityType: 'account-invite', entityId: open.invite_id, before: { email: open.email, role: open.role }, at: now });
      return open.email;
    });
    return { message: `The invite to ${email} was withdrawn.` };
  });

  addRoute(app, deps, changeAccountUserRole, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const members = await directMembersForUpdate(trx, query.accountKey);
      const before = members.find((m) => m.userId === body.userId);
      if (!before) throw new AppError('member.not-found', 'This person is not a member of the account.');
      const verdict = decideMembershipChange(members, body.userId, body.role);
      if (!verdict.allowed) throw new AppError('member.last-owner', verdict.reason);
      if (before.role === body.role) return;
      await trx.updateTable('account_memberships').set({ role: body.role }).where('account_key', '=', query.accountKey).where('user_id', '=', body.userId).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.user-role-changed', entityType: 'user', entityId: body.userId, before: { role: before.role, email: before.email }, after: { role: body.role, email: before.email }, at: now });
    });
    const user = (await listUsersOf(db, query.accountKey)).find((u) => u.userId === body.userId);
    if (!user) throw new AppError('member.not-found', 'This person is not a member of the account.');
    return user;
  });

  addRoute(app, deps, removeAccountUser, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = clock();
    const email = await db.transaction().execute(async (trx) => {
      const members = await directMembersForUpdate(trx, query.accountKey);
      const before = members.find((m) => m.userId === body.userId);
      if (!before) throw new AppError('member.not-found', 'This person is not a member of the account.');
      const verdict = decideMembershipChange(members, body.userId, null);
      if (!verdict.allowed) throw new AppError('member.last-owner', verdict.reason);
      await trx.deleteFrom('account_memberships').where('account_key', '=', query.accountKey).where('user_id', '=', body.userId).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: query.accountKey, action: 'account.user-removed', entityType: 'user', entityId: body.userId, before: { role: before.role, email: before.email }, at: now });
      return before.email;
    });
    return { message: `${email} was removed from the account.` };
  });

  addRoute(app, deps, acceptAccountInvite, async ({ caller, body }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const invite = await ownInviteOrThrow(trx, caller, body, now);
      const accountName = await accountNameOf(trx, invite.account_key);
      await acceptInvite(trx, invite, caller.userId, now);
      return { accountKey: invite.account_key, accountName, role: invite.role, message: `You are now ${invite.role === 'view-only' ? 'a view-only user' : `a${invite.role === 'owner' ? 'n' : ''} ${invite.role}`} of ${accountName}.` };
    });
  });

  addRoute(app, deps, declineAccountInvite, async ({ caller, body }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const invite = await ownInviteOrThrow(trx, caller, body, now);
      await trx.updateTable('account_invites').set({ closed_reason: 'declined', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', invite.invite_id).execute();
      await recordAudit(trx, { actorUserId: caller.userId, accountKey: invite.account_key, action: 'account.user-invite-declined', entityType: 'account-invite', entityId: invite.invite_id, before: { email: invite.email, role: invite.role }, at: now });
      return { message: 'The invite was declined.' };
    });
  });

  addRoute(app, deps, previewAccountInvite, async ({ query }) => {
    const now = clock();
    const row = await db
      .selectFrom('account_invites as i')
      .innerJoin('accounts as a', 'a.account_key', 'i.account_key')
      .leftJoin('users as u', 'u.user_id', 'i.invited_by_user_id')
      .selectAll('i')
      .select(['a.account_name', 'u.name as inviter_name'])
      .where('i.token_hash', '=', hashLinkToken(query.token))
      .executeTakeFirst();
    if (!row) return { status: 'unknown' as const, message: inviteRefusalReason('unknown'), accountName: null, email: null, role: null, invitedByName: null, hasLogin: false };
    const verdict = verdictOf(row, now);
    const login = await db.selectFrom('users').select('user_id').where((e) => e(e.fn('lower', ['email']), '=', row.email_key)).executeTakeFirst();
    return {
      status: verdict,
      message: verdict === 'valid' ? `You are invited to ${row.account_name}.` : inviteRefusalReason(verdict),
      accountName: row.account_name,
      email: row.email,
      role: row.role,
      invitedByName: row.inviter_name,
      hasLogin: login !== undefined,
    };
  });
}

function verdictOf(row: Pick<InviteRow, 'expires_at' | 'closed_reason' | 'closed_at'>, now: Date): InviteVerdict {
  return decideInvite({ expiresAt: row.expires_at, closedReason: row.closed_reason, closedAt: row.closed_at }, now);
}

function inviteBody(row: InviteRow, inviterName: string | null, now: Date): AccountInvite {
  return {
    inviteId: row.invite_id,
    email: row.email,
    role: row.role,
    invitedByName: inviterName,
    invitedAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    isExpired: row.expires_at.getTime() <= now.getTime(),
  };
}

/** The invited address has a login already: an 'invite' notification too (the mail is the only word a newcomer gets). */
async function notifyInvitedUser(trx: Kysely<Database>, invite: InviteRow, about: { accountName: string; inviterName: string | null; at: Date }): Promise<void> {
  const user = await trx.selectFrom('users').select('user_id').where((e) => e(e.fn('lower', ['email']), '=', invite.email_key)).where('email_verified_at', 'is not', null).executeTakeFirst();
  if (user) await notifyInvited(trx, { userId: user.user_id, role: invite.role, ...about });
}

async function sendInvite(deps: Deps, to: string, invite: { accountName: string; role: string; inviterName: string | null }, token: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await deps.mailer.send(inviteMail(to, invite, inviteUrlOf(deps.config.publicUrl, token)));
  } catch (error) {
    log.error({ err: error }, 'could not send an invite');
    throw new AppError('invite.send-failed', errorMessages.couldNotSendInvite);
  }
}

async function accountNameOf(db: Kysely<Database>, accountKey: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('account_name').where('account_key', '=', accountKey).executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  return row.account_name;
}

async function openInviteOrThrow(trx: Kysely<Database>, accountKey: string, inviteId: string): Promise<InviteRow> {
  const row = await trx.selectFrom('account_invites').selectAll().where('invite_id', '=', inviteId).where('account_key', '=', accountKey).forUpdate().executeTakeFirst();
  if (!row || row.closed_reason !== null) throw new AppError('invite.not-found', 'This invite is no longer open: it was accepted, declined, withdrawn or sent again. Refresh the list.');
  return row;
}

async function directMembersForUpdate(trx: Kysely<Database>, accountKey: string): Promise<Array<{ userId: string; role: string; email: string }>> {
  const rows = await trx
    .selectFrom('account_memberships as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'u.email'])
    .where('m.account_key', '=', accountKey)
    .forUpdate('m')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, role: r.role, email: r.email }));
}

/** The caller's own invite, by link token or id: refused with core's sentence unless it is open, unexpired and sent to the caller's email. */
async function ownInviteOrThrow(trx: Kysely<Database>, caller: Caller, ref: { inviteId?: string | undefined; token?: string | undefined }, now: Date): Promise<InviteRow> {
  let q = trx.selectFrom('account_invites').selectAll();
  q = ref.token !== undefined ? q.where('token_hash', '=', hashLinkToken(ref.token)) : q.where('invite_id', '=', ref.inviteId ?? '0');
  const row = await q.forUpdate().executeTakeFirst();
  const refuse = (reason: Parameters<typeof inviteRefusalReason>[0]) => new AppError('invite.link-invalid', `Could not accept the invite. ${inviteRefusalReason(reason)}`, { reason });
  if (!row) throw refuse('unknown');
  if (row.email_key !== normalizeEmail(caller.email)) throw ref.token !== undefined ? refuse('other-email') : refuse('unknown');
  const verdict = verdictOf(row, now);
  if (verdict !== 'valid') throw refuse(verdict);
  return row;
}

/** Makes the user a member with the invite's role (a higher existing role is kept) and closes the invite. */
export async function acceptInvite(trx: Kysely<Database>, invite: InviteRow, userId: string, now: Date): Promise<void> {
  const existing = await trx.selectFrom('account_memberships').select('role').where('account_key', '=', invite.account_key).where('user_id', '=', userId).executeTakeFirst();
  if (!existing) {
    await trx.insertInto('account_memberships').values({ account_key: invite.account_key, user_id: userId, role: invite.role, created_at: now }).execute();
  }
  await trx.updateTable('account_invites').set({ closed_reason: 'accepted', closed_at: now, closed_by_user_id: userId }).where('invite_id', '=', invite.invite_id).execute();
  await recordAudit(trx, { actorUserId: userId, accountKey: invite.account_key, action: 'account.user-invite-accepted', entityType: 'account-invite', entityId: invite.invite_id, after: { email: invite.email, role: existing?.role ?? invite.role }, at: now });
}

/** After a new user verified their email: every open, unexpired invite to that address is accepted (they signed up from it). */
export async function acceptInvitesOfVerifiedEmail(trx: Kysely<Database>, userId: string, email: string, now: Date): Promise<void> {
  const open = await trx.selectFrom('account_invites').selectAll().where('email_key', '=', normalizeEmail(email)).where('closed_reason', 'is', null).where('expires_at', '>', now).forUpdate().execute();
  for (const invite of open) await acceptInvite(trx, invite, userId, now);
}

/** Open, unexpired invites to the user's email, for the user meta's pendingInvites. */
export async function pendingInvitesOf(db: Kysely<Database>, email: string, now: Date) {
  const rows = await db
    .selectFrom('account_invites as i')
    .innerJoin('accounts as a', 'a.account_key', 'i.account_key')
    .leftJoin('users as u', 'u.user_id', 'i.invited_by_user_id')
    .select(['i.invite_id', 'i.account_key', 'a.account_name', 'i.role', 'u.name as inviter_name', 'i.created_at'])
    .where('i.email_key', '=', normalizeEmail(email))
    .where('i.closed_reason', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ inviteId: r.invite_id, accountKey: r.account_key, accountName: r.account_name, role: r.role, invitedByName: r.inviter_name, invitedAt: r.created_at.toISOString() }));
}

/** Everyone who reaches the account: direct members, its organization's members, and the partner firm's team. */
async function listUsersOf(db: Kysely<Database>, accountKey: string): Promise<AccountUser[]> {
  const account = await db.selectFrom('accounts').select(['organization_id', 'partner_code']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  const byId = new Map<string, AccountUser>();
  const entry = (u: { user_id: string; name: string; email: string }) => {
    let e = byId.get(u.user_id);
    if (!e) {
      e = { userId: u.user_id, name: u.name, email: u.email, role: null, access: [], organizationRole: null };
      byId.set(u.user_id, e);
    }
    return e;
  };
  const members = await db.selectFrom('account_memberships as m').innerJoin('users as u', 'u.user_id', 'm.user_id').select(['u.user_id', 'u.name', 'u.email', 'm.role']).where('m.account_key', '=', accountKey).execute();
  for (const m of members) {
    const e = entry(m);
    e.role = (['owner', 'member', 'view-only'].includes(m.role) ? m.role : 'view-only') as AccountRole;
    e.access.push('member');
  }
  if (account.organization_id) {
    const org = await db.selectFrom('organization_memberships as m').innerJoin('users as u', 'u.user_id', 'm.user_id').select(['u.user_id', 'u.name', 'u.email', 'm.role']).where('m.organization_id', '=', account.organization_id).execute();
    for (const m of org) {
      const e = entry(m);
      e.organizationRole = m.role;
      e.access.push('organization');
    }
  }
  if (account.partner_code) {
    // The firm's admins and the members of the firm's teams that include this client (decision 0038).
    const team = await db
      .selectFrom('users')
      .select(['user_id', 'name', 'email'])
      .where('partner_code', '=', account.partner_code)
      .where((eb) =>
        eb.or([
          eb('partner_role', '=', 'admin'),
          eb.exists(
            eb.selectFrom('team_members as tm').innerJoin('team_accounts as ta', 'ta.team_id', 'tm.team_id').select('tm.user_id').whereRef('tm.user_id', '=', 'users.user_id').where('ta.account_key', '=', accountKey),
          ),
        ]),
      )
      .execute();
    for (const u of team) entry(u).access.push('partner');
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}
