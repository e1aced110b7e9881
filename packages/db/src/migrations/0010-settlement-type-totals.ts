/**
 * Large settlements (issue 14): sums stored at load time, and lines written before their header.
 *
 * - settlement_type_totals: per settlement, transaction type and marketplace, the sum and count of
 *   its lines, written when the settlement is stored. The detail's totals by type and the
 *   transactions export read these few rows, never the lines (2.3 million on a large Amazon file).
 * - settlement_lines loses its foreign key to settlements: a large file's lines are written in many
 *   short statements under a new key while the file is read, and its header row is inserted once
 *   the file is read, so the settlement appears whole or not at all without a transaction held open
 *   (PGlite has one connection: an import-long transaction would stall every other request). Every
 *   read of lines starts from a settlements row, so lines without one are never seen. The cascade
 *   the key gave is kept by a trigger: deleting a settlement deletes its lines. Without the key, COPY
 *   also no longer checks one key per line.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table settlement_type_totals (
    settlement_key text not null references settlements (settlement_key) on delete cascade,
    type_key text not null,
    marketplace text,
    amount numeric(20,4) not null,
    line_count integer not null
  )`.execute(db);
  await sql`create index settlement_type_totals_settlement_idx on settlement_type_totals (settlement_key)`.execute(db);
  await sql`insert into settlement_type_totals (settlement_key, type_key, marketplace, amount, line_count)
    select settlement_key, type_key, marketplace, sum(amount), count(*) from settlement_lines group by settlement_key, type_key, marketplace`.execute(db);
  await sql`alter table settlement_lines drop constraint settlement_lines_settlement_key_fkey`.execute(db);
  await sql`create function settlement_lines_delete_with_settlement() returns trigger language plpgsql as $$
    begin
      delete from settlement_lines where settlement_key = old.settlement_key;
      return old;
    end $$`.execute(db);
  await sql`create trigger settlements_delete_lines after delete on settlements for each row execute function settlement_lines_delete_with_settlement()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger settlements_delete_lines on settlements`.execute(db);
  await sql`drop function settlement_lines_delete_with_settlement()`.execute(db);
  await sql`delete from settlement_lines l where not exists (select 1 from settlements s where s.settlement_key = l.settlement_key)`.execute(db);
  await sql`alter table settlement_lines add constraint settlement_lines_settlement_key_fkey foreign key (settlement_key) references settlements (settlement_key) on delete cascade`.execute(db);
  await sql`drop table settlement_type_totals`.execute(db);
}
