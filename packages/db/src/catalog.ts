/**
 * The schema as the database itself describes it: tables, their columns (with types), primary keys and
 * foreign keys, read from the catalogue of the current schema. `db copy` and the account archive walk
 * every table this way, so a table added by a later migration is copied and exported without a change.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export interface CatalogColumn {
  name: string;
  /** PostgreSQL's name of the type (`numeric`, `timestamp with time zone`, `text[]`), for casts. */
  type: string;
  isNullable: boolean;
  /** A column with a sequence as its default (bigserial): its sequence is moved past the copied rows. */
  sequence: string | null;
}

export interface CatalogForeignKey {
  name: string;
  table: string;
  parent: string;
  columns: string[];
  /** `FOREIGN KEY (...) REFERENCES ...`, as pg_get_constraintdef writes it. */
  definition: string;
}

export interface CatalogTable {
  name: string;
  /** Written columns: generated columns are left out (the database computes them). */
  columns: CatalogColumn[];
  primaryKey: string[];
}

export interface Catalog {
  tables: CatalogTable[];
  foreignKeys: CatalogForeignKey[];
}

/** Kysely's own bookkeeping: made by the migrations, never copied or exported. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Reads the base tables of the current schema (Kysely's migration tables aside), in name order. */
export async function readCatalog(db: Kysely<Database>): Promise<Catalog> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; type: string; is_nullable: boolean; sequence: string | null }>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as is_nullable,
      pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = (select oid from pg_namespace where nspname = current_schema()) and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db);
  const { rows: keys } = await sql<{ table_name: string; columns: string[] }>`
    select c.relname as table_name, array(select a.attname from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as columns
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    where k.contype = 'p' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  const { rows: foreign } = await sql<{ name: string; table_name: string; parent: string; columns: string[]; definition: string }>`
    select k.conname as name, c.relname as table_name, p.relname as parent, pg_get_constraintdef(k.oid) as definition,
      array(select a.attname from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as columns
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())
    order by c.relname, k.conname`.execute(db);
  const primary = new Map(keys.map((k) => [k.table_name, textArray(k.columns)]));
  const tables = new Map<string, CatalogTable>();
  for (const c of columns) {
    if (MIGRATION_TABLES.has(c.table_name)) continue;
    let table = tables.get(c.table_name);
    if (!table) tables.set(c.table_name, (table = { name: c.table_name, columns: [], primaryKey: primary.get(c.table_name) ?? [] }));
    table.columns.push({ name: c.column_name, type: c.type, isNullable: c.is_nullable, sequence: c.sequence });
  }
  return {
    tables: [...tables.values()],
    foreignKeys: foreign.map((f) => ({ name: f.name, table: f.table_name, parent: f.parent, columns: textArray(f.columns), definition: f.definition })),
  };
}

/** A text[] as the driver returns it: an array on pg, sometimes its literal `{a,b}` on PGlite. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter((s) => s.length > 0);
}

/**
 * The tables ordered so that each comes after every table it refers to (parents first); a reference
 * to itself or around a cycle (users and accounts point at each other) does not reorder.
 */
export function inDependencyOrder(catalog: Catalog, names: readonly string[] = catalog.tables.map((t) => t.name)): string[] {
  const wanted = new Set(names);
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (state.has(table)) return;
    state.set(table, 'visiting');
    for (const k of catalog.foreignKeys) if (k.table === table && k.parent !== table && wanted.has(k.parent)) visit(k.parent);
    state.set(table, 'done');
    ordered.push(table);
  };
  for (const name of [...wanted].sort()) visit(name);
  return ordered;
}

/** The columns of a table holding money: every NUMERIC column (decision 0001: money is NUMERIC(20,4)). */
export function moneyColumnsOf(table: CatalogTable): string[] {
  return table.columns.filter((c) => c.type.startsWith('numeric')).map((c) => c.name);
}
