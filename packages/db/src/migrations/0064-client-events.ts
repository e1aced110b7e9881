/**
 * Issue 30 (decision 0069): the browser's analytics events and `js_error` reports, stored here and
 * never sent to a third party. One row per accepted event; a user's rows in the last minute are the
 * count its rate limit reads. A local table on Citus, like the audit log (no foreign key to users).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_events')
    .addColumn('event_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('feature', 'text')
    .addColumn('sales_channel', 'text')
    .addColumn('accounting_system', 'text')
    .addColumn('message', 'text')
    .addColumn('route', 'text')
    .addColumn('release', 'text')
    .addColumn('stack', 'text')
    .addColumn('trace_id', 'text')
    .addColumn('url', 'text')
    .addColumn('method', 'text')
    .addColumn('status', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_events_user_time').on('client_events').columns(['user_id', 'created_at']).execute();
  await sql`create index client_events_errors on client_events (message) where event = 'js_error'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_events').execute();
}
