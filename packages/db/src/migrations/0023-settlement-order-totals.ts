/**
 * settlement_order_totals (issue 18, Shopify order report, decision 0027): per Shopify settlement and
 * order, the order's gross sales, fees, refunds and other amounts as core's orderFigureOf splits them,
 * written when the settlement is stored. The order report sorts and filters every order of an account
 * from these rows and never reads the lines (decision 0017); the order detail reads the lines of the
 * few settlements an order touched.
 *
 * Rows are read only through their settlements row and go with it (the delete trigger), like
 * settlement_refs. Existing Shopify settlements are filled in here, one settlement at a time, with
 * core's split (SQL does not know which type is a fee).
 */
import { sql, type Kysely } from 'kysely';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { sumOrderTotals } from '@ledgerport/core/reports';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table settlement_order_totals (
    account_key text not null,
    settlement_key text not null,
    order_id text not null,
    currency text not null,
    gross numeric(20,4) not null,
    fees numeric(20,4) not null,
    refunds numeric(20,4) not null,
    other numeric(20,4) not null,
    net numeric(20,4) not null,
    line_count integer not null,
    first_posted_at timestamptz,
    primary key (settlement_key, order_id)
  )`.execute(db);
  await sql`create index settlement_order_totals_order_idx on settlement_order_totals (account_key, order_id)`.execute(db);
  await sql`create or replace function settlement_lines_delete_with_settlement() returns trigger language plpgsql as $$
    begin
      delete from settlement_lines where settlement_key = old.settlement_key;
      delete from settlement_refs where settlement_key = old.settlement_key;
      delete from settlement_order_totals where settlement_key = old.settlement_key;
      return old;
    end $$`.execute(db);
  await fillOrderTotals(db);
}

/**
 * Writes the order totals of every stored Shopify payout that has none yet, one payout at a time, with
 * core's split (the same as the server's writeOrderTotals). Exported for the test that checks both agree.
 */
export async function fillOrderTotals<DB>(db: Kysely<DB>): Promise<void> {
  const settlements = await sql<{ settlement_key: string; account_key: string; currency: string }>`
    select settlement_key, account_key, currency from settlements s where sales_source = 'SHOPIFY' and duplicate_of is null
      and not exists (select 1 from settlement_order_totals o where o.settlement_key = s.settlement_key)`.execute(db);
  for (const s of settlements.rows) {
    const sums = await sql<{ order_id: string; type_key: string; amount: string; line_count: number; first_posted_at: Date | null }>`
      select order_id, type_key, sum(amount)::text as amount, count(*)::int as line_count, min(posted_at) as first_posted_at
      from settlement_lines where settlement_key = ${s.settlement_key} and order_id is not null group by order_id, type_key`.execute(db);
    const orders = sumOrderTotals(sums.rows.map((r) => ({ orderId: r.order_id, typeKey: r.type_key, amount: parseDecimalUnits(r.amount) ?? 0n, lineCount: Number(r.line_count), firstPostedAt: r.first_posted_at === null ? null : new Date(r.first_posted_at) })));
    for (const o of orders) {
      await sql`insert into settlement_order_totals values (${s.account_key}, ${s.settlement_key}, ${o.orderId}, ${s.currency}, ${formatUnits(o.gross)}, ${formatUnits(o.fees)}, ${formatUnits(o.refunds)}, ${formatUnits(o.other)}, ${formatUnits(o.net)}, ${o.lineCount}, ${o.firstPostedAt})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function settlement_lines_delete_with_settlement() returns trigger language plpgsql as $$
    begin
      delete from settlement_lines where settlement_key = old.settlement_key;
      delete from settlement_refs where settlement_key = old.settlement_key;
      return old;
    end $$`.execute(db);
  await sql`drop table settlement_order_totals`.execute(db);
}
