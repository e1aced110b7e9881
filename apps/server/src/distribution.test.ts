/**
 * Scale-out readiness (issue 19, decision 0042, docs/SCALING.md), on both databases:
 * - the catalog: every table is placed once in packages/db/src/distribution.ts; a distributed table
 *   has account_key first in its primary key, in every unique index and in every foreign key to another
 *   distributed table; no reference or local table points at a distributed one;
 * - the hot paths (upload, list, open, send to the built-in ledger, export; then the pages a bookkeeper
 *   opens on an account every day, and a firm's cross-account dashboard): every statement the app
 *   runs that reads or writes a distributed table names account_key once per distributed table it
 *   touches, so Citus routes it to one shard and joins stay on one shard. The partner dashboard, the
 *   one cross-account page a customer opens, reads only the small per-account summary rows.
 */
import fs from 'node:fs';
import { PostgresQueryCompiler, sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementImport, TokenSet } from '@ledgerport/contract';
import { DISTRIBUTED_TABLES, LOCAL_TABLES, REFERENCE_TABLES } from '@ledgerport/db';
import { bearer } from '../test/test-app';
import { coreFixture, form, startSettlementTestServer, upload, waitFor, waitForImport, type SettlementTestServer } from '../test/settlement-test-server';

/** Records the SQL text of every statement the app's Kysely handle runs. */
class SqlRecorder implements KyselyPlugin {
  statements: string[] = [];
  private readonly compiler = new PostgresQueryCompiler();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(this.compiler.compileQuery(args.node, args.queryId).sql);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const distributed = new Set<string>(DISTRIBUTED_TABLES);
const recorder = new SqlRecorder();
let server: SettlementTestServer;
let demo: TokenSet;

beforeAll(async () => {
  server = await startSettlementTestServer({ plugins: [recorder] });
  demo = await server.signIn('demo@ledgerport.local');
}, 120_000);
afterAll(() => server.close());

describe('the catalog', () => {
  const tablesOf = async () =>
    (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(server.testDb.db)).rows.map((r) => r.name);

  it('places every table of the schema in exactly one list', async () => {
    const placed = [...DISTRIBUTED_TABLES, ...REFERENCE_TABLES, ...LOCAL_TABLES];
    expect(new Set(placed).size).toBe(placed.length);
    expect((await tablesOf()).filter((t) => !placed.includes(t as never)).sort()).toEqual([]);
  });

  it('gives every distributed table account_key first in its primary key and unique indexes', async () => {
    const { rows } = await sql<{ table: string; index: string; first: string; isPrimary: boolean }>`
      select c.relname as table, i.relname as index, a.attname as first, x.indisprimary as "isPrimary"
      from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]
      where n.nspname = current_schema() and x.indisunique`.execute(server.testDb.db);
    const wrong = rows.filter((r) => distributed.has(r.table) && r.first !== 'account_key').map((r) => `${r.table}: ${r.index}`);
    expect(wrong).toEqual([]);
    const withPrimaryKey = new Set(rows.filter((r) => r.isPrimary).map((r) => r.table));
    expect(DISTRIBUTED_TABLES.filter((t) => !withPrimaryKey.has(t))).toEqual([]);
  });

  it('joins distributed tables to each other only through account_key, and nothing else points at them', async () => {
    const { rows } = await sql<{ from: string; to: string; name: string; columns: string[]; targets: string[] }>`
      select src.relname as from, dst.relname as to, k.conname as name,
        array(select attname::text from pg_attribute where attrelid = k.conrelid and attnum = any(k.conkey) order by array_position(k.conkey, attnum)) as columns,
        array(select attname::text from pg_attribute where attrelid = k.confrelid and attnum = any(k.confkey) order by array_position(k.confkey, attnum)) as targets
      from pg_constraint k join pg_class src on src.oid = k.conrelid join pg_class dst on dst.oid = k.confrelid
      join pg_namespace n on n.oid = src.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`.execute(server.testDb.db);
    const toDistributed = rows.filter((r) => distributed.has(r.to));
    expect(toDistributed.filter((r) => !distributed.has(r.from)).map((r) => r.name)).toEqual([]);
    expect(toDistributed.filter((r) => r.columns[0] !== 'account_key' || r.targets[0] !== 'account_key').map((r) => r.name)).toEqual([]);
  });
});

/** Each time a statement names a distributed table: the table and the name its columns go by (alias or table). */
function distributedReferences(statement: string): Array<{ table: string; alias: string }> {
  const found = [...statement.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?(?:\s+(?:as\s+)?"?([a-z_]\w*)"?)?/gi)];
  const keywords = /^(where|set|on|join|left|inner|order|group|select|values|using|limit|for|as|cross|natural|default|returning)$/i;
  return found
    .map((m) => ({ table: m[1]!.toLowerCase(), alias: m[2] && !keywords.test(m[2]) ? m[2] : m[1]!.toLowerCase() }))
    .filter((r) => distributed.has(r.table));
}

/**
 * What may go without the account: rows found by their own id because the request names nothing else
 * (settlementKey, importId), and the start-up recovery of interrupted uploads, which looks across
 * accounts by design (recover-settlement-imports-job.ts: unfinished files, and upload folders on disk).
 */
const ENTRY_LOOKUPS = [
  /^select (\*|"account_key"|"import_id") from "(settlements|settlement_imports)" where "(settlement_key|import_id)" = \$1$/,
  /^select "account_key", "import_id"(, "file_index")? from "settlement_import(s|_files)" where "status" (in \(\$1, \$2, \$3\)|!= \$1)$/,
  /^select "stored_path" from "settlement_import_files" where "import_id" = \$1 and "status" in \(\$2, \$3, \$4\) and "stored_path" is not null$/,
];

/**
 * A statement is routed by account when each distributed table it names has its account_key compared
 * (a filter, its side of a join) or, for an insert, listed among the columns. Only ENTRY_LOOKUPS may
 * go without: on Citus such a lookup asks every shard once, and every statement after it names the account.
 */
function isRoutedByAccount(statement: string): boolean {
  const refs = distributedReferences(statement);
  if (refs.length === 0) return true;
  // An insert's target is routed by the account_key among its columns; what it reads must still compare it.
  const insertTarget = /^\s*(?:\/\*.*?\*\/\s*)?insert into "?([a-z_]+)"?\s*\([^)]*\baccount_key\b/i.exec(statement)?.[1];
  const qualifiedCompare = (alias: string) =>
    new RegExp(`"?${alias}"?\\."?account_key"?\\s*(=|in\\s*\\(|= any)|=\\s*"?${alias}"?\\."?account_key\\b`, 'i').test(statement);
  const bareCompare = /(^|[^."\w])"?account_key"?\s*(=|in\s*\()/i.test(statement);
  const isRouted = refs.every((r, i) => (i === 0 && r.table === insertTarget) || qualifiedCompare(r.alias) || ((refs.length === 1 || r.alias === r.table) && bareCompare));
  return isRouted || ENTRY_LOOKUPS.some((lookup) => lookup.test(statement.trim()));
}

describe('the hot paths', () => {
  it('name the account in every statement on a distributed table: upload, list, open, send, export', async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', 'acme-ebay').execute();
    // The demo data holds this file's settlements already: the upload must store them, not find duplicates.
    await server.testDb.db.deleteFrom('settlements').where('account_key', '=', 'acme-ebay').execute();
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: bearer(demo) });
    recorder.statements.length = 0;

    const done = await waitForImport(server, demo, (await upload(server, demo, 'acme-ebay', [{ name: 'ebay.csv', content: fs.readFileSync(coreFixture('ebay', 'transaction_report_2023_07.csv')) }])).json<SettlementImport>().importId);
    const keys = done.files[0]!.settlements.map((s) => s.settlementKey);
    const key = keys[0]!;
    const list = await server.app.inject({
      method: 'POST',
      url: '/spanner-settlements-with-pagination?page=0&size=10',
      headers: bearer(demo),
      payload: { paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: 'acme-ebay' }]] },
    });
    expect(list.statusCode).toBe(200);
    for (const url of [`/settlement/detail?settlementKey=${key}`, `/settlement/lines?settlementKey=${key}&size=50`]) expect((await get(url)).statusCode).toBe(200);
    const f = form([['settlementKey', key], ['action', 'send']]);
    expect((await server.app.inject({ method: 'POST', url: '/settlementSend', payload: f.payload, headers: { ...f.headers, ...bearer(demo) } })).statusCode).toBe(200);
    const sent = await waitFor(
      () => server.testDb.db.selectFrom('settlements').select(['send_state', 'posting_status']).where('account_key', '=', 'acme-ebay').where('settlement_key', '=', key).executeTakeFirstOrThrow(),
      (r) => r.send_state === 'IDLE' || r.send_state === 'FAILED',
      'the send',
    );
    expect(sent.posting_status).toBe('POSTED');
    expect((await get('/ledger/export?accountKey=acme-ebay&format=hledger')).statusCode).toBe(200);

    const touching = recorder.statements.filter((s) => distributedReferences(s).length > 0);
    expect(touching.length).toBeGreaterThan(20);
    expect([...new Set(touching.filter((s) => !isRoutedByAccount(s)))]).toEqual([]);
  }, 120_000);
});

describe('the pages of a working day', () => {
  /** GETs every page of an account a bookkeeper opens on a working day, and the firm's dashboard. */
  const DAY_PAGES = [
    '/account?accountKey=acme-amazon-us',
    '/mappings?accountKey=acme-amazon-us',
    '/account/posting-settings?accountKey=acme-amazon-us',
    '/account-settings/history?accountKey=acme-amazon-us',
    '/account-currencies?account=acme-amazon-us',
    '/connections?accountKey=acme-amazon-us',
    '/reports/account-overview?accountKey=acme-amazon-us&start=2026-01-01&end=2026-11-30',
    '/ledger/trial-balance?accountKey=acme-amazon-us',
    '/postings?accountKey=acme-amazon-us',
    '/notifications/list',
    '/reconciliation-reports?accountKey=acme-amazon-us',
    '/account-settings/cogs?accountKey=acme-amazon-us',
    '/cost-admin/products?accountKey=acme-amazon-us',
    '/inventory/summary?accountKey=acme-amazon-us&month=2026-10',
    '/account/tax-settings?accountKey=acme-amazon-us',
    '/account-settings/users?accountKey=acme-amazon-us',
  ];

  it('name the account in every statement on a distributed table', async () => {
    const answers: string[] = [];
    recorder.statements.length = 0;
    for (const url of DAY_PAGES) {
      const res = await server.app.inject({ method: 'GET', url, headers: bearer(demo) });
      if (res.statusCode !== 200) answers.push(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(answers).toEqual([]);
    const touching = recorder.statements.filter((s) => distributedReferences(s).length > 0);
    expect(touching.length).toBeGreaterThan(DAY_PAGES.length);
    expect([...new Set(touching.filter((s) => !isRoutedByAccount(s)))]).toEqual([]);
  }, 120_000);

  it("reads a firm's dashboard from the per-account summary rows, each statement routed by account", async () => {
    const partner = await server.signIn('partner@ledgerport.local');
    const dashboard = () => server.app.inject({ method: 'GET', url: '/partner/accounts-status', headers: bearer(partner) });
    // The first call makes the summary rows of clients that had no event yet (each routed by its account).
    expect((await dashboard()).statusCode).toBe(200);
    recorder.statements.length = 0;
    const res = await dashboard();
    expect(res.statusCode, res.body).toBe(200);
    const touching = recorder.statements.filter((s) => distributedReferences(s).length > 0);
    expect(new Set(touching.flatMap((s) => distributedReferences(s).map((r) => r.table)))).toEqual(new Set(['account_status_summary']));
    expect([...new Set(touching.filter((s) => !isRoutedByAccount(s)))]).toEqual([]);
  }, 60_000);
});
