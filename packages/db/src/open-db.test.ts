import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { copyInto, copyText, MAX_PREPARED_TEXTS, openDb, prepared, type OpenedDb } from './open-db';
import { migrateToLatest } from './migrate-to-latest';
import { migrations } from './migrations/index';

// The foundation's tables; later migrations add more, so the check is that these all exist.
const tables = [
  'account_feature_flags',
  'account_features',
  'account_memberships',
  'accounts',
  'audit_log',
  'organization_features',
  'organization_memberships',
  'organizations',
  'refresh_tokens',
  'user_application_preferences',
  'user_feature_flags',
  'user_permissions',
  'users',
  'connections',
  'oauth_states',
  'idempotency_keys',
  'accounting_reference_data',
];

async function exerciseEngine(opened: OpenedDb) {
  const names = (await opened.db.introspection.getTables()).map((t) => t.name).sort();
  expect(names).toEqual(expect.arrayContaining(tables));

  await opened.db
    .insertInto('accounts')
    .values({ account_key: 'a1', account_name: 'Shop', accounting_system: 'QBO', sales_channel: 'AMAZON', plan_amount: '12345678901234.5678' })
    .execute();
  const row = await opened.db.selectFrom('accounts').select(['plan_amount', 'created_at']).executeTakeFirstOrThrow();
  // NUMERIC(20,4) round-trips exactly as a string; timestamptz is a Date.
  expect(row.plan_amount).toBe('12345678901234.5678');
  expect(row.created_at).toBeInstanceOf(Date);

  const audit = await opened.db
    .insertInto('audit_log')
    .values({ action: 'test', entity_type: 'account', entity_id: 'a1', after_state: JSON.stringify({ a: 1 }) })
    .returning(['audit_id', 'after_state'])
    .executeTakeFirstOrThrow();
  // INT8 ids are strings on both engines (pg's default; PGlite is configured to match).
  expect(audit.audit_id).toBe('1');
  expect(audit.after_state).toEqual({ a: 1 });

  const big = await sql<{ n: string }>`select 9007199254740993::int8 as n`.execute(opened.db);
  expect(big.rows[0]?.n).toBe('9007199254740993');

  await exerciseCopy(opened);

  // A second run has nothing left to apply.
  expect(await migrateToLatest(opened.db, opened.kind === 'postgres' ? { schema: schemaName } : {})).toEqual([]);
}

/** copyInto writes rows exactly (escapes, nulls, NUMERIC), on the instance and inside a transaction, and a failed transaction keeps none. */
async function exerciseCopy(opened: OpenedDb) {
  await opened.db.insertInto('settlements').values({
    settlement_key: 's1', account_key: 'a1', settlement_id: '1', sales_source: 'AMAZON', format: 'amazon-v2', channel: 'Amazon.com', currency: 'USD',
    status: 'closed', lines_total: '0', line_count: 0, duplicate_key: 'k1', source_kind: 'file', source_file: 'f.txt', search_text: '',
  }).execute();
  const columns = ['settlement_key', 'line_no', 'account_key', 'type_key', 'order_id', 'amount', 'description', 'source_row'];
  const row = (n: number, description: string | null) => ['s1', n, 'a1', 'Order|ItemPrice|Principal', null, '12345678901234.5678', description, n].map(copyText).join('\t');
  await copyInto(opened.db, 'settlement_lines', columns, `${row(1, 'tab\there, back\\slash\nnew line')}\n${row(2, null)}\n`);
  await opened.db.transaction().execute((trx) => copyInto(trx, 'settlement_lines', columns, `${row(3, 'in a transaction')}\n`));
  await expect(
    opened.db.transaction().execute(async (trx) => {
      await copyInto(trx, 'settlement_lines', columns, `${row(4, 'rolled back')}\n`);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  const lines = await opened.db.selectFrom('settlement_lines').select(['line_no', 'order_id', 'amount', 'description']).orderBy('line_no').execute();
  expect(lines).toEqual([
    { line_no: 1, order_id: null, amount: '12345678901234.5678', description: 'tab\there, back\\slash\nnew line' },
    { line_no: 2, order_id: null, amount: '12345678901234.5678', description: null },
    { line_no: 3, order_id: null, amount: '12345678901234.5678', description: 'in a transaction' },
  ]);
}

const schemaName = `db_test_${process.pid}_${Date.now()}`;

describe('openDb on PGlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-db-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates the data folder, applies every migration and returns exact strings for NUMERIC and INT8', async () => {
    const opened = await openDb({ dataDir: path.join(dir, 'db') });
    try {
      expect(opened.kind).toBe('pglite');
      expect(opened.pglite).toBeDefined();
      await exerciseEngine(opened);
      // A statement marked to be prepared runs as any other on PGlite.
      expect((await sql<{ n: number }>`${prepared()}select ${3}::int as n`.execute(opened.db)).rows).toEqual([{ n: 3 }]);
    } finally {
      await opened.close();
    }
  });

  it('reopens an existing data folder with the rows kept and no migration re-applied', async () => {
    const opened = await openDb({ dataDir: path.join(dir, 'db') });
    try {
      const applied = await opened.db.selectFrom('kysely_migration' as 'accounts').select(sql<string>`name`.as('name')).execute();
      expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations));
      const count = await opened.db.selectFrom('accounts').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(count.n).toBe('1');
    } finally {
      await opened.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('openDb on PostgreSQL', () => {
  it('applies every migration inside its own schema and returns the same value types as PGlite', async () => {
    const url = process.env.DATABASE_URL ?? '';
    const opened = await openDb({ url, schema: schemaName, poolSize: 2 });
    try {
      expect(opened.kind).toBe('postgres');
      await exerciseEngine(opened);
    } finally {
      await sql`drop schema ${sql.id(schemaName)} cascade`.execute(opened.db);
      await opened.close();
    }
  });

  it('prepares a statement marked with prepared() once per connection and runs it with the values of each call', async () => {
    const opened = await openDb({ url: process.env.DATABASE_URL ?? '', poolSize: 1, migrate: false });
    try {
      const twice = (n: number) => sql<{ n: number }>`${prepared()}select ${n}::int * 2 as n`.execute(opened.db);
      expect((await twice(2)).rows).toEqual([{ n: 4 }]);
      expect((await twice(5)).rows).toEqual([{ n: 10 }]);
      await sql`select ${1}::int as unmarked`.execute(opened.db);
      const statements = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(opened.db);
      expect(statements.rows.map((r) => r.statement)).toEqual(['/* prepared */ select $1::int * 2 as n']);
    } finally {
      await opened.close();
    }
  });

  it('runs a marked statement unprepared when preparedStatements is false (a pooler that cannot keep them)', async () => {
    const opened = await openDb({ url: process.env.DATABASE_URL ?? '', poolSize: 1, migrate: false, preparedStatements: false });
    try {
      expect((await sql<{ n: number }>`${prepared()}select ${4}::int * 2 as n`.execute(opened.db)).rows).toEqual([{ n: 8 }]);
      const statements = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(opened.db);
      expect(statements.rows).toEqual([{ n: '0' }]);
    } finally {
      await opened.close();
    }
  });

  it('prepares at most MAX_PREPARED_TEXTS distinct texts and runs the rest unprepared, each with its right answer', async () => {
    const opened = await openDb({ url: process.env.DATABASE_URL ?? '', poolSize: 1, migrate: false });
    try {
      // Texts that vary with the request (as a search's filters make them) must not grow without limit.
      for (let i = 0; i < MAX_PREPARED_TEXTS + 20; i++) {
        const { rows } = await sql<{ n: number }>`${prepared()}select ${i}::int + ${sql.raw(String(i))} as n`.execute(opened.db);
        expect(rows).toEqual([{ n: 2 * i }]);
      }
      const count = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(opened.db);
      expect(Number(count.rows[0]?.n)).toBeLessThanOrEqual(MAX_PREPARED_TEXTS);
      expect(Number(count.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await opened.close();
    }
  });
});
