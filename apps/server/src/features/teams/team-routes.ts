/**
 * Teams and Team Settings (issue 19, decision 0038): a partner firm's admins create, rename and delete
 * teams and choose their client accounts; admins and a team's lead change its members. Core's
 * teamActionAllowed decides; every write is audited with who did it and the names involved.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createTeam, deleteTeam, listTeams as listTeamsEndpoint, removeTeamMember, renameTeam, setTeamAccounts, setTeamMember } from '@ledgerport/contract';
import { teamActionAllowed, teamRefusalMessage, type TeamAction } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { isUniqueViolation } from '../users/user-repository';
import { findFirmActor, findTeamRole, findTeamRow, getTeam, listFirmClients, listFirmUsers, listTeams, type FirmActor } from './team-repository';

const teamNotFound = (teamId: string) => new AppError('team.not-found', 'This team does not exist or you do not have access to it.', { teamId });
const nameTaken = (name: string) => new AppError('team.name-taken', `Your firm already has a team named "${name}". Choose another name.`, { name });

async function firmActorOf(db: Kysely<Database>, caller: Caller): Promise<FirmActor> {
  const actor = await findFirmActor(db, caller.userId);
  if (!actor) throw new AppError('auth.forbidden', 'Teams belong to a partner firm, and you are not a member of one.');
  return actor;
}

/** The team of the caller's firm (404 otherwise, another firm's included) once core allows the action. */
async function authorizeTeam(db: Kysely<Database>, actor: FirmActor, teamId: string, action: TeamAction) {
  const team = await findTeamRow(db, actor.partnerCode, teamId);
  if (!team) throw teamNotFound(teamId);
  const teamRole = await findTeamRole(db, teamId, actor.userId);
  // A non-admin outside the team does not learn it exists.
  if (actor.partnerRole !== 'admin' && teamRole === null) throw teamNotFound(teamId);
  if (!teamActionAllowed({ partnerRole: actor.partnerRole, teamRole }, action)) throw new AppError('auth.forbidden', teamRefusalMessage(action), { teamId, action });
  return team;
}

export function registerTeamRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const audit = (trx: Kysely<Database>, caller: Caller, action: string, teamId: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null, accountKey?: string) =>
    recordAudit(trx, { actorUserId: caller.userId, accountKey: accountKey ?? null, action, entityType: 'team', entityId: teamId, before, after, at: clock() });

  addRoute(app, deps, listTeamsEndpoint, async ({ caller }) => {
    const actor = await findFirmActor(db, caller.userId);
    if (!actor) return { partnerCode: null, isFirmAdmin: false, teams: [], firmUsers: [], clients: [] };
    return {
      partnerCode: actor.partnerCode,
      isFirmAdmin: actor.partnerRole === 'admin',
      teams: await listTeams(db, actor),
      firmUsers: await listFirmUsers(db, actor.partnerCode),
      clients: await listFirmClients(db, actor),
    };
  });

  addRoute(app, deps, createTeam, async ({ caller, body }) => {
    const actor = await firmActorOf(db, caller);
    if (!teamActionAllowed({ partnerRole: actor.partnerRole, teamRole: null }, 'create')) throw new AppError('auth.forbidden', teamRefusalMessage('create'));
    const now = clock();
    const teamId = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx.insertInto('teams').values({ partner_code: actor.partnerCode, name: body.name, created_at: now, updated_at: now }).returning('team_id').executeTakeFirstOrThrow();
        const id = String(row.team_id);
        await audit(trx, caller, 'team.created', id, null, { name: body.name, partnerCode: actor.partnerCode });
        return id;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? nameTaken(body.name) : error;
      });
    return getTeam(db, actor, teamId);
  });

  addRoute(app, deps, renameTeam, async ({ caller, body }) => {
    const actor = await firmActorOf(db, caller);
    const team = await authorizeTeam(db, actor, body.teamId, 'rename');
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('teams').set({ name: body.name, updated_at: clock() }).where('team_id', '=', body.teamId).execute();
        await audit(trx, caller, 'team.renamed', body.teamId, { name: team.name }, { name: body.name });
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? nameTaken(body.name) : error;
      });
    return getTeam(db, actor, body.teamId);
  });

  addRoute(app, deps, deleteTeam, async ({ caller, body, reply }) => {
    const actor = await firmActorOf(db, caller);
    await authorizeTeam(db, actor, body.teamId, 'delete');
    const before = await getTeam(db, actor, body.teamId);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('teams').where('team_id', '=', body.teamId).execute();
      await audit(trx, caller, 'team.deleted', body.teamId, { name: before.name, members: before.members.map((m) => m.name), accounts: before.accounts.map((a) => a.accountKey) }, null);
    });
    return reply.status(204).send();
  });

  addRoute(app, deps, setTeamMember, async ({ caller, body }) => {
    const actor = await firmActorOf(db, caller);
    await authorizeTeam(db, actor, body.teamId, 'members');
    const user = await db.selectFrom('users').select(['user_id', 'name']).where('user_id', '=', body.userId).where('partner_code', '=', actor.partnerCode).executeTakeFirst();
    if (!user) throw new AppError('team.not-in-firm', 'Only people of your firm can join its teams. Invite a new person to a client account first.', { userId: body.userId });
    const beforeRole = await findTeamRole(db, body.teamId, body.userId);
    if (beforeRole !== body.role) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('team_members')
          .values({ team_id: body.teamId, user_id: body.userId, role: body.role, created_at: clock() })
          .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role: body.role }))
          .execute();
        const action = beforeRole === null ? 'team.member-added' : 'team.member-role-changed';
        await audit(trx, caller, action, body.teamId, beforeRole === null ? null : { userId: user.user_id, name: user.name, role: beforeRole }, { userId: user.user_id, name: user.name, role: body.role });
      });
    }
    return getTeam(db, actor, body.teamId);
  });

  addRoute(app, deps, removeTeamMember, async ({ caller, body }) => {
    const actor = await firmActorOf(db, caller);
    await authorizeTeam(db, actor, body.teamId, 'members');
    const member = await db
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.user_id', 'm.user_id')
      .select(['u.name', 'm.role'])
      .where('m.team_id', '=', body.teamId)
      .where('m.user_id', '=', body.userId)
      .executeTakeFirst();
    if (!member) throw new AppError('member.not-found', 'This person is not a member of the team.', { teamId: body.teamId, userId: body.userId });
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('team_members').where('team_id', '=', body.teamId).where('user_id', '=', body.userId).execute();
      await audit(trx, caller, 'team.member-removed', body.teamId, { userId: body.userId, name: member.name, role: member.role }, null);
    });
    return getTeam(db, actor, body.teamId);
  });

  addRoute(app, deps, setTeamAccounts, async ({ caller, body }) => {
    const actor = await firmActorOf(db, caller);
    await authorizeTeam(db, actor, body.teamId, 'accounts');
    const wanted = [...new Set(body.accountKeys)];
    const inFirm = wanted.length === 0 ? [] : await db.selectFrom('accounts').select('account_key').where('account_key', 'in', wanted).where('partner_code', '=', actor.partnerCode).execute();
    const outside = wanted.filter((k) => !inFirm.some((r) => r.account_key === k));
    // An account of another firm answers like a missing one: no existence leak.
    if (outside.length > 0) throw new AppError('account.not-found', 'This account does not exist or is not a client of your firm.', { accountKeys: outside });
    const current = (await db.selectFrom('team_accounts').select('account_key').where('team_id', '=', body.teamId).execute()).map((r) => r.account_key);
    const added = wanted.filter((k) => !current.includes(k));
    const removed = current.filter((k) => !wanted.includes(k));
    if (added.length > 0 || removed.length > 0) {
      await db.transaction().execute(async (trx) => {
        const now = clock();
        if (removed.length > 0) await trx.deleteFrom('team_accounts').where('team_id', '=', body.teamId).where('account_key', 'in', removed).execute();
        if (added.length > 0) await trx.insertInto('team_accounts').values(added.map((k) => ({ account_key: k, team_id: body.teamId, created_at: now }))).execute();
        // One line per client changed, in that client's History too.
        for (const k of added) await audit(trx, caller, 'team.account-added', body.teamId, null, { accountKey: k }, k);
        for (const k of removed) await audit(trx, caller, 'team.account-removed', body.teamId, { accountKey: k }, null, k);
      });
    }
    return getTeam(db, actor, body.teamId);
  });
}
