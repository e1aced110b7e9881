/**
 * Issue 26 (decision 0055):
 * - The settlements search finds a settlement by its deposit amount, either sign: `total = x or
 *   total = -x` on (account_key, total) is two index probes, not a scan of the account's settlements.
 *   The gateway joins search_text (the text search's one column), so "Shopify Payments" is found too.
 * - A settlement's history reads its audit entries by (account_key, entity_type, entity_id).
 * - A notification names what it is about (`subjects`: settlement keys), and says when that cause is
 *   gone (`resolved_at`, `resolution`, a sentence); a resolved notification leaves the unread count.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index settlements_account_total_idx on settlements (account_key, total) where total is not null`.execute(db);
  await sql`update settlements set search_text = search_text || ' ' || lower(gateway) where gateway is not null and position(lower(gateway) in search_text) = 0`.execute(db);
  await sql`create index audit_log_entity_idx on audit_log (account_key, entity_type, entity_id, created_at)`.execute(db);
  await sql`alter table notifications add column subjects jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table notifications add column resolved_at timestamptz`.execute(db);
  await sql`alter table notifications add column resolution text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column resolution`.execute(db);
  await sql`alter table notifications drop column resolved_at`.execute(db);
  await sql`alter table notifications drop column subjects`.execute(db);
  await sql`drop index audit_log_entity_idx`.execute(db);
  await sql`drop index settlements_account_total_idx`.execute(db);
}
