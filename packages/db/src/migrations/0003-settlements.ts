/**
 * Settlements (issue 5): settlements with every spec field and the normalized header, their lines,
 * uploads and their files, versioned mapping sets, documents per settlement part, and the built-in
 * ledger (journals and lines, immutable: a correction is a reversal).
 *
 * Sized for 100,000 settlements / 5,000,000 lines across 200 accounts. The list query is always one
 * account's: (account_key, start_at desc) serves its first page with any sort-by-date; the other
 * sorts and filters touch ~500 rows per account, which PostgreSQL sorts in memory in well under a
 * millisecond. Lines are read per settlement: the primary key (settlement_key, line_no) serves the
 * drill-down by row, (settlement_key, type_key, posted_at) the selector of core's LineSources.
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;
const money = sql`numeric(20,4)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settlements')
    .addColumn('settlement_key', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    // Normalized header (core SettlementHeader).
    .addColumn('settlement_id', 'text', (c) => c.notNull())
    .addColumn('sales_source', 'text', (c) => c.notNull()) // AMAZON, SHOPIFY... (core Channel)
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('marketplace', 'text')
    .addColumn('channel', 'text', (c) => c.notNull()) // marketplace shown in the list's channel column
    .addColumn('gateway', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('start_at', 'timestamptz')
    .addColumn('end_at', 'timestamptz')
    .addColumn('deposit_at', 'timestamptz')
    .addColumn('total', money) // null: open settlement
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('closed', 'open')`))
    .addColumn('seller_id', 'text')
    // Consistency and duplicates.
    .addColumn('lines_total', money, (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('inconsistent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('difference', money, (c) => c.notNull().defaultTo('0'))
    .addColumn('inconsistency_reason', 'text')
    .addColumn('duplicate_key', 'text', (c) => c.notNull())
    .addColumn('duplicate_of', 'text', (c) => c.references('settlements.settlement_key').onDelete('cascade'))
    // Source: an uploaded file, or the channel API (report_id lets redownload fetch it again).
    .addColumn('source_kind', 'text', (c) => c.notNull().check(sql`source_kind in ('file', 'api')`))
    .addColumn('source_file', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text')
    .addColumn('import_id', 'text')
    // Posting (spec section 3 fields).
    .addColumn('posting_status', 'text', (c) => c.notNull().defaultTo('NOT_POSTED').check(sql`posting_status in ('POSTED', 'PARTIALLY_POSTED', 'NOT_POSTED')`))
    .addColumn('posted_to_xero', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cogs_posting_status', 'text', (c) => c.notNull().defaultTo('NOT_POSTED').check(sql`cogs_posting_status in ('POSTED', 'PARTIALLY_POSTED', 'NOT_POSTED')`))
    .addColumn('cogs_posted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cogs_invoices_total', money)
    .addColumn('cogs_currency', 'text')
    .addColumn('all_product_costs_available', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('flags_set', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('on_hold', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('on_hold_reason', 'text')
    .addColumn('on_hold_date', 'timestamptz')
    .addColumn('taxes_mapped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accounts_mapped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_single_order', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_deferred_transaction', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('send_state', 'text', (c) => c.notNull().defaultTo('IDLE').check(sql`send_state in ('IDLE', 'QUEUED', 'SENDING', 'FAILED')`))
    .addColumn('posting_error', 'text')
    .addColumn('posting_error_at', 'timestamptz')
    // Lower-cased settlement id, report id, file and marketplace: the 'Search by text' filter.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One original per duplicate key in an account; duplicates point at it.
  await sql`create unique index settlements_duplicate_key_uq on settlements (account_key, duplicate_key) where duplicate_of is null`.execute(db);
  await sql`create index settlements_account_start_idx on settlements (account_key, start_at desc nulls last, settlement_key)`.execute(db);
  await sql`create index settlements_account_status_start_idx on settlements (account_key, posting_status, start_at desc nulls last)`.execute(db);
  // Deleting a settlement checks for duplicates pointing at it.
  await sql`create index settlements_duplicate_of_idx on settlements (duplicate_of) where duplicate_of is not null`.execute(db);
  await sql`create index settlements_send_state_idx on settlements (send_state) where send_state <> 'IDLE'`.execute(db);

  await db.schema
    .createTable('settlement_lines')
    .addColumn('settlement_key', 'text', (c) => c.notNull().references('settlements.settlement_key').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'timestamptz')
    .addColumn('type_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('sku', 'text')
    .addColumn('quantity', 'integer')
    .addColumn('marketplace', 'text')
    .addColumn('fulfilment_channel', 'text')
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('description', 'text')
    // null when the line came from the settlement's own source_file (saves bytes at millions of rows).
    .addColumn('source_file', 'text')
    .addColumn('source_row', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('settlement_lines_pk', ['settlement_key', 'line_no'])
    .execute();
  await sql`create index settlement_lines_selector_idx on settlement_lines (settlement_key, type_key, posted_at)`.execute(db);
  await sql`create index settlement_lines_order_idx on settlement_lines (account_key, order_id) where order_id is not null`.execute(db);

  await db.schema
    .createTable('settlement_imports')
    .addColumn('import_id', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('load_readable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED').check(sql`status in ('QUEUED', 'RUNNING', 'DONE')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('settlement_imports_account_idx').on('settlement_imports').columns(['account_key', 'created_at']).execute();
  await db.schema
    .createTable('settlement_import_files')
    .addColumn('import_id', 'text', (c) => c.notNull().references('settlement_imports.import_id').onDelete('cascade'))
    .addColumn('file_index', 'integer', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    // Where the upload waits for its job; removed once read.
    .addColumn('stored_path', 'text')
    .addColumn('format', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('QUEUED').check(sql`status in ('QUEUED', 'PARSING', 'STORING', 'LOADED', 'PROBLEMS', 'FAILED')`),
    )
    .addColumn('progress_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settlements', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('problems', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('problems_omitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('settlement_import_files_pk', ['import_id', 'file_index'])
    .execute();
  await db.schema.createIndex('settlement_import_files_account_idx').on('settlement_import_files').columns(['account_key', 'status']).execute();

  // Versioned mapping sets: a new row per revision, never updated. The set is core's MappingSet as JSON.
  await db.schema
    .createTable('mapping_sets')
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('mapping_set', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('mapping_sets_pk', ['account_key', 'version'])
    .execute();

  // Documents per settlement part once sent (or failed): what was posted, with which mapping version.
  await db.schema
    .createTable('settlement_documents')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('settlement_key', 'text', (c) => c.notNull().references('settlements.settlement_key').onDelete('cascade'))
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('part_index', 'integer', (c) => c.notNull())
    .addColumn('part_count', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('document_date', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('mapping_version', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('SENDING', 'POSTED', 'REVERSED', 'FAILED')`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text')
    .addColumn('remote_number', 'text')
    .addColumn('remote_type', 'text')
    .addColumn('remote_url', 'text')
    // The document as built (core documentsToJson of one document): what the user saw and what was sent.
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('posted_at', 'timestamptz')
    .addColumn('reversed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('settlement_documents_settlement_idx').on('settlement_documents').columns(['settlement_key', 'part_index']).execute();
  // At most one live (sending or posted) document per settlement part: sending twice never posts twice.
  await sql`create unique index settlement_documents_live_uq on settlement_documents (settlement_key, part_index) where status in ('SENDING', 'POSTED')`.execute(db);

  await db.schema
    .createTable('ledger_journals')
    .addColumn('journal_id', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull().references('accounts.account_key').onDelete('cascade'))
    .addColumn('journal_date', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('settlement_key', 'text')
    .addColumn('document_id', 'text')
    .addColumn('mapping_version', 'text')
    .addColumn('reverses_id', 'text', (c) => c.references('ledger_journals.journal_id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index ledger_journals_account_idx on ledger_journals (account_key, journal_date, created_at)`.execute(db);
  await sql`create unique index ledger_journals_document_uq on ledger_journals (document_id) where document_id is not null and reverses_id is null`.execute(db);
  await db.schema
    .createTable('ledger_lines')
    .addColumn('journal_id', 'text', (c) => c.notNull().references('ledger_journals.journal_id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('account_code', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('debit', 'credit')`))
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_lines_pk', ['journal_id', 'line_no'])
    .execute();
  await db.schema.createIndex('ledger_lines_account_code_idx').on('ledger_lines').columns(['account_key', 'account_code']).execute();
  // Posted means immutable: journals and their lines are never updated (deleting an account cascades).
  await sql`
    create function ledger_refuse_update() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger journals are immutable: post a reversal instead';
    end $$`.execute(db);
  await sql`create trigger ledger_journals_immutable before update on ledger_journals for each row execute function ledger_refuse_update()`.execute(db);
  await sql`create trigger ledger_lines_immutable before update on ledger_lines for each row execute function ledger_refuse_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_lines').execute();
  await db.schema.dropTable('ledger_journals').execute();
  await sql`drop function if exists ledger_refuse_update()`.execute(db);
  await db.schema.dropTable('settlement_documents').execute();
  await db.schema.dropTable('mapping_sets').execute();
  await db.schema.dropTable('settlement_import_files').execute();
  await db.schema.dropTable('settlement_imports').execute();
  await db.schema.dropTable('settlement_lines').execute();
  await db.schema.dropTable('settlements').execute();
}
