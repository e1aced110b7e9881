/**
 * Sign-in with identity providers (issue 30, decision 0064): which provider subject signs in as which
 * user. One row per (provider, subject): a subject is the provider's stable id of the person (the ID
 * token's `sub`), never the email, which can change or be reused. A user may have one link per
 * provider. A user made by a provider has no password until they set one through a reset link, so
 * `users.password_hash` may now be null (no password: a password sign-in always fails).
 * A reference table under Citus, like users.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_links')
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('google', 'intuit', 'xero')`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    /** The verified email the provider gave when the link was made, and at the last sign-in. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_links_pkey', ['provider', 'subject'])
    .execute();
  await sql`create unique index identity_links_user_provider on identity_links (user_id, provider)`.execute(db);
  await sql`alter table users alter column password_hash drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update users set password_hash = '' where password_hash is null`.execute(db);
  await sql`alter table users alter column password_hash set not null`.execute(db);
  await db.schema.dropTable('identity_links').execute();
}
