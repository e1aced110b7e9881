/**
 * Notifications (issue 15, decision 0023): one row per user and event, written in the transaction of
 * the event itself; read and mailed later. `email_mode` is the user's choice when the row was
 * written ('off', 'immediate', 'daily-digest'), so the mail jobs need no join with the settings and a
 * later change of settings does not mail (or withhold) what was already decided. `is_shown_in_app`
 * false keeps a row that only exists to be mailed out of the list and the count. `emailed_at` is set
 * when a mail job claims the row, so nothing is mailed twice.
 * Per-user settings: one row per kind the user changed; a missing row is core's default.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = sql`('send-failed', 'connection-error', 'mappings-needed', 'settlement-inconsistent', 'invite', 'auto-sent')`;
const MODES = sql`('off', 'immediate', 'daily-digest')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('notification_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('account_key', 'text', (c) => c.references('accounts.account_key').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ${KINDS}`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link_path', 'text')
    .addColumn('is_shown_in_app', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_mode', 'text', (c) => c.notNull().check(sql`email_mode in ${MODES}`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('emailed_at', 'timestamptz')
    .execute();
  // The list (newest first) and the unread count of one user.
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'notification_id']).execute();
  await sql`create index notifications_user_unread on notifications (user_id) where read_at is null and is_shown_in_app`.execute(db);
  // What the mail jobs still have to send.
  await sql`create index notifications_to_mail on notifications (email_mode, created_at) where emailed_at is null and email_mode <> 'off'`.execute(db);
  await db.schema.createIndex('notifications_account').on('notifications').column('account_key').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ${KINDS}`))
    .addColumn('in_app', 'boolean', (c) => c.notNull())
    .addColumn('email_mode', 'text', (c) => c.notNull().check(sql`email_mode in ${MODES}`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
