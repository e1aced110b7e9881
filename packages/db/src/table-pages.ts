/**
 * Reads a whole table a page at a time, every value in PostgreSQL's own text form (the form COPY and a
 * cast read back exactly: NUMERIC digits, timestamps with their offset, JSON text, bytea as \x hex),
 * pages by a keyset on the primary key, so no statement holds the table and no transaction stays open
 * (PGlite's one connection is free between pages).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CatalogTable } from './catalog';
import type { Database } from './schema';
import { copyText } from './open-db';

export type TextRow = (string | null)[];

export interface TablePagesOptions {
  /** Rows per page (default 2,000). */
  pageSize?: number;
  /** Only the rows whose column equals the value (an account's rows: `['account_key', key]`). */
  where?: readonly [column: string, value: string];
}

/** Yields pages of rows of `table`, values in the order of `table.columns`, in primary-key order. */
export async function* readTablePages(db: Kysely<Database>, table: CatalogTable, options: TablePagesOptions = {}): AsyncGenerator<TextRow[]> {
  const pageSize = options.pageSize ?? 2_000;
  const keyColumns = table.primaryKey.length > 0 ? table.primaryKey : null;
  const typeOf = new Map(table.columns.map((c) => [c.name, c.type]));
  const selectList = sql.join(table.columns.map((c, i) => sql`${sql.ref(c.name)}::text as ${sql.ref(`c${i}`)}`));
  const keyList = keyColumns ? sql.join(keyColumns.map((k) => sql.ref(k))) : sql.raw('ctid');
  // Aliased: a key column is selected twice, and a row object keeps one value per name.
  const keySelect = keyColumns ? sql.join(keyColumns.map((k, i) => sql`${sql.ref(k)}::text as ${sql.ref(`k${i}`)}`)) : sql.raw('ctid::text as k0');
  let last: string[] | null = null;
  for (;;) {
    const conditions: RawBuilder<unknown>[] = [];
    if (options.where) conditions.push(sql`${sql.ref(options.where[0])} = ${options.where[1]}`);
    if (last) {
      const values = keyColumns ? sql.join(keyColumns.map((k, i) => sql`cast(${last![i]} as ${sql.raw(typeOf.get(k)!)})`)) : sql`cast(${last[0]} as tid)`;
      conditions.push(sql`(${keyList}) > (${values})`);
    }
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const { rows } = await sql<Record<string, string | null>>`select ${selectList}, ${keySelect} from ${sql.table(table.name)} ${where} order by ${keyList} limit ${pageSize}`.execute(db);
    if (rows.length === 0) return;
    const width = table.columns.length;
    const keyCount = keyColumns ? keyColumns.length : 1;
    const page = rows.map((r) => [...table.columns.map((_, i) => r[`c${i}`] ?? null), ...Array.from({ length: keyCount }, (_, i) => r[`k${i}`] ?? null)]);
    last = page[page.length - 1]!.slice(width) as string[];
    yield page.map((r) => r.slice(0, width));
    if (rows.length < pageSize) return;
  }
}

/** Rows of text values in COPY's text format (what copyInto takes). */
export function copyRows(rows: readonly TextRow[]): string {
  let text = '';
  for (const row of rows) text += `${row.map((v) => copyText(v)).join('\t')}\n`;
  return text;
}
