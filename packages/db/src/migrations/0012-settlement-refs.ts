/**
 * settlement_refs: the distinct order ids and SKUs of each settlement, one row per (account, kind,
 * value, settlement). The order search and the SKU list of an account read these, never the lines.
 *
 * It replaces the index settlement_lines (account_key, order_id): that index took one random-order
 * B-tree insert per line, the largest single cost of storing a large file (2.7 of 7.1 s for a million
 * Amazon lines on PostgreSQL), where an order has four or five lines. Written like the lines, before
 * the settlement's row exists (a large file's in many statements), and read only through a
 * settlements row, so rows of an unsettled key are never seen; the delete trigger removes both.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table settlement_refs (
    account_key text not null,
    kind text not null check (kind in ('order', 'sku')),
    value text not null,
    settlement_key text not null,
    primary key (account_key, kind, value, settlement_key)
  )`.execute(db);
  await sql`create index settlement_refs_settlement_idx on settlement_refs (settlement_key)`.execute(db);
  await sql`insert into settlement_refs (account_key, kind, value, settlement_key)
    select distinct account_key, 'order', order_id, settlement_key from settlement_lines where order_id is not null
    union all
    select distinct account_key, 'sku', sku, settlement_key from settlement_lines where sku is not null`.execute(db);
  await sql`drop index settlement_lines_order_idx`.execute(db);
  await sql`create or replace function settlement_lines_delete_with_settlement() returns trigger language plpgsql as $$
    begin
      delete from settlement_lines where settlement_key = old.settlement_key;
      delete from settlement_refs where settlement_key = old.settlement_key;
      return old;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function settlement_lines_delete_with_settlement() returns trigger language plpgsql as $$
    begin
      delete from settlement_lines where settlement_key = old.settlement_key;
      return old;
    end $$`.execute(db);
  await sql`create index settlement_lines_order_idx on settlement_lines (account_key, order_id) where order_id is not null`.execute(db);
  await sql`drop table settlement_refs`.execute(db);
}
