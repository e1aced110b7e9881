/**
 * The FIFO lock wired into the server (issue 17, decision 0049). `cogs_fifo_posted_costs` holds what
 * each posted COGS journal part of a FIFO account expensed per month: a month part its own sold cost
 * (kind 'cost'), an adjustment part each posted month's correction (kind 'adjustment', in the month it
 * corrects). A month's posted cost is the sum of its rows. Rows are written in the same transaction that
 * marks the part POSTED, keyed by the part, so a retried or repeated send never counts a part twice.
 * `settlement_cogs_lots.month` is the local month of each lot take (the lock orders sales by month);
 * `settlement_cogs.lock_adjustments` the adjustments refreshcogs or the send last planned.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cogs_fifo_posted_costs')
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull().check(sql`month ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn('settlement_key', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cost', 'adjustment')`))
    .addColumn('cost', 'numeric(20, 4)', (c) => c.notNull())
    .addColumn('posted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('cogs_fifo_posted_costs_pk', ['account_key', 'document_id', 'month'])
    .execute();
  await sql`create index cogs_fifo_posted_costs_month_idx on cogs_fifo_posted_costs (account_key, currency, month)`.execute(db);
  await sql`alter table settlement_cogs_lots add column month text`.execute(db);
  await sql`alter table settlement_cogs add column lock_adjustments jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settlement_cogs drop column lock_adjustments`.execute(db);
  await sql`alter table settlement_cogs_lots drop column month`.execute(db);
  await db.schema.dropTable('cogs_fifo_posted_costs').execute();
}
