/**
 * Settings > Automation (issue 15, decision 0025): one row per account that has ever saved its
 * automation; no row means core's defaults (off). `send_from_date` keeps automation from posting the
 * history a new connection backfills: it is set to the day automation is first turned on. A day is
 * kept as 'YYYY-MM-DD' text, as documents' dates are, so both engines hand back the same string.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_automation')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('delay_hours', 'integer', (c) => c.notNull().check(sql`delay_hours between 0 and 168`))
    .addColumn('is_sending_uploads', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('send_from_date', 'text', (c) => c.check(sql`send_from_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  // The sweep reads only the accounts with automation on.
  await sql`create index account_automation_enabled on account_automation (account_key) where is_enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_automation').execute();
}
