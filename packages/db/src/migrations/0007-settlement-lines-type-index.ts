/**
 * Settlement lines by type: (settlement_key, type_key) replaces (settlement_key, type_key, posted_at).
 * No query uses posted_at through the index (the drill-down's month filter is an expression on it,
 * and its order is line_no), but the timestamp made every entry unique: the index of a new
 * settlement grew at one insertion point per type, split its pages half full, and cost about as much
 * as the table itself on a large upload. Without it, the entries of a type are duplicates that
 * PostgreSQL stores once with a list of rows (btree deduplication): a far smaller index, nearly free
 * to maintain, serving the same drill-down (lines of a type, then sorted by line_no).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlement_lines_selector_idx`.execute(db);
  await sql`create index settlement_lines_type_idx on settlement_lines (settlement_key, type_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlement_lines_type_idx`.execute(db);
  await sql`create index settlement_lines_selector_idx on settlement_lines (settlement_key, type_key, posted_at)`.execute(db);
}
