/**
 * Teams of a partner firm (issue 19, decision 0038). A firm is the users and accounts carrying one
 * partner code. A team groups some of the firm's users (each with a team role) and the client accounts
 * the team works on. A firm member who is not a firm admin reaches only the clients of their teams.
 * `users.partner_role` says who is a firm admin; every partner user before this migration is one, so
 * nobody loses sight of a client on upgrade. team_accounts has account_key first in its key: under
 * Citus it is distributed with the accounts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('partner_role', 'text', (c) => c.check(sql`partner_role in ('admin', 'member')`))
    .execute();
  await sql`update users set partner_role = 'admin' where partner_code is not null`.execute(db);
  await db.schema
    .createTable('teams')
    .addColumn('team_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('partner_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index teams_partner_name on teams (partner_code, lower(name))`.execute(db);
  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'bigint', (c) => c.notNull().references('teams.team_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('lead', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user').on('team_members').columns(['user_id', 'team_id']).execute();
  await db.schema
    .createTable('team_accounts')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('team_id', 'bigint', (c) => c.notNull().references('teams.team_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_accounts_pk', ['account_key', 'team_id'])
    .execute();
  await db.schema.createIndex('team_accounts_team').on('team_accounts').columns(['team_id', 'account_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_accounts').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
  await db.schema.alterTable('users').dropColumn('partner_role').execute();
}
