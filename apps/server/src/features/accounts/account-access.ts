/**
 * Tenancy: which accounts a user may open. A user reaches an account as a member of it, as a member
 * of its organization, or as the partner whose partnerCode it carries (a firm admin: every client; any
 * other firm member: the clients of their teams, decision 0038). Admins (rootAdmin,
 * supportLead, supportAdmin) may open any account, but their own lists show only what they reach
 * like everyone else (the backend list pages through all accounts).
 * A refused account answers 404 account.not-found, the same as a missing one: no existence leak.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { errorMessages } from '@ledgerport/contract';
import { accountAccessLevel, allows, firmReachesAccount, refusalMessage, type AccessLevel } from '@ledgerport/core/rules';
import { prepared, type Database } from '@ledgerport/db';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';

/**
 * SQL condition on an accounts row of the statement (named by its table name or alias): the user
 * reaches it through membership, organization or partner code. The two memberships are one EXISTS over
 * UNION ALL: PostgreSQL probes each membership index for that one row, where an OR of two EXISTS is
 * planned as hashing every membership of the user (0.15 ms for 200 accounts).
 */
function reachableFrom(accounts: string, userId: Expression<string>, partnerCode: Expression<string | null> | null): RawBuilder<boolean> {
  const member = sql`exists (select 1 from account_memberships am where am.account_key = ${sql.ref(`${accounts}.account_key`)} and am.user_id = ${userId}
    union all select 1 from organization_memberships om where om.organization_id = ${sql.ref(`${accounts}.organization_id`)} and om.user_id = ${userId})`;
  return partnerCode
    ? sql<boolean>`(${member} or (${sql.ref(`${accounts}.partner_code`)} = ${partnerCode} and ${firmAdminOrTeam(accounts, userId)}))`
    : sql<boolean>`${member}`;
}

/**
 * SQL condition, for an account already known to carry the user's partner code: the firm reaches it
 * for this user (core's firmReachesAccount): the user is a firm admin, or one of the user's teams
 * includes the account (decision 0038). The one place the partner path of tenancy is decided in SQL:
 * the account lists, the account check and the Partner Dashboard all use it.
 */
function firmAdminOrTeam(accounts: string, userId: Expression<string>): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from users fu where fu.user_id = ${userId} and fu.partner_role = 'admin')
    or exists (select 1 from team_accounts ta join team_members tm on tm.team_id = ta.team_id
      where ta.account_key = ${sql.ref(`${accounts}.account_key`)} and tm.user_id = ${userId}))`;
}

/** SQL condition on an accounts row carrying the user's partner code: the firm path reaches it for this user (firm admin, or a team of theirs). */
export function firmReachBy(userId: string, accounts = 'accounts'): RawBuilder<boolean> {
  return firmAdminOrTeam(accounts, sql.val(userId));
}

/** SQL condition: the accounts row (table `accounts`, or the alias given) is reachable by the user through membership, organization or partner code. */
export function reachableBy(userId: string, partnerCode: string | null, accounts = 'accounts'): RawBuilder<boolean> {
  return reachableFrom(accounts, sql.val(userId), partnerCode === null ? null : sql.val(partnerCode));
}

/**
 * Throws account.not-found unless the caller may open the account, and auth.forbidden (403) when it
 * may open it but the route's effect (declared in the contract, carried by the caller) needs a
 * higher level than the caller has there: core's role rule (accountAccessLevel).
 */
export async function assertAccountAccess(db: Kysely<Database>, caller: Caller, accountKey: string): Promise<AccessLevel> {
  const level = await accountLevelOf(db, caller, accountKey);
  if (level === null) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  assertAllowed(caller, level, { accountKey });
  return level;
}

/** 403 unless the level allows the caller's route effect. */
export function assertAllowed(caller: Caller, level: AccessLevel | null, details: Record<string, unknown>): void {
  if (!allows(level, caller.effect)) throw new AppError('auth.forbidden', refusalMessage(level, caller.effect), { ...details, effect: caller.effect, level });
}

/** The caller may open (read) the account, whatever the route does: for a second account a route only reads (a copy's source). */
export async function canAccessAccount(db: Kysely<Database>, caller: Caller, accountKey: string): Promise<boolean> {
  return (await accountLevelOf(db, caller, accountKey)) !== null;
}

interface ReachRow {
  account_roles: string[];
  organization_roles: string[];
  same_firm: boolean;
  partner_role: string | null;
  teams_with_account: number;
}

/** The user's level in the account by core's role rule (null: it cannot open it, or there is no such account). One statement. */
export async function accountLevelOf(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId' | 'partnerCode' | 'rootAdmin' | 'supportLead' | 'supportAdmin' | 'permissions'>,
  accountKey: string,
): Promise<AccessLevel | null> {
  const { rows } = await sql<ReachRow>`${prepared()}select
      array(select am.role from account_memberships am where am.account_key = a.account_key and am.user_id = ${caller.userId}) as account_roles,
      array(select om.role from organization_memberships om where om.organization_id = a.organization_id and om.user_id = ${caller.userId}) as organization_roles,
      coalesce(a.partner_code = ${caller.partnerCode}, false) as same_firm,
      (select u.partner_role from users u where u.user_id = ${caller.userId}) as partner_role,
      (select count(*)::int from team_accounts ta join team_members tm on tm.team_id = ta.team_id
        where ta.account_key = a.account_key and tm.user_id = ${caller.userId}) as teams_with_account
    from accounts a where a.account_key = ${accountKey}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const partner = firmReachesAccount({ sameFirm: row.same_firm, partnerRole: row.partner_role, teamsWithAccount: row.teams_with_account });
  return accountAccessLevel(caller, { accountRoles: row.account_roles, organizationRoles: row.organization_roles, partner });
}

/**
 * SQL condition on an accounts row of the statement: the user `userId` may open it, with the users
 * row read in the statement itself (who may open it by core's accountAccessLevel: staff, a member, or the partner);
 * false when the user no longer exists. For routes that check their caller in their own statement
 * (addSignedInRoute).
 */
export function userMayOpen(userId: string, accounts: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from users u where u.user_id = ${userId}
    and (u.root_admin or u.support_lead or u.support_admin or ${reachableFrom(accounts, sql.ref('u.user_id'), sql.ref('u.partner_code'))}))`;
}
