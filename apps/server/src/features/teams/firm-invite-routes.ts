/**
 * Firm invites (issue 19, decision 0048): a firm admin invites an email address into the firm with a
 * firm role and optionally a team; a team's lead invites into their own team. The token, expiry,
 * resend, revoke and the link's verdicts are the account invites' (decision 0021, core's decideInvite);
 * the mail goes out inside the transaction that creates the invite ('Could not send an invite'), and a
 * new person who signs up from the link joins the firm when the address is verified
 * (acceptFirmInvitesOfVerifiedEmail, called by sign-up). Core's firmInviteAllowed decides who may invite.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { acceptFirmInvite, errorMessages, inviteToFirm, listFirmInvites, previewFirmInvite, resendFirmInvite, revokeFirmInvite, type FirmInvite } from '@ledgerport/contract';
import {
  OTHER_FIRM_REFUSAL,
  decideFirmJoin,
  decideInvite,
  firmInviteAllowed,
  firmInviteRefusalMessage,
  inviteExpiryOf,
  inviteRefusalReason,
  normalizeEmail,
  partnerRoleAfterInvite,
  teamRoleAfterInvite,
  type InviteVerdict,
} from '@ledgerport/core/rules';
import type { Database, FirmInvitesTable } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { hashLinkToken } from '../one-time-links/one-time-links';
import { firmInviteMail, firmInviteUrlOf, firmInviteWords, type FirmInviteAbout } from './firm-invite-mail';
import { findFirmActor, findTeamRole, findTeamRow, type FirmActor } from './team-repository';

type InviteRow = Selectable<FirmInvitesTable>;

const inviteNotFound = () => new AppError('invite.not-found', 'This invite is no longer open: it was accepted, withdrawn or sent again. Refresh the list.');

async function firmActorOf(db: Kysely<Database>, caller: Caller): Promise<FirmActor> {
  const actor = await findFirmActor(db, caller.userId);
  if (!actor) throw new AppError('auth.forbidden', 'Invites into a firm are sent by its admins and team leads, and you are not a member of a partner firm.');
  return actor;
}

/** 404 for a team of another firm (or none); 403 with a sentence unless core lets the actor send this invite. */
async function authorizeInvite(db: Kysely<Database>, actor: FirmActor, request: { partnerRole: 'admin' | 'member'; teamId: string | null }) {
  let team: { team_id: string; name: string } | undefined;
  let teamRole: string | null = null;
  if (request.teamId !== null) {
    team = await findTeamRow(db, actor.partnerCode, request.teamId);
    if (!team) throw new AppError('team.not-found', 'This team does not exist or you do not have access to it.', { teamId: request.teamId });
    teamRole = await findTeamRole(db, request.teamId, actor.userId);
  }
  const asked = { partnerRole: request.partnerRole, hasTeam: request.teamId !== null };
  if (!firmInviteAllowed({ partnerRole: actor.partnerRole, teamRole }, asked)) throw new AppError('auth.forbidden', firmInviteRefusalMessage(asked), { teamId: request.teamId });
  return team ?? null;
}

export function registerFirmInviteRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, listFirmInvites, async ({ caller, query }) => {
    const actor = await findFirmActor(db, caller.userId);
    if (!actor) return { invites: [] };
    let q = db
      .selectFrom('firm_invites as i')
      .leftJoin('teams as t', 't.team_id', 'i.team_id')
      .leftJoin('users as u', 'u.user_id', 'i.invited_by_user_id')
      .selectAll('i')
      .select(['t.name as team_name', 'u.name as inviter_name'])
      .where('i.partner_code', '=', actor.partnerCode)
      .where('i.closed_reason', 'is', null);
    if (query.teamId !== undefined) q = q.where('i.team_id', '=', query.teamId);
    // A lead sees the invites into the teams they lead; any other non-admin none.
    if (actor.partnerRole !== 'admin') {
      q = q.where((eb) => eb.exists(eb.selectFrom('team_members as m').select('m.user_id').whereRef('m.team_id', '=', 'i.team_id').where('m.user_id', '=', actor.userId).where('m.role', '=', 'lead')));
    }
    const rows = await q.orderBy('i.created_at', 'desc').orderBy('i.invite_id', 'desc').execute();
    const now = clock();
    return { invites: rows.map((r) => inviteBody(r, r.team_name, r.inviter_name, now)) };
  });

  addRoute(app, deps, inviteToFirm, async ({ caller, body, request }) => {
    const actor = await firmActorOf(db, caller);
    const teamId = body.teamId ?? null;
    const team = await authorizeInvite(db, actor, { partnerRole: body.partnerRole, teamId });
    const emailKey = normalizeEmail(body.email);
    const existing = await db.selectFrom('users').select(['email', 'partner_code']).where((e) => e(e.fn('lower', ['email']), '=', emailKey)).executeTakeFirst();
    if (existing && existing.partner_code === actor.partnerCode) {
      const where = team ? ` Add them to ${team.name} from Team Settings > Members instead.` : '';
      throw new AppError('invite.already-member', `${existing.email} is already in your firm.${where}`, [{ path: 'email', message: 'Already in your firm.' }]);
    }
    const now = clock();
    const inviter = await db.selectFrom('users').select('name').where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
    const teamRole = team ? (body.teamRole ?? 'member') : null;
    const row = await db.transaction().execute(async (trx) => {
      const open = await trx.selectFrom('firm_invites').selectAll().where('partner_code', '=', actor.partnerCode).where('email_key', '=', emailKey).where('closed_reason', 'is', null).forUpdate().executeTakeFirst();
      if (open && open.expires_at.getTime() > now.getTime()) {
        throw new AppError('invite.already-invited', `${open.email} is already invited to your firm. Resend the invite from the list, or withdraw it first.`, [{ path: 'email', message: 'Already invited.' }]);
      }
      // An expired open invite is replaced by the new one.
      if (open) await trx.updateTable('firm_invites').set({ closed_reason: 'resent', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', open.invite_id).execute();
      const token = crypto.randomBytes(32).toString('base64url');
      const inserted = await trx
        .insertInto('firm_invites')
        .values({
          partner_code: actor.partnerCode,
          email: body.email.trim(),
          email_key: emailKey,
          partner_role: body.partnerRole,
          team_id: team ? team.team_id : null,
          team_role: teamRole,
          invited_by_user_id: caller.userId,
          token_hash: hashLinkToken(token),
          created_at: now,
          expires_at: inviteExpiryOf(now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, caller.userId, 'team.invite-sent', inserted, team?.name ?? null, now);
      await sendFirmInvite(deps, inserted.email, aboutOf(inserted, team?.name ?? null, inviter.name), token, request.log);
      return inserted;
    });
    return inviteBody(row, team?.name ?? null, inviter.name, now);
  });

  addRoute(app, deps, resendFirmInvite, async ({ caller, body, request }) => {
    const actor = await firmActorOf(db, caller);
    const now = clock();
    const inviter = await db.selectFrom('users').select('name').where('user_id', '=', caller.userId).executeTakeFirstOrThrow();
    const { row, teamName } = await db.transaction().execute(async (trx) => {
      const { open, teamName } = await openInviteOrThrow(trx, actor, body.inviteId);
      await trx.updateTable('firm_invites').set({ closed_reason: 'resent', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', open.invite_id).execute();
      const token = crypto.randomBytes(32).toString('base64url');
      const { invite_id: _old, ...kept } = open;
      const inserted = await trx
        .insertInto('firm_invites')
        .values({ ...kept, invited_by_user_id: caller.userId, token_hash: hashLinkToken(token), created_at: now, expires_at: inviteExpiryOf(now), closed_reason: null, closed_at: null, closed_by_user_id: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, caller.userId, 'team.invite-resent', inserted, teamName, now, { inviteId: open.invite_id });
      await sendFirmInvite(deps, inserted.email, aboutOf(inserted, teamName, inviter.name), token, request.log);
      return { row: inserted, teamName };
    });
    return inviteBody(row, teamName, inviter.name, now);
  });

  addRoute(app, deps, revokeFirmInvite, async ({ caller, body }) => {
    const actor = await firmActorOf(db, caller);
    const now = clock();
    const email = await db.transaction().execute(async (trx) => {
      const { open, teamName } = await openInviteOrThrow(trx, actor, body.inviteId);
      await trx.updateTable('firm_invites').set({ closed_reason: 'revoked', closed_at: now, closed_by_user_id: caller.userId }).where('invite_id', '=', open.invite_id).execute();
      await audit(trx, caller.userId, 'team.invite-revoked', open, teamName, now);
      return open.email;
    });
    return { message: `The invite to ${email} was withdrawn.` };
  });

  addRoute(app, deps, acceptFirmInvite, async ({ caller, body }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('firm_invites').selectAll().where('token_hash', '=', hashLinkToken(body.token)).forUpdate().executeTakeFirst();
      const refuse = (reason: Parameters<typeof inviteRefusalReason>[0]) => new AppError('invite.link-invalid', `Could not accept the invite. ${firmRefusalReason(reason)}`, { reason });
      if (!row) throw refuse('unknown');
      if (row.email_key !== normalizeEmail(caller.email)) throw refuse('other-email');
      const verdict = verdictOf(row, now);
      if (verdict !== 'valid') throw refuse(verdict);
      const teamName = await joinFirm(trx, row, caller.userId, now);
      return { partnerCode: row.partner_code, teamName, message: `You joined ${firmInviteWords({ ...aboutOf(row, teamName, null) })}.` };
    });
  });

  addRoute(app, deps, previewFirmInvite, async ({ query }) => {
    const now = clock();
    const row = await db
      .selectFrom('firm_invites as i')
      .leftJoin('teams as t', 't.team_id', 'i.team_id')
      .leftJoin('users as u', 'u.user_id', 'i.invited_by_user_id')
      .selectAll('i')
      .select(['t.name as team_name', 'u.name as inviter_name'])
      .where('i.token_hash', '=', hashLinkToken(query.token))
      .executeTakeFirst();
    const none = { partnerCode: null, teamName: null, email: null, partnerRole: null, teamRole: null, invitedByName: null, hasLogin: false };
    if (!row) return { status: 'unknown' as const, message: firmRefusalReason('unknown'), ...none };
    const verdict = verdictOf(row, now);
    const login = await db.selectFrom('users').select('user_id').where((e) => e(e.fn('lower', ['email']), '=', row.email_key)).executeTakeFirst();
    const about = aboutOf(row, row.team_name, row.inviter_name);
    return {
      status: verdict,
      message: verdict === 'valid' ? `You are invited to join ${firmInviteWords(about)}.` : firmRefusalReason(verdict),
      partnerCode: row.partner_code,
      teamName: about.teamName,
      email: row.email,
      partnerRole: row.partner_role,
      teamRole: about.teamRole,
      invitedByName: row.inviter_name,
      hasLogin: login !== undefined,
    };
  });
}

/** Core's sentences, with the firm's admin in place of the account's owner. */
function firmRefusalReason(verdict: Parameters<typeof inviteRefusalReason>[0]): string {
  return inviteRefusalReason(verdict).replace("the account's owner", "the firm's admin").replace('the owner of the account', 'an admin of the firm').replace('Sign in to open the account.', 'Sign in to see your firm’s clients.');
}

function verdictOf(row: Pick<InviteRow, 'expires_at' | 'closed_reason' | 'closed_at'>, now: Date): InviteVerdict {
  return decideInvite({ expiresAt: row.expires_at, closedReason: row.closed_reason, closedAt: row.closed_at }, now);
}

function aboutOf(row: InviteRow, teamName: string | null, inviterName: string | null): FirmInviteAbout {
  const inTeam = row.team_id !== null && teamName !== null;
  return { partnerCode: row.partner_code, partnerRole: row.partner_role, teamName: inTeam ? teamName : null, teamRole: inTeam ? (row.team_role ?? 'member') : null, inviterName };
}

function inviteBody(row: InviteRow, teamName: string | null, inviterName: string | null, now: Date): FirmInvite {
  const about = aboutOf(row, teamName, inviterName);
  return {
    inviteId: row.invite_id,
    email: row.email,
    partnerRole: row.partner_role,
    teamId: about.teamName === null ? null : row.team_id,
    teamName: about.teamName,
    teamRole: about.teamRole,
    invitedByName: inviterName,
    invitedAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    isExpired: row.expires_at.getTime() <= now.getTime(),
  };
}

async function audit(trx: Kysely<Database>, actorUserId: string, action: string, invite: InviteRow, teamName: string | null, at: Date, before: Record<string, unknown> | null = null): Promise<void> {
  const after = { email: invite.email, partnerCode: invite.partner_code, partnerRole: invite.partner_role, teamId: invite.team_id, teamName, teamRole: invite.team_role };
  const revoked = action === 'team.invite-revoked';
  await recordAudit(trx, { actorUserId, accountKey: null, action, entityType: 'firm-invite', entityId: invite.invite_id, before: revoked ? after : before, after: revoked ? null : after, at });
}

async function sendFirmInvite(deps: Deps, to: string, about: FirmInviteAbout, token: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await deps.mailer.send(firmInviteMail(to, about, firmInviteUrlOf(deps.config.publicUrl, token)));
  } catch (error) {
    log.error({ err: error }, 'could not send a firm invite');
    throw new AppError('invite.send-failed', errorMessages.couldNotSendInvite);
  }
}

/** An open invite of the actor's firm (404 otherwise, another firm's included) that the actor may manage (403 otherwise). */
async function openInviteOrThrow(trx: Kysely<Database>, actor: FirmActor, inviteId: string): Promise<{ open: InviteRow; teamName: string | null }> {
  const open = await trx.selectFrom('firm_invites').selectAll().where('invite_id', '=', inviteId).where('partner_code', '=', actor.partnerCode).forUpdate().executeTakeFirst();
  if (!open || open.closed_reason !== null) throw inviteNotFound();
  const team = open.team_id === null ? undefined : await findTeamRow(trx, actor.partnerCode, open.team_id);
  const teamRole = team ? await findTeamRole(trx, team.team_id, actor.userId) : null;
  const asked = { partnerRole: open.partner_role, hasTeam: team !== undefined };
  if (!firmInviteAllowed({ partnerRole: actor.partnerRole, teamRole }, asked)) throw new AppError('auth.forbidden', firmInviteRefusalMessage(asked), { inviteId });
  return { open, teamName: team?.name ?? null };
}

/**
 * Makes the user a person of the invite's firm (a firm role never goes down) and of its team (a team
 * role never goes down), closes the invite and audits it; refused with a sentence for a person of
 * another firm. Answers the team's name (null: the firm only, or the team was deleted since).
 */
export async function joinFirm(trx: Kysely<Database>, invite: InviteRow, userId: string, now: Date): Promise<string | null> {
  const user = await trx.selectFrom('users').select(['name', 'partner_code', 'partner_role']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const join = decideFirmJoin(user.partner_code, invite.partner_code);
  if (join === 'other-firm') throw new AppError('invite.other-firm', `Could not accept the invite. ${OTHER_FIRM_REFUSAL}`);
  const partnerRole = partnerRoleAfterInvite(join === 'join' ? null : user.partner_role, invite.partner_role);
  await trx.updateTable('users').set({ partner_code: invite.partner_code, partner_role: partnerRole, updated_at: now }).where('user_id', '=', userId).execute();
  const team = invite.team_id === null ? undefined : await findTeamRow(trx, invite.partner_code, invite.team_id);
  if (team) {
    const before = await findTeamRole(trx, team.team_id, userId);
    const role = teamRoleAfterInvite(before, invite.team_role ?? 'member');
    if (before !== role) {
      await trx
        .insertInto('team_members')
        .values({ team_id: team.team_id, user_id: userId, role, created_at: now })
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role }))
        .execute();
      // The team's own line, like an admin adding a member (decision 0038).
      const action = before === null ? 'team.member-added' : 'team.member-role-changed';
      await recordAudit(trx, { actorUserId: userId, accountKey: null, action, entityType: 'team', entityId: team.team_id, before: before === null ? null : { userId, name: user.name, role: before }, after: { userId, name: user.name, role }, at: now });
    }
  }
  await trx.updateTable('firm_invites').set({ closed_reason: 'accepted', closed_at: now, closed_by_user_id: userId }).where('invite_id', '=', invite.invite_id).execute();
  await audit(trx, userId, 'team.invite-accepted', invite, team?.name ?? null, now, { partnerCode: user.partner_code, partnerRole: user.partner_role });
  return team?.name ?? null;
}

/**
 * After a new user verified their email: the open, unexpired firm invites to that address are
 * accepted, newest first (the person signed up from one). A person joins one firm: invites of other
 * firms stay open, and accepting them later is refused with a sentence.
 */
export async function acceptFirmInvitesOfVerifiedEmail(trx: Kysely<Database>, userId: string, email: string, now: Date): Promise<void> {
  const open = await trx.selectFrom('firm_invites').selectAll().where('email_key', '=', normalizeEmail(email)).where('closed_reason', 'is', null).where('expires_at', '>', now).orderBy('created_at', 'desc').orderBy('invite_id', 'desc').forUpdate().execute();
  for (const invite of open) {
    const user = await trx.selectFrom('users').select('partner_code').where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (decideFirmJoin(user.partner_code, invite.partner_code) === 'other-firm') continue;
    await joinFirm(trx, invite, userId, now);
  }
}
