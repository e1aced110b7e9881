/**
 * One Kysely<Database> over either engine: PGlite (PostgreSQL compiled to WASM, file-backed) when no
 * URL is given, PostgreSQL through pg.Pool otherwise. Values come back the same way on both: INT8 and
 * NUMERIC as strings, timestamptz as Date.
 *
 * PGlite has ONE connection: inside `db.transaction().execute(trx => ...)` every query must go
 * through `trx`. A query on `db` there waits for the connection the transaction holds, forever.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql, type RawBuilder } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateToLatest } from './migrate-to-latest';
import type { Database } from './schema';

export interface OpenDbOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite data folder (created when missing). Default ./.ledgerport/db. */
  dataDir?: string;
  /** PostgreSQL only: a schema to create and put first on the search_path (tests). */
  schema?: string;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: send the statements marked with prepared() as named, prepared statements
   * (default true). False for a pooler that cannot keep them (PgBouncer in transaction mode before
   * 1.21): they then run as any other statement.
   */
  preparedStatements?: boolean;
}

export interface OpenedDb {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance, for pg-boss's fromPglite adapter. */
  pglite?: PGlite;
  /** The pool's connections now (PostgreSQL only), for the server's metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = path.join('.ledgerport', 'db');

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDb(options: OpenDbOptions = {}): Promise<OpenedDb> {
  const opened = options.url ? await openPostgres(options.url, options) : await openPglite(options.dataDir ?? DEFAULT_DATA_DIR);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(opened.db, options.schema ? { schema: options.schema } : {});
    } catch (error) {
      await opened.close();
      throw error;
    }
  }
  return opened;
}

async function openPglite(dataDir: string): Promise<OpenedDb> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  // INT8 as string, like pg: PGlite would otherwise mix number and BigInt by magnitude.
  const pglite = await PGlite.create(dataDir, { parsers: { [types.INT8]: (x: string) => x } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: copyingPglite(pglite) }) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite,
    // db.destroy() closes the PGlite instance too; closing it again would throw.
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<OpenedDb> {
  const pg = (await import('pg')).default;
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  pool.on('connect', (client) => copyingMarkedStatements(client, options.preparedStatements !== false));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize ?? 10 }),
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** The comment that starts a statement to prepare (see `prepared`). */
const PREPARED_MARK = '/* prepared */ ';

/**
 * Marks a hot statement to be prepared once per PostgreSQL connection and reused: `sql`${prepared()}select ...``.
 * PostgreSQL then parses and plans it once per connection, not on every request (the settlement
 * detail statement spent more time planned than run). Only for statements with an explicit column
 * list (a prepared `select *` fails once its table gains a column) and a text drawn from a small set
 * (see MAX_PREPARED_TEXTS). PGlite runs it as any other statement.
 */
export function prepared(): RawBuilder<unknown> {
  return sql.raw(PREPARED_MARK);
}

/** Statement names by text: a hash of the text, so one name never stands for two texts. */
const preparedNames = new Map<string, string>();

/**
 * At most this many distinct texts are prepared per process (and so per connection). A marked
 * statement whose text varies with the request (the settlement search, by its filters) stays
 * bounded: texts beyond the limit run unprepared, as any other statement.
 */
export const MAX_PREPARED_TEXTS = 200;

/** The comment that starts a COPY ... FROM STDIN whose data is the statement's one parameter (see `copyInto`). */
const COPY_MARK = '/* copy from stdin */ ';

/**
 * Writes rows with COPY ... FROM STDIN, through whatever `db` is (a transaction's handle included, so
 * PGlite's one connection is never asked twice): `text` is COPY's text format (or its UTF-8 bytes), one row per line, tab
 * between columns, \N for null (see `copyText`). Far cheaper per row than INSERT on both engines: one
 * statement, no parameters to bind, no plan. PostgreSQL streams it (pg-copy-streams); PGlite reads it
 * from the '/dev/blob' device its query options provide.
 */
export async function copyInto(db: Kysely<Database>, table: keyof Database, columns: readonly string[], text: string | Uint8Array): Promise<void> {
  if (text.length === 0) return;
  await sql`${sql.raw(`${COPY_MARK}copy ${table} (${columns.join(', ')}) from stdin `)}${text}`.execute(db);
}

/** A value as COPY's text format writes it: \N for null, backslash, tab, newline and return escaped. */
export function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** The statement and data of a marked COPY, as copyInto compiled it (`... from stdin $1`, [data]). */
function markedCopy(text: unknown, values: unknown): { statement: string; data: string | Uint8Array } | null {
  if (typeof text !== 'string' || !text.startsWith(COPY_MARK) || !Array.isArray(values) || !(typeof values[0] === 'string' || values[0] instanceof Uint8Array)) return null;
  return { statement: text.slice(COPY_MARK.length).replace(/ \$1$/, ''), data: values[0] };
}

/** PGlite for Kysely: a marked COPY (on the instance or inside a transaction) reads its data from '/dev/blob'. */
function copyingPglite(pglite: PGlite): PGlite {
  type Query = PGlite['query'];
  const copying = (query: Query): Query =>
    ((text: string, values?: unknown[], options?: Parameters<Query>[2]) => {
      const copy = markedCopy(text, values);
      if (!copy) return query(text, values, options);
      return query(copy.statement.replace(/ from stdin$/, " from '/dev/blob'"), [], { blob: new Blob([copy.data]) });
    }) as Query;
  const query = copying(pglite.query.bind(pglite));
  const transaction: PGlite['transaction'] = (callback) => pglite.transaction((tx) => callback({ ...tx, query: copying(tx.query.bind(tx)) }));
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A pool client that runs marked COPY statements through pg-copy-streams and, when `isPreparing`,
 * sends the marked statements as named (prepared) statements; anything else as before.
 */
function copyingMarkedStatements(client: PoolClient, isPreparing: boolean): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const patched = (...args: unknown[]): unknown => {
    const [text, values] = args;
    const copy = args.length === 2 ? markedCopy(text, values) : null;
    if (copy) {
      return new Promise((resolve, reject) => {
        const stream = query(copyFrom(copy.statement)) as ReturnType<typeof copyFrom>;
        stream.on('error', reject);
        stream.on('finish', () => resolve({ command: 'COPY', rowCount: stream.rowCount, rows: [] }));
        stream.end(copy.data);
      });
    }
    if (!isPreparing || typeof text !== 'string' || !text.startsWith(PREPARED_MARK) || !Array.isArray(values) || args.length > 2) return query(...args);
    let name = preparedNames.get(text);
    if (name === undefined) {
      if (preparedNames.size >= MAX_PREPARED_TEXTS) return query(...args);
      name = `lp_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      preparedNames.set(text, name);
    }
    return query({ name, text, values });
  };
  (client as unknown as { query: typeof patched }).query = patched;
}
