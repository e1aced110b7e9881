/**
 * The backend's users and organizations (issue 19): unscoped reads like the rest of features/backend
 * (CONVENTIONS "Tenancy"), each a page of small rows through an index (users by email, organizations
 * by id) with counts from membership primary keys; never settlements or lines.
 */
import { sql, type Kysely } from 'kysely';
import type { AccountingSystem, BackendOrganizationDetail, BackendOrganizationRow, BackendUserDetail, BackendUserRow, SalesChannel, StaffRole } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import { listReachableAccounts } from '../accounts/account-repository';
import { listUserFlags } from '../users/user-repository';
import { signInEmailHash } from '../../security/sign-in-limiter';

/** `%text%` for ilike with the wildcard characters of the search taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Page {
  search?: string | undefined;
  desc?: 'true' | 'false' | undefined;
  limit: number;
  offset: number;
}

type UserRow = { user_id: string; email: string; name: string; root_admin: boolean; support_lead: boolean; support_admin: boolean; developer: boolean; partner_code: string | null; created_at: Date };

function staffRolesOf(u: UserRow): StaffRole[] {
  const roles: Array<[boolean, StaffRole]> = [[u.root_admin, 'rootAdmin'], [u.support_lead, 'supportLead'], [u.support_admin, 'supportAdmin'], [u.developer, 'developer']];
  return roles.filter(([on]) => on).map(([, role]) => role);
}

const toUserRow = (u: UserRow & { account_count: number | string }): BackendUserRow => ({
  userId: u.user_id,
  email: u.email,
  name: u.name,
  staffRoles: staffRolesOf(u),
  partnerCode: u.partner_code,
  accountCount: Number(u.account_count),
  createdAt: u.created_at.toISOString(),
});

/** Accounts the user is a member of, directly or through an organization (a partner's clients are not counted). */
const accountCountOf = (userColumn: string) =>
  sql<number>`(select count(*) from accounts a where a.account_key in (select m.account_key from account_memberships m where m.user_id = ${sql.ref(userColumn)})
    or a.organization_id in (select o.organization_id from organization_memberships o where o.user_id = ${sql.ref(userColumn)}))`;

const USER_SORT = { email: 'u.email', name: 'u.name', createdAt: 'u.created_at', accountCount: 'account_count' } as const;

export async function listUsers(db: Kysely<Database>, q: Page & { sort: keyof typeof USER_SORT }): Promise<{ users: BackendUserRow[]; total: number }> {
  let base = db.selectFrom('users as u');
  if (q.search) base = base.where((eb) => eb.or([eb('u.email', 'ilike', containing(q.search ?? '')), eb('u.name', 'ilike', containing(q.search ?? ''))]));
  const direction = q.desc === 'true' ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    base
      .select(['u.user_id', 'u.email', 'u.name', 'u.root_admin', 'u.support_lead', 'u.support_admin', 'u.developer', 'u.partner_code', 'u.created_at'])
      .select(accountCountOf('u.user_id').as('account_count'))
      .orderBy(sql.ref(USER_SORT[q.sort]), direction)
      .orderBy('u.user_id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map(toUserRow), total: Number(total.n) };
}

export async function findUserDetail(db: Kysely<Database>, userId: string): Promise<BackendUserDetail | undefined> {
  const u = await db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.email', 'u.name', 'u.root_admin', 'u.support_lead', 'u.support_admin', 'u.developer', 'u.partner_code', 'u.created_at', 'u.current_account_key', 'u.email_verified_at', 'u.time_zone'])
    .select(accountCountOf('u.user_id').as('account_count'))
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  const [reachable, accountRoles, organizations, featureFlags, signIns] = await Promise.all([
    listReachableAccounts(db, { userId, partnerCode: u.partner_code }, null),
    db.selectFrom('account_memberships').select(['account_key', 'role']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('organization_memberships as m')
      .innerJoin('organizations as o', 'o.organization_id', 'm.organization_id')
      .select(['o.organization_id', 'o.name', 'm.role'])
      .where('m.user_id', '=', userId)
      .orderBy('o.name')
      .execute(),
    listUserFlags(db, userId),
    db.selectFrom('sign_in_attempts').select(['attempted_at', 'ip', 'succeeded']).where('email_hash', '=', signInEmailHash(u.email)).orderBy('attempted_at', 'desc').limit(50).execute(),
  ]);
  const roleIn = new Map(accountRoles.map((r) => [r.account_key, r.role]));
  const orgRole = new Map(organizations.map((o) => [o.organization_id, o.role]));
  const partnerAccounts = u.partner_code
    ? new Set((await db.selectFrom('accounts').select('account_key').where('partner_code', '=', u.partner_code).execute()).map((r) => r.account_key))
    : new Set<string>();
  return {
    user: { ...toUserRow(u), currentAccountKey: u.current_account_key, isEmailVerified: u.email_verified_at !== null, timeZone: u.time_zone },
    accounts: reachable.map((a) => ({
      accountKey: a.accountKey,
      accountName: a.accountName,
      salesChannel: a.salesChannel,
      accountingSystem: a.accountingSystem,
      organizationId: a.organizationId,
      accountRole: roleIn.get(a.accountKey) ?? null,
      organizationRole: (a.organizationId && orgRole.get(a.organizationId)) ?? null,
      isPartnerClient: partnerAccounts.has(a.accountKey),
    })),
    organizations: organizations.map((o) => ({ organizationId: o.organization_id, name: o.name, role: o.role })),
    featureFlags,
    signIns: signIns.map((s) => ({ attemptedAt: s.attempted_at.toISOString(), ip: s.ip, succeeded: s.succeeded })),
  };
}

const ORG_SORT = { name: 'o.name', createdAt: 'o.created_at', accountCount: 'account_count', memberCount: 'member_count' } as const;

const orgCounts = {
  accounts: sql<number>`(select count(*) from accounts a where a.organization_id = o.organization_id)`,
  members: sql<number>`(select count(*) from organization_memberships m where m.organization_id = o.organization_id)`,
};

type OrgRow = { organization_id: string; name: string; partner_code: string | null; created_at: Date; account_count: number | string; member_count: number | string };
const toOrgRow = (o: OrgRow): BackendOrganizationRow => ({
  organizationId: o.organization_id,
  name: o.name,
  partnerCode: o.partner_code,
  accountCount: Number(o.account_count),
  memberCount: Number(o.member_count),
  createdAt: o.created_at.toISOString(),
});

export async function listOrganizations(db: Kysely<Database>, q: Page & { sort: keyof typeof ORG_SORT }): Promise<{ organizations: BackendOrganizationRow[]; total: number }> {
  let base = db.selectFrom('organizations as o');
  if (q.search) base = base.where((eb) => eb.or([eb('o.name', 'ilike', containing(q.search ?? '')), eb('o.organization_id', 'ilike', containing(q.search ?? ''))]));
  const [rows, total] = await Promise.all([
    base
      .select(['o.organization_id', 'o.name', 'o.partner_code', 'o.created_at', orgCounts.accounts.as('account_count'), orgCounts.members.as('member_count')])
      .orderBy(sql.ref(ORG_SORT[q.sort]), q.desc === 'true' ? 'desc' : 'asc')
      .orderBy('o.organization_id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { organizations: rows.map(toOrgRow), total: Number(total.n) };
}

export async function findOrganizationDetail(db: Kysely<Database>, organizationId: string): Promise<BackendOrganizationDetail | undefined> {
  const o = await db
    .selectFrom('organizations as o')
    .select(['o.organization_id', 'o.name', 'o.partner_code', 'o.created_at', orgCounts.accounts.as('account_count'), orgCounts.members.as('member_count')])
    .where('o.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!o) return undefined;
  const [accounts, members, subscriptions, features] = await Promise.all([
    db
      .selectFrom('accounts')
      .select(['account_key', 'account_name', 'sales_channel', 'accounting_system', 'plan_code', 'account_status'])
      .where('organization_id', '=', organizationId)
      .orderBy(sql`lower(account_name)`)
      .orderBy('account_key')
      .execute(),
    db
      .selectFrom('organization_memberships as m')
      .innerJoin('users as u', 'u.user_id', 'm.user_id')
      .select(['u.user_id', 'u.email', 'u.name', 'm.role'])
      .where('m.organization_id', '=', organizationId)
      .orderBy('u.email')
      .execute(),
    db
      .selectFrom('billing_subscription_accounts as sa')
      .innerJoin('accounts as a', 'a.account_key', 'sa.account_key')
      .innerJoin('billing_subscriptions as s', 's.subscription_id', 'sa.subscription_id')
      .select(['s.subscription_id', 's.plan_code', 's.status', 's.period', (eb) => eb.fn.countAll<number | string>().as('account_count')])
      .where('a.organization_id', '=', organizationId)
      .groupBy(['s.subscription_id', 's.plan_code', 's.status', 's.period'])
      .orderBy('s.subscription_id', 'desc')
      .execute(),
    db.selectFrom('organization_features').select('feature').where('organization_id', '=', organizationId).orderBy('feature').execute(),
  ]);
  return {
    organization: toOrgRow(o),
    accounts: accounts.map((a) => ({
      accountKey: a.account_key,
      accountName: a.account_name,
      salesChannel: a.sales_channel as SalesChannel,
      accountingSystem: a.accounting_system as AccountingSystem,
      planCode: a.plan_code,
      accountStatus: a.account_status,
    })),
    members: members.map((m) => ({ userId: m.user_id, email: m.email, name: m.name, role: m.role })),
    subscriptions: subscriptions.map((s) => ({ subscriptionId: s.subscription_id, planCode: s.plan_code, status: s.status, period: s.period, accountCount: Number(s.account_count) })),
    features: features.map((f) => f.feature),
  };
}
