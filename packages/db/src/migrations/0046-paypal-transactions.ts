/**
 * PayPal transactions as received (issue 19, decision 0046): every Transaction Search row a fetch of
 * the account's PayPal connection read, kept as PayPal sent it (json, not jsonb: its keys stay in PayPal's order) with the few columns the
 * support backend filters, sorts and pages on. A later fetch of the same transaction replaces its row
 * (PayPal's transaction id is the key), so re-fetching a period never adds rows. Distributed by account
 * on Citus: account_key first in the key.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paypal_transactions')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('initiated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('gross', sql`numeric(20,4)`)
    .addColumn('fee', sql`numeric(20,4)`)
    .addColumn('raw', 'json', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('paypal_transactions_pk', ['account_key', 'transaction_id'])
    .execute();
  await sql`create index paypal_transactions_account_date on paypal_transactions (account_key, initiated_at desc, transaction_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paypal_transactions').execute();
}
