/**
 * Per-account status summary (issue 19, decision 0035): one small row per account with the counts a
 * partner's dashboard shows (settlements waiting to be sent, with unmapped types, inconsistent, on
 * hold, failed sends), the channel connection's status and last error, the last post and the last
 * fetch. Cross-account pages read these rows, never settlements or lines across accounts. The row is
 * recomputed for one account in one statement after each event that changes a fact in it
 * (refreshAccountStatus in the server). account_key is the primary key: a Citus distribution column.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const count = (name: string) => (t: typeof table) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0).check(sql`${sql.ref(name)} >= 0`));
  let table = db.schema
    .createTable('account_status_summary')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'));
  for (const name of ['waiting_count', 'unmapped_count', 'inconsistent_count', 'on_hold_count', 'failed_count']) table = count(name)(table);
  await table
    .addColumn('connection_status', 'text')
    .addColumn('connection_error', 'text')
    .addColumn('last_posted_at', 'timestamptz')
    .addColumn('last_fetched_at', 'timestamptz')
    .addColumn('refreshed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_status_summary').execute();
}
