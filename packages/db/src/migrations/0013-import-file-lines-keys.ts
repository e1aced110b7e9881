/**
 * settlement_import_files.lines_keys: the keys an import attempt writes lines (and refs) under,
 * recorded before the first line is written. A process killed mid-file leaves lines under keys no
 * settlement row has; the next attempt on the file (which claims it, see migration 0011) deletes the
 * ones still without a row before it reads the file again, so nothing is left behind.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settlement_import_files add column lines_keys text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settlement_import_files drop column lines_keys`.execute(db);
}
