/**
 * Firm invites (issue 19, decision 0048): a firm admin (or a team's lead, for that team) invites an
 * email address into the partner firm with a firm role and, optionally, a team and team role. Like
 * account_invites (migration 0018, decision 0021): only the SHA-256 of the mailed token is stored, a
 * closed invite stays with its reason, and at most one open invite per firm and address. A reference
 * table under Citus, like teams: it names a firm, not an account.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('firm_invites')
    .addColumn('invite_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('partner_code', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('partner_role', 'text', (c) => c.notNull().check(sql`partner_role in ('admin', 'member')`))
    // A deleted team leaves the invite a plain firm invite (its team role is then ignored).
    .addColumn('team_id', 'bigint', (c) => c.references('teams.team_id').onDelete('set null'))
    .addColumn('team_role', 'text', (c) => c.check(sql`team_role in ('lead', 'member')`))
    .addColumn('invited_by_user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_reason', 'text', (c) => c.check(sql`closed_reason in ('accepted', 'declined', 'revoked', 'resent')`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by_user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await sql`create unique index firm_invites_open on firm_invites (partner_code, email_key) where closed_reason is null`.execute(db);
  await sql`create index firm_invites_email_open on firm_invites (email_key) where closed_reason is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firm_invites').execute();
}
