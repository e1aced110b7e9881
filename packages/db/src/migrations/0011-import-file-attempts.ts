/**
 * settlement_import_files.attempts: how many times an import job has started on the file. A job claims
 * the file by raising it (compare and set), and only the attempt that holds the claim may store, so a
 * file whose process was killed is imported again from the start, once, and a file that keeps stopping
 * the server is failed after a few attempts instead of looping.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settlement_import_files add column attempts integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settlement_import_files drop column attempts`.execute(db);
}
