/**
 * Scale-out readiness (issue 19, decision 0042, docs/SCALING.md): every table distributed by account
 * on Citus (packages/db/src/distribution.ts) carries account_key first in its primary key, in its
 * unique indexes and in its foreign keys to other distributed tables, so each of them can live on the
 * shard of its account and every constraint is checked on one shard. The two tables without a primary
 * key get one (account_key, settlement_key, row id); settlement_type_totals gets its account_key.
 * Where rows are still found by their old key alone (a document id, a journal id, an import id), a
 * plain index on that key keeps the lookup fast on one PostgreSQL; on Citus such a lookup would visit
 * every shard, which is why the hot paths name the account (distribution.test.ts checks their SQL).
 */
import { sql, type Kysely } from 'kysely';

type Step = ReturnType<typeof sql>;

/** Foreign keys that point at a primary key this migration widens: dropped first, recreated last. */
const OLD_FOREIGN_KEYS: Array<[table: string, name: string]> = [
  ['settlements', 'settlements_duplicate_of_fkey'],
  ['settlement_documents', 'settlement_documents_settlement_key_fkey'],
  ['settlement_import_files', 'settlement_import_files_import_id_fkey'],
  ['ledger_journals', 'ledger_journals_reverses_id_fkey'],
  ['ledger_lines', 'ledger_lines_journal_id_fkey'],
  ['settlement_type_totals', 'settlement_type_totals_settlement_key_fkey'],
  ['reconciliation_report_rows', 'reconciliation_report_rows_report_id_fkey'],
  ['settlement_cogs', 'settlement_cogs_settlement_key_fkey'],
  ['settlement_cogs_lots', 'settlement_cogs_lots_settlement_key_fkey'],
  ['settlement_cogs_documents', 'settlement_cogs_documents_settlement_key_fkey'],
];

/** Primary keys widened with account_key in front: [table, old key columns]. */
const WIDENED_PRIMARY_KEYS: Array<[table: string, columns: string]> = [
  ['settlements', 'settlement_key'],
  ['settlement_lines', 'settlement_key, line_no'],
  ['settlement_documents', 'document_id'],
  ['settlement_imports', 'import_id'],
  ['settlement_import_files', 'import_id, file_index'],
  ['settlement_order_totals', 'settlement_key, order_id'],
  ['ledger_journals', 'journal_id'],
  ['ledger_lines', 'journal_id, line_no'],
  ['reconciliation_reports', 'report_id'],
  ['reconciliation_report_rows', 'report_id, row_no'],
  ['settlement_cogs', 'settlement_key'],
  ['settlement_cogs_documents', 'document_id'],
  ['idempotency_keys', 'idempotency_key'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (steps: Step[]) => {
    for (const step of steps) await step.execute(db);
  };

  // settlement_type_totals: the account of each row, from its settlement.
  await run([
    sql`alter table settlement_type_totals add column account_key text`,
    sql`update settlement_type_totals t set account_key = s.account_key from settlements s where s.settlement_key = t.settlement_key`,
    sql`delete from settlement_type_totals where account_key is null`,
    sql`alter table settlement_type_totals alter column account_key set not null`,
  ]);

  for (const [table, name] of OLD_FOREIGN_KEYS) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
  for (const [table, columns] of WIDENED_PRIMARY_KEYS) {
    // Some primary keys were created with a name of their own: read it from the catalog.
    const { rows } = await sql<{ conname: string }>`select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'p'`.execute(db);
    const name = rows[0]?.conname;
    if (!name) throw new Error(`${table} has no primary key to widen`);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add primary key (account_key, ${sql.raw(columns)})`.execute(db);
  }

  // The two tables that had no primary key: a row id of their own, after the account and settlement.
  for (const table of ['settlement_type_totals', 'settlement_cogs_lots']) {
    await sql`alter table ${sql.table(table)} add column row_id bigserial`.execute(db);
    await sql`alter table ${sql.table(table)} add primary key (account_key, settlement_key, row_id)`.execute(db);
  }

  await run([
    // Unique indexes of distributed tables: the account first.
    sql`drop index settlement_documents_live_uq`,
    sql`create unique index settlement_documents_live_uq on settlement_documents (account_key, settlement_key, part_index) where status in ('SENDING', 'POSTED')`,
    sql`drop index settlement_cogs_documents_live_uq`,
    sql`create unique index settlement_cogs_documents_live_uq on settlement_cogs_documents (account_key, settlement_key, part_index) where status in ('SENDING', 'POSTED')`,
    sql`drop index ledger_journals_document_uq`,
    sql`create unique index ledger_journals_document_uq on ledger_journals (account_key, document_id) where document_id is not null and reverses_id is null`,
    // Lookups by the old key alone stay indexed (see the header).
    sql`create index settlements_settlement_key_idx on settlements (settlement_key)`,
    sql`create index settlement_documents_document_id_idx on settlement_documents (document_id)`,
    sql`create index settlement_imports_import_id_idx on settlement_imports (import_id)`,
    sql`create index ledger_journals_journal_id_idx on ledger_journals (journal_id)`,
    sql`create index reconciliation_reports_report_id_idx on reconciliation_reports (report_id)`,
    sql`create index settlement_cogs_settlement_key_idx on settlement_cogs (settlement_key)`,
    sql`create index settlement_cogs_documents_document_id_idx on settlement_cogs_documents (document_id)`,
    sql`create index idempotency_keys_key_idx on idempotency_keys (idempotency_key)`,
    // Foreign keys between distributed tables, through the account.
    sql`alter table settlements add constraint settlements_duplicate_of_fkey foreign key (account_key, duplicate_of) references settlements (account_key, settlement_key) on delete cascade`,
    sql`alter table settlement_documents add constraint settlement_documents_settlement_key_fkey foreign key (account_key, settlement_key) references settlements (account_key, settlement_key) on delete cascade`,
    sql`alter table settlement_import_files add constraint settlement_import_files_import_id_fkey foreign key (account_key, import_id) references settlement_imports (account_key, import_id) on delete cascade`,
    sql`alter table ledger_journals add constraint ledger_journals_reverses_id_fkey foreign key (account_key, reverses_id) references ledger_journals (account_key, journal_id)`,
    sql`alter table ledger_lines add constraint ledger_lines_journal_id_fkey foreign key (account_key, journal_id) references ledger_journals (account_key, journal_id) on delete cascade`,
    sql`alter table settlement_type_totals add constraint settlement_type_totals_settlement_key_fkey foreign key (account_key, settlement_key) references settlements (account_key, settlement_key) on delete cascade`,
    sql`alter table reconciliation_report_rows add constraint reconciliation_report_rows_report_id_fkey foreign key (account_key, report_id) references reconciliation_reports (account_key, report_id) on delete cascade`,
    sql`alter table settlement_cogs add constraint settlement_cogs_settlement_key_fkey foreign key (account_key, settlement_key) references settlements (account_key, settlement_key) on delete cascade`,
    sql`alter table settlement_cogs_lots add constraint settlement_cogs_lots_settlement_key_fkey foreign key (account_key, settlement_key) references settlements (account_key, settlement_key) on delete cascade`,
    sql`alter table settlement_cogs_documents add constraint settlement_cogs_documents_settlement_key_fkey foreign key (account_key, settlement_key) references settlements (account_key, settlement_key) on delete cascade`,
  ]);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0042 widens keys in place; restore a backup to go back'));
}
