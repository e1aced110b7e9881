/**
 * Issue 30 (decision 0065):
 * - Access requests: a signed-in user asks the owners of an account for access (/admin/request-access);
 *   an owner grants it with a role (a membership is created) or declines it. A closed request stays, so
 *   the person who asked can read the answer. At most one open request per account and user.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_access_requests')
    .addColumn('request_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_reason', 'text', (c) => c.check(sql`closed_reason in ('granted', 'declined', 'withdrawn')`))
    .addColumn('granted_role', 'text', (c) => c.check(sql`granted_role in ('owner', 'member', 'view-only')`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by_user_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await sql`create unique index account_access_requests_open on account_access_requests (account_key, user_id) where closed_reason is null`.execute(db);
  await db.schema.createIndex('account_access_requests_user').on('account_access_requests').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_access_requests').execute();
}
