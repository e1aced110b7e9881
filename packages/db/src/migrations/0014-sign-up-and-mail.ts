/**
 * Sign-up, email verification, password reset and the profile's email change (issue 15).
 * - users.email_verified_at: when the address was proven by a mailed link. Existing users, and rows
 *   inserted by the seed or by hand, count as verified (the column defaults to the insert time); only
 *   sign-up inserts null.
 * - users.time_zone: the person's zone for dates (IANA name), UTC by default as the spec says.
 * - one_time_links: the mailed links' tokens, only as SHA-256 hashes, with the address each one proves,
 *   an expiry and when it was used (a used link stays, so a second click hears "already used").
 * - mail_request_attempts: sign-up, resend and reset requests per client IP (and per email hash for the
 *   ones that send a mail), shared by every server process like sign_in_attempts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz', (c) => c.defaultTo(sql`now()`)).execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
  await db.schema.alterTable('users').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();

  await db.schema
    .createTable('one_time_links')
    .addColumn('link_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify-email', 'change-email', 'reset-password')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('one_time_links_user_purpose').on('one_time_links').columns(['user_id', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('mail_request_attempts')
    .addColumn('attempt_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('email_hash', 'text')
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_request_attempts_ip').on('mail_request_attempts').columns(['kind', 'ip', 'attempted_at']).execute();
  await db.schema.createIndex('mail_request_attempts_email').on('mail_request_attempts').columns(['kind', 'email_hash', 'attempted_at']).execute();
  await db.schema.createIndex('mail_request_attempts_at').on('mail_request_attempts').column('attempted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_request_attempts').execute();
  await db.schema.dropTable('one_time_links').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
