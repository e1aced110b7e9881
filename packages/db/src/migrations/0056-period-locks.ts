/**
 * Closed periods (issue 28, decision 0061):
 * - what a posting settings version does with a document dated in a period the accounting system has
 *   closed: hold the settlement (the default) or move the document to the first open day;
 * - the built-in ledger's own lock: the day through which its books are closed, one row per account
 *   that set one, keyed by account_key (decision 0042).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posting_settings add column period_lock_treatment text not null default 'hold' check (period_lock_treatment in ('hold', 'move'))`.execute(db);
  await db.schema
    .createTable('ledger_period_locks')
    .addColumn('account_key', 'text', (c) => c.primaryKey().references('accounts.account_key').onDelete('cascade'))
    .addColumn('closed_through', 'text', (c) => c.notNull().check(sql`closed_through ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('updated_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_period_locks').execute();
  await sql`alter table posting_settings drop column period_lock_treatment`.execute(db);
}
