/**
 * The Postings list (an account's documents, newest first, paged): settlement_documents had indexes
 * by settlement only, so listing one account's documents read every account's. (account_key,
 * document_date desc, document_id desc) gives the default order of one account straight from the
 * index, its count from the index alone, and serves the built-in ledger's export by account and date.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index settlement_documents_account_date_idx on settlement_documents (account_key, document_date desc, document_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index settlement_documents_account_date_idx`.execute(db);
}
