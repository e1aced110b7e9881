/**
 * Reads of a partner firm's teams (decision 0038). Every query is bound to the firm's partner code;
 * team rows are found by id AND partner code, so another firm's team is simply not found.
 */
import { sql, type Kysely } from 'kysely';
import type { FirmUser, SalesChannel, Team, TeamClient } from '@ledgerport/contract';
import { teamActionAllowed } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { firmReachBy } from '../accounts/account-access';

/** The caller as the firm knows them: partner code and firm role, read fresh. */
export interface FirmActor {
  userId: string;
  partnerCode: string;
  partnerRole: string | null;
}

export async function findFirmActor(db: Kysely<Database>, userId: string): Promise<FirmActor | undefined> {
  const row = await db.selectFrom('users').select(['user_id', 'partner_code', 'partner_role']).where('user_id', '=', userId).executeTakeFirst();
  if (!row?.partner_code) return undefined;
  return { userId: row.user_id, partnerCode: row.partner_code, partnerRole: row.partner_role };
}

export async function findTeamRow(db: Kysely<Database>, partnerCode: string, teamId: string) {
  return db.selectFrom('teams').select(['team_id', 'name']).where('team_id', '=', teamId).where('partner_code', '=', partnerCode).executeTakeFirst();
}

export async function findTeamRole(db: Kysely<Database>, teamId: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom('team_members').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** The firm's teams as the actor sees them: every team for a firm admin, their own otherwise. */
export async function listTeams(db: Kysely<Database>, actor: FirmActor, onlyTeamId?: string): Promise<Team[]> {
  let q = db.selectFrom('teams as t').select(['t.team_id', 't.name']).where('t.partner_code', '=', actor.partnerCode);
  if (onlyTeamId !== undefined) q = q.where('t.team_id', '=', onlyTeamId);
  if (actor.partnerRole !== 'admin') {
    q = q.where((eb) => eb.exists(eb.selectFrom('team_members as m').select('m.user_id').whereRef('m.team_id', '=', 't.team_id').where('m.user_id', '=', actor.userId)));
  }
  const teams = await q.orderBy(sql`lower(t.name)`).orderBy('t.team_id').execute();
  if (teams.length === 0) return [];
  const ids = teams.map((t) => t.team_id);
  const members = await db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['m.team_id', 'u.user_id', 'u.name', 'u.email', 'm.role'])
    .where('m.team_id', 'in', ids)
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.user_id')
    .execute();
  // Bound to the firm: an account that left the firm (another partner code) is no longer shown in its teams.
  const accounts = await db
    .selectFrom('team_accounts as ta')
    .innerJoin('accounts as a', 'a.account_key', 'ta.account_key')
    .select(['ta.team_id', 'a.account_key', 'a.account_name', 'a.sales_channel'])
    .where('ta.team_id', 'in', ids)
    .where('a.partner_code', '=', actor.partnerCode)
    .orderBy(sql`lower(a.account_name)`)
    .orderBy('a.account_key')
    .execute();
  return teams.map((t) => {
    const own = members.filter((m) => m.team_id === t.team_id);
    const myRole = own.find((m) => m.user_id === actor.userId)?.role ?? null;
    return {
      teamId: String(t.team_id),
      name: t.name,
      members: own.map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role })),
      accounts: accounts.filter((a) => a.team_id === t.team_id).map(toClient),
      canManageMembers: teamActionAllowed({ partnerRole: actor.partnerRole, teamRole: myRole }, 'members'),
    };
  });
}

export async function getTeam(db: Kysely<Database>, actor: FirmActor, teamId: string): Promise<Team> {
  // A lead who removed themselves no longer sees the team: answer with the admin's view of it.
  const [team] = await listTeams(db, { ...actor, partnerRole: 'admin' }, teamId);
  if (!team) throw new Error(`team ${teamId} vanished`);
  const myRole = team.members.find((m) => m.userId === actor.userId)?.role ?? null;
  return { ...team, canManageMembers: teamActionAllowed({ partnerRole: actor.partnerRole, teamRole: myRole }, 'members') };
}

export async function listFirmUsers(db: Kysely<Database>, partnerCode: string): Promise<FirmUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'name', 'email', 'partner_role'])
    .where('partner_code', '=', partnerCode)
    .orderBy(sql`lower(name)`)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, name: r.name, email: r.email, partnerRole: r.partner_role === 'admin' ? 'admin' : 'member' }));
}

/** The firm's clients the actor reaches through the firm (all of them for a firm admin). */
export async function listFirmClients(db: Kysely<Database>, actor: FirmActor): Promise<TeamClient[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'sales_channel'])
    .where('partner_code', '=', actor.partnerCode)
    .where(firmReachBy(actor.userId))
    .orderBy(sql`lower(account_name)`)
    .orderBy('account_key')
    .execute();
  return rows.map(toClient);
}

function toClient(r: { account_key: string; account_name: string; sales_channel: string }): TeamClient {
  return { accountKey: r.account_key, accountName: r.account_name, salesChannel: r.sales_channel as SalesChannel };
}
