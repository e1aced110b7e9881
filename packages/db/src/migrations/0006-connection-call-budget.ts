/**
 * The call budget of each accounting connection, shared by every server process (issue 6): Xero
 * allows 60 calls a minute, 5 at once and 5,000 a day per organisation, QBO 500 a minute and 10 a
 * second per company, whichever of our processes makes them. A row per call started: `started_at`
 * counts against the windows, `lease_until` (set while the call runs) against the concurrency, and
 * lapses by itself when the process making the call dies. `connection_call_pauses` holds a
 * Retry-After one process was told, so the others wait too.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connection_calls')
    .addColumn('call_id', 'text', (c) => c.primaryKey())
    .addColumn('connection_key', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz')
    .execute();
  await db.schema.createIndex('connection_calls_key_started').on('connection_calls').columns(['connection_key', 'started_at']).execute();
  await db.schema
    .createTable('connection_call_pauses')
    .addColumn('connection_key', 'text', (c) => c.primaryKey())
    .addColumn('paused_until', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connection_call_pauses').execute();
  await db.schema.dropTable('connection_calls').execute();
}
