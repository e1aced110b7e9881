/**
 * Sign-in attempts, shared by every server process (issue 14): the brake on password guessing was a
 * map in one process's memory, so two processes doubled it and a restart forgot it. A row per
 * attempt that was let through to the password check: per email and IP for the per-email rule, per
 * IP (unsucceeded rows only) for the per-IP rule. The email is kept as a hash: the table is about
 * counting, and people type other people's addresses. Rows older than the longest window are purged
 * by the next sign-in.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('attempt_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('sign_in_attempts_email_ip').on('sign_in_attempts').columns(['email_hash', 'ip', 'attempted_at']).execute();
  await db.schema.createIndex('sign_in_attempts_ip').on('sign_in_attempts').columns(['ip', 'attempted_at']).execute();
  await db.schema.createIndex('sign_in_attempts_at').on('sign_in_attempts').column('attempted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_attempts').execute();
}
