/**
 * Organizations as a user sees them: those they belong to, plus those holding accounts they reach
 * (a partner's clients). Accounts inside are limited to what the user may open, except for admins.
 */
import { sql, type Kysely } from 'kysely';
import type { Organization, OrganizationAccount, OrganizationFeature, SalesChannel } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import { reachableBy } from '../accounts/account-access';
import type { UserRecord } from '../users/user-repository';
import { organizationAccessLevel } from '@ledgerport/core/rules';

export async function listVisibleOrganizationIds(db: Kysely<Database>, user: UserRecord): Promise<string[]> {
  const rows = await db
    .selectFrom('organizations as o')
    .select('o.organization_id')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('organization_memberships as om').select(sql`1`.as('one')).whereRef('om.organization_id', '=', 'o.organization_id').where('om.user_id', '=', user.userId),
        ),
        eb.exists(
          eb
            .selectFrom('accounts')
            .select(sql`1`.as('one'))
            .whereRef('accounts.organization_id', '=', 'o.organization_id')
            .where(reachableBy(user.userId, user.partnerCode)),
        ),
      ]),
    )
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.organization_id')
    .execute();
  return rows.map((r) => r.organization_id);
}

export async function isOrganizationVisible(db: Kysely<Database>, user: UserRecord, organizationId: string): Promise<boolean> {
  if (user.isAdmin) {
    return (await db.selectFrom('organizations').select('organization_id').where('organization_id', '=', organizationId).executeTakeFirst()) !== undefined;
  }
  return (await listVisibleOrganizationIds(db, user)).includes(organizationId);
}

/** Accounts of an organization (null: accounts in none) the user may open, by name then channel. */
export async function listOrganizationAccounts(
  db: Kysely<Database>,
  user: UserRecord,
  organizationId: string | null,
  currentAccountKey: string | null,
): Promise<OrganizationAccount[]> {
  let q = db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'sales_channel', 'organization_id'])
    .where('organization_id', organizationId === null ? 'is' : '=', organizationId)
    .orderBy(sql`lower(account_name)`)
    .orderBy(sql`lower(sales_channel)`)
    .orderBy('account_key');
  if (!user.isAdmin || organizationId === null) q = q.where(reachableBy(user.userId, user.partnerCode));
  const rows = await q.execute();
  return rows.map((r) => ({
    accountKey: r.account_key,
    name: r.account_name,
    salesChannel: r.sales_channel as SalesChannel,
    isCurrent: r.account_key === currentAccountKey,
    organizationId: r.organization_id,
  }));
}

export async function findOrganization(
  db: Kysely<Database>,
  user: UserRecord,
  organizationId: string,
  currentAccountKey: string | null,
): Promise<Organization | undefined> {
  const org = await db.selectFrom('organizations').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  if (!org) return undefined;
  const role = await db
    .selectFrom('organization_memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', user.userId)
    .executeTakeFirst();
  const features = await db.selectFrom('organization_features').select('feature').where('organization_id', '=', organizationId).orderBy('feature').execute();
  return {
    id: org.organization_id,
    name: org.name,
    // The organization's settings are the manage level of core's role rule (its admins, root admins and support leads).
    adminPermissions: organizationAccessLevel(user, role ? [role.role] : []) === 'manage',
    clarityOrganizationId: org.clarity_organization_id,
    partnerCode: org.partner_code,
    featureFlags: features.map((f) => f.feature as OrganizationFeature),
    accountsThatCanBeAccessedByTheUser: await listOrganizationAccounts(db, user, organizationId, currentAccountKey),
  };
}
