/**
 * `npx ledgerport db copy --to postgres://…` (issue 31, decision 0066): everything of the embedded
 * database into an empty PostgreSQL database. The target gets the migrations first, then every table
 * of the catalogue in dependency order, a page at a time (COPY, never a table in memory), then the job
 * queue's pending jobs. Connections are rows like any other: their credentials stay sealed with the
 * same secret, so the same LEDGERPORT_SECRET (or the data folder's secret file) opens them.
 *
 * While the rows go in, the target's foreign keys are dropped and its own triggers are off (the
 * report rollup's triggers would count the copied totals twice, and the users-accounts references go
 * both ways); the keys are then added back, which checks every copied row against them. The copy is
 * verified table by table: row counts, and a checksum of the money columns (their sums and an MD5 of
 * their values in primary-key order) on both sides.
 */
import { sql, type Kysely } from 'kysely';
import { copyInto, copyRows, inDependencyOrder, migrateToLatest, moneyColumnsOf, openDb, readCatalog, readTablePages, type CatalogTable, type Database, type OpenedDb } from '@ledgerport/db';
import { startJobs } from '../jobs/start-jobs';
import { jobHandlers } from '../job-registry';

export interface DbCopyIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export interface DbCopyTarget {
  url: string;
  /** A schema of the target database instead of its public schema (tests). */
  schema?: string;
  /** pg-boss's schema on the target (default pgboss). */
  bossSchema?: string;
}

export interface DbCopySource {
  opened: OpenedDb;
  /** pg-boss's schema in the source (the embedded database's is pgboss). */
  bossSchema?: string;
}

export interface TableCopied {
  table: string;
  rows: number;
  /** Sums of the money columns and the MD5 of their values, equal on both sides. */
  checksum: string;
}

export interface DbCopyResult {
  tables: TableCopied[];
  jobs: number;
  /** Pending jobs of queues this version no longer has: left behind, named. */
  jobsLeft: string[];
}

export class DbCopyRefusal extends Error {}

const BATCH_ROWS = 2_000;
/** The embedded database's pg-boss schema (fromPglite keeps the default). */
const SOURCE_BOSS_SCHEMA = 'pgboss';
const PENDING_JOB_STATES = ['created', 'retry', 'active'];

export async function copyDatabase(source: DbCopySource, target: DbCopyTarget, io: DbCopyIo): Promise<DbCopyResult> {
  if (!/^postgres(ql)?:\/\//.test(target.url)) throw new DbCopyRefusal(`--to must be a postgres:// URL, got "${target.url}".`);
  const bossSchema = target.bossSchema ?? 'pgboss';
  const opened = await openDb({ url: target.url, migrate: false, poolSize: 2, ...(target.schema ? { schema: target.schema } : {}) });
  try {
    await refuseNonEmpty(opened.db, bossSchema);
    io.out('Applying the migrations to the target…');
    await migrateToLatest(opened.db, target.schema ? { schema: target.schema } : {});
    // pg-boss makes its schema and one queue per job handler, as the server would at start.
    const jobs = await startJobs(opened, { databaseUrl: target.url, bossSchema, handlers: jobHandlers, log: { info: () => undefined, error: (t) => io.err(t) } });
    await jobs.stop();
    const tables = await copyTables(source.opened.db, opened.db, io);
    const { copied, left } = await copyPendingJobs(source.opened.db, source.bossSchema ?? SOURCE_BOSS_SCHEMA, opened.db, bossSchema);
    io.out(`  ${'pending jobs'.padEnd(34)} ${String(copied).padStart(10)}${left.length > 0 ? `  (left behind, their queue is gone: ${left.join(', ')})` : ''}`);
    return { tables, jobs: copied, jobsLeft: left };
  } finally {
    await opened.close();
  }
}

async function refuseNonEmpty(db: Kysely<Database>, bossSchema: string): Promise<void> {
  const { rows } = await sql<{ relname: string }>`select relname from pg_class where relnamespace = (select oid from pg_namespace where nspname = current_schema()) and relkind in ('r', 'p') order by relname limit 5`.execute(db);
  const { rows: boss } = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname = ${bossSchema}`.execute(db);
  if (rows.length > 0 || boss.length > 0) {
    const found = [...rows.map((r) => r.relname), ...boss.map((b) => `schema ${b.nspname}`)].join(', ');
    throw new DbCopyRefusal(`The target database is not empty (it holds ${found}${rows.length === 5 ? ', …' : ''}). Copy into a new, empty database: createdb ledgerport, then --to postgres://…/ledgerport. Nothing was changed.`);
  }
}

async function copyTables(from: Kysely<Database>, to: Kysely<Database>, io: DbCopyIo): Promise<TableCopied[]> {
  const catalog = await readCatalog(from);
  const targetCatalog = await readCatalog(to);
  const byName = new Map(catalog.tables.map((t) => [t.name, t]));
  const missing = catalog.tables.filter((t) => !targetCatalog.tables.some((x) => x.name === t.name)).map((t) => t.name);
  if (missing.length > 0) throw new Error(`The target's schema lacks ${missing.join(', ')} after its migrations: is the source from a newer version?`);
  for (const k of targetCatalog.foreignKeys) await sql`alter table ${sql.table(k.table)} drop constraint ${sql.ref(k.name)}`.execute(to);
  for (const t of targetCatalog.tables) await sql`alter table ${sql.table(t.name)} disable trigger user`.execute(to);
  // The target was empty before its migrations: what it holds now is their reference rows (the plans),
  // which the source holds too, as its instance has them.
  await sql`truncate table ${sql.join(targetCatalog.tables.map((t) => sql.table(t.name)))}`.execute(to);
  const copied: TableCopied[] = [];
  io.out(`Copying ${catalog.tables.length} tables:`);
  for (const name of inDependencyOrder(catalog)) {
    const table = byName.get(name)!;
    let rows = 0;
    for await (const page of readTablePages(from, table, { pageSize: BATCH_ROWS })) {
      await copyInto(to, table.name as keyof Database, table.columns.map((c) => `"${c.name}"`), copyRows(page));
      rows += page.length;
    }
    // The target's own sequences (its schema may differ from the source's).
    for (const c of targetCatalog.tables.find((t) => t.name === name)!.columns) if (c.sequence) await sql`select setval(${c.sequence}::regclass, coalesce((select max(${sql.ref(c.name)}) from ${sql.table(name)}), 0) + 1, false)`.execute(to);
    const [before, after] = [await summarize(from, table), await summarize(to, table)];
    if (before.rows !== after.rows || before.checksum !== after.checksum) {
      throw new Error(`The copy of ${name} differs: ${before.rows} rows (${before.checksum}) in the embedded database, ${after.rows} (${after.checksum}) in PostgreSQL.`);
    }
    io.out(`  ${name.padEnd(34)} ${String(rows).padStart(10)}  checked`);
    copied.push({ table: name, rows: after.rows, checksum: after.checksum });
  }
  for (const t of targetCatalog.tables) await sql`alter table ${sql.table(t.name)} enable trigger user`.execute(to);
  // Adding the keys back checks every copied row against them.
  for (const k of targetCatalog.foreignKeys) await sql`alter table ${sql.table(k.table)} add constraint ${sql.ref(k.name)} ${sql.raw(k.definition)}`.execute(to);
  return copied;
}

/** The row count and a checksum of the money columns: their sums, and the MD5 of their values in primary-key order. */
export async function summarize(db: Kysely<Database>, table: CatalogTable): Promise<{ rows: number; checksum: string }> {
  const money = moneyColumnsOf(table);
  const order = table.primaryKey.length > 0 ? sql.join(table.primaryKey.map((k) => sql.ref(k))) : sql.join(money.map((m) => sql.ref(m)));
  const sums = money.length > 0 ? sql.join(money.map((m) => sql`coalesce(sum(${sql.ref(m)}), 0)::text`), sql` || ' ' || `) : sql`''`;
  const values = money.length > 0 ? sql`md5(coalesce(string_agg(concat_ws('|', ${sql.join(money.map((m) => sql`coalesce(${sql.ref(m)}::text, '-')`))}), ',' order by ${order}), ''))` : sql`''`;
  const { rows } = await sql<{ n: string; sums: string; digest: string }>`select count(*)::text as n, ${sums} as sums, ${values} as digest from ${sql.table(table.name)}`.execute(db);
  const row = rows[0]!;
  return { rows: Number(row.n), checksum: money.length > 0 ? `${money.join(',')}: ${row.sums} md5 ${row.digest}` : 'no money columns' };
}

async function copyPendingJobs(from: Kysely<Database>, fromSchema: string, to: Kysely<Database>, bossSchema: string): Promise<{ copied: number; left: string[] }> {
  const { rows: present } = await sql<{ name: string | null }>`select to_regclass(${`${fromSchema}.job`})::text as name`.execute(from);
  if (!present[0]?.name) return { copied: 0, left: [] };
  const columnsOf = async (db: Kysely<Database>, schema: string) =>
    (await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns where table_schema = ${schema} and table_name = 'job' order by ordinal_position`.execute(db)).rows;
  const targetColumns = new Set((await columnsOf(to, bossSchema)).map((c) => c.column_name));
  const columns = (await columnsOf(from, fromSchema)).filter((c) => targetColumns.has(c.column_name)).map((c) => c.column_name);
  const queues = new Set((await sql<{ name: string }>`select name from ${sql.table(`${bossSchema}.queue`)}`.execute(to)).rows.map((r) => r.name));
  const select = sql.join(columns.map((c, i) => sql`${sql.ref(c)}::text as ${sql.ref(`c${i}`)}`));
  const nameAt = columns.indexOf('name');
  const left = new Set<string>();
  let copied = 0;
  // A page at a time by the job's id, as the tables.
  for (let after: string | null = null; ; ) {
    const { rows } = await sql<Record<string, string | null>>`select ${select}, id::text as last_id from ${sql.table(`${fromSchema}.job`)}
      where state::text in (${sql.join(PENDING_JOB_STATES)}) ${after === null ? sql`` : sql`and id > ${after}::uuid`} order by id limit ${BATCH_ROWS}`.execute(from);
    if (rows.length === 0) break;
    const page: (string | null)[][] = [];
    for (const r of rows) {
      const values = columns.map((_, i) => r[`c${i}`] ?? null);
      if (queues.has(values[nameAt]!)) page.push(values);
      else left.add(values[nameAt]!);
    }
    await copyInto(to, `${bossSchema}.job` as keyof Database, columns.map((c) => `"${c}"`), copyRows(page));
    copied += page.length;
    after = rows[rows.length - 1]!.last_id!;
  }
  return { copied, left: [...left] };
}
