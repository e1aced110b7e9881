/**
 * The support backend's list of inconsistent settlements across accounts (issue 19) reads them
 * newest first through this partial index: only the few inconsistent, non-duplicate rows are in it,
 * so the list never scans the settlements table.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index settlements_inconsistent_end_idx on settlements (end_at desc, settlement_key) where inconsistent and duplicate_of is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlements_inconsistent_end_idx`.execute(db);
}
