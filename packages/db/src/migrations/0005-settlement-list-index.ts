/**
 * The settlement list filtered by posting status and currency (the list's status tabs and currency
 * filter, the api benchmark's "two filters"): (account_key, posting_status, currency, start_at desc)
 * finds exactly the matching rows of one account, so the page reads only those from the table (with
 * any sort; in start order straight from the index) and the count reads the index alone once the
 * table is vacuumed. Without it, (account_key, posting_status, start_at) fetched every row of the
 * status and dropped the other currencies: three times the heap reads for a three-currency account.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index settlements_account_status_currency_idx on settlements (account_key, posting_status, currency, start_at desc nulls last)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlements_account_status_currency_idx`.execute(db);
}
