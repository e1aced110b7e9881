/**
 * Membership roles of core's role rule (packages/core/src/rules/permissions.ts): an account member
 * may be an owner, a member or view-only; an organization member an admin, a member or view-only.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_memberships drop constraint account_memberships_role_check`.execute(db);
  await sql`alter table account_memberships add constraint account_memberships_role_check check (role in ('owner', 'member', 'view-only'))`.execute(db);
  await sql`alter table organization_memberships drop constraint organization_memberships_role_check`.execute(db);
  await sql`alter table organization_memberships add constraint organization_memberships_role_check check (role in ('admin', 'member', 'view-only'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_memberships where role = 'view-only'`.execute(db);
  await sql`delete from organization_memberships where role = 'view-only'`.execute(db);
  await sql`alter table account_memberships drop constraint account_memberships_role_check`.execute(db);
  await sql`alter table account_memberships add constraint account_memberships_role_check check (role in ('owner', 'member'))`.execute(db);
  await sql`alter table organization_memberships drop constraint organization_memberships_role_check`.execute(db);
  await sql`alter table organization_memberships add constraint organization_memberships_role_check check (role in ('admin', 'member'))`.execute(db);
}
