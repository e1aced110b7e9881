/**
 * What storing a settlement writes beside its lines, for benchmark data loaded straight into
 * settlement_lines with generate_series: the totals by type (settlement_type_totals) and the distinct
 * order ids and SKUs (settlement_refs) of the settlements whose key starts with `keyPrefix`. Writes
 * only what is missing, so data loaded by an earlier version is completed.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

export async function writeDerivedRows(db: Kysely<Database>, keyPrefix: string): Promise<void> {
  const like = `${keyPrefix}%`;
  await sql`insert into settlement_type_totals (account_key, settlement_key, type_key, marketplace, amount, line_count)
    select l.account_key, l.settlement_key, l.type_key, l.marketplace, sum(l.amount), count(*) from settlement_lines l
    where l.settlement_key like ${like} and not exists (select 1 from settlement_type_totals t where t.account_key = l.account_key and t.settlement_key = l.settlement_key)
    group by l.account_key, l.settlement_key, l.type_key, l.marketplace`.execute(db);
  await sql`insert into settlement_refs (account_key, kind, value, settlement_key)
    select distinct l.account_key, 'order', l.order_id, l.settlement_key from settlement_lines l
    where l.settlement_key like ${like} and l.order_id is not null and not exists (select 1 from settlement_refs r where r.settlement_key = l.settlement_key)
    union
    select distinct l.account_key, 'sku', l.sku, l.settlement_key from settlement_lines l
    where l.settlement_key like ${like} and l.sku is not null and not exists (select 1 from settlement_refs r where r.settlement_key = l.settlement_key)`.execute(db);
}
