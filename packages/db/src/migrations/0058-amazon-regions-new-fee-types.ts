/**
 * Issue 28 (decision 0063):
 * - An Amazon connection keeps its selling region (NA, EU or FE), which decides the SP-API host of
 *   every call. Connections made before regions were North America's, the only one there was. The
 *   marketplace the seller picks travels with the connect flow's state to the callback.
 * - The account setting "fees of new transaction types post to the fees account until mapped"
 *   (off by default).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table connections add column region text`.execute(db);
  await sql`update connections set region = 'NA' where system = 'AMAZON'`.execute(db);
  await sql`alter table oauth_states add column marketplace_id text`.execute(db);
  await sql`alter table accounts add column is_new_fee_type_to_fees boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column is_new_fee_type_to_fees`.execute(db);
  await sql`alter table oauth_states drop column marketplace_id`.execute(db);
  await sql`alter table connections drop column region`.execute(db);
}
