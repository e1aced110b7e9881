/**
 * Account redaction (issue 15, spec section 9): when deletion of an account's data was requested and
 * by whom. The deletion runs once 72 hours have passed (core's redactionDueAt), unless cancelled.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column redaction_requested_at timestamptz`.execute(db);
  await sql`alter table accounts add column redaction_requested_by text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column redaction_requested_by`.execute(db);
  await sql`alter table accounts drop column redaction_requested_at`.execute(db);
}
