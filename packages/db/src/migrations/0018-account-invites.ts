/**
 * Account invites (issue 15, decision 0021): an owner invites an email address with a role; the mailed
 * link carries 32 random bytes stored only as a SHA-256 hash. An invite names an address, not a user
 * (the person may have no login yet), so it has a table of its own rather than a row of
 * one_time_links (whose user_id is required). A closed invite stays (accepted, declined, revoked or
 * replaced by a resend), so a second click hears why it no longer works. At most one open invite per
 * account and address.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_invites')
    .addColumn('invite_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member', 'view-only')`))
    .addColumn('invited_by_user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_reason', 'text', (c) => c.check(sql`closed_reason in ('accepted', 'declined', 'revoked', 'resent')`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by_user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await sql`create unique index account_invites_open on account_invites (account_key, email_key) where closed_reason is null`.execute(db);
  await db.schema.createIndex('account_invites_email').on('account_invites').columns(['email_key', 'closed_reason']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_invites').execute();
}
