/**
 * `db copy` round trip (issue 31): the generated account's API answers on the copy in PostgreSQL are
 * the same as on the source, every table and its money checksum match, connections stay sealed as
 * they were, pending jobs come along, and a non-empty target is refused. Needs DATABASE_URL (the
 * target); the source is the test's own database (PGlite, or PostgreSQL in the server-postgres project).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@ledgerport/contract';
import { openDb, type OpenedDb } from '@ledgerport/db';
import { buildApp } from '../app';
import { createDiscardingJobs, createTestClock, testConfig } from '../../test/test-app';
import { startSettlementTestServer, type SettlementTestServer } from '../../test/settlement-test-server';
import { apiAnswers, GENERATED_ACCOUNT, prepareGeneratedAccount, ROUNDTRIP_UPLOAD_BYTES_MAX, type ApiAnswers } from '../../test/generated-account';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { SEND_SETTLEMENT_QUEUE } from '../features/posting/send-settlement-job';
import { insertAccountingConnection } from '../../test/connection-rows';
import { createSecretBox } from '../security/secret-box';
import { copyDatabase, DbCopyRefusal, type DbCopyResult } from './db-copy';

const url = process.env.DATABASE_URL;
const suffix = crypto.randomBytes(4).toString('hex');
const target = { url: url ?? '', schema: `copy_${suffix}`, bossSchema: `copyboss_${suffix}` };

let server: SettlementTestServer;
let demo: TokenSet;
let before: ApiAnswers;
let result: DbCopyResult;
let copy: OpenedDb;
const printed: string[] = [];

describe.skipIf(!url)('db copy', () => {
  beforeAll(async () => {
    server = await startSettlementTestServer({ config: { uploadFileBytesMax: ROUNDTRIP_UPLOAD_BYTES_MAX } });
    demo = await server.signIn('demo@ledgerport.local');
    await prepareGeneratedAccount(server, demo);
    await insertAccountingConnection(server.testDb.db, 'acme-amazon-ca', 'QBO', server.clock());
    // A job waiting for an hour: still pending when the copy is made.
    await server.jobs.send(SEND_SETTLEMENT_QUEUE, { settlementKey: 'stl_waitingforthecopy', accountKey: GENERATED_ACCOUNT }, { startAfterSeconds: 3600 });
    before = await apiAnswers(server.app, demo, GENERATED_ACCOUNT);
    result = await copyDatabase({ opened: server.testDb.opened, bossSchema: server.bossSchema }, target, { out: (t) => printed.push(t), err: (t) => printed.push(t) });
    copy = await openDb({ url: target.url, schema: target.schema, migrate: false, poolSize: 2 });
  }, 300_000);

  afterAll(async () => {
    if (copy) {
      await sql`drop schema if exists ${sql.id(target.schema)} cascade`.execute(copy.db);
      await sql`drop schema if exists ${sql.id(target.bossSchema)} cascade`.execute(copy.db);
      await copy.close();
    }
    await server?.close();
  });

  it('reports every table with its rows, checked by count and money checksum', async () => {
    const lines = result.tables.find((t) => t.table === 'settlement_lines')!;
    const stored = await server.testDb.db.selectFrom('settlement_lines').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(lines.rows).toBe(Number(stored.n));
    expect(lines.checksum).toMatch(/^amount: -?\d+\.\d{4} md5 [0-9a-f]{32}$/);
    expect(result.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['accounts', 'users', 'refresh_tokens', 'connections', 'ledger_journals', 'ledger_lines', 'audit_log']));
    // Parents first.
    const order = result.tables.map((t) => t.table);
    expect(order.indexOf('settlements')).toBeLessThan(order.indexOf('settlement_lines'));
    expect(order.indexOf('ledger_journals')).toBeLessThan(order.indexOf('ledger_lines'));
    expect(printed.join('\n')).toMatch(/settlement_lines\s+\d+\s+checked/);
  });

  it('gives a server whose settlement list, detail, postings and ledger export are the same, with sign-ins and sealed connections as they were', async () => {
    const app = await buildApp({ db: copy.db, config: testConfig(), clock: createTestClock(), jobs: createDiscardingJobs() });
    try {
      const signIn = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } });
      expect(signIn.statusCode).toBe(200);
      const after = await apiAnswers(app, signIn.json<TokenSet>(), GENERATED_ACCOUNT);
      expect(after).toEqual(before);
    } finally {
      await app.close();
    }
    const sealed = async (db: OpenedDb['db']) => (await db.selectFrom('connections').select(['connection_id', 'credentials_sealed']).orderBy('connection_id').execute());
    const source = await sealed(server.testDb.db);
    expect(source.length).toBeGreaterThan(0);
    const copied = await sealed(copy.db);
    expect(copied).toEqual(source);
    // The same secret opens them.
    expect(JSON.parse(createSecretBox(testConfig().secret).open(copied[0]!.credentials_sealed!, 'accounting-tokens:acme-amazon-ca'))).toMatchObject({ tokens: { accessToken: 'test' } });
  }, 120_000);

  it('brings the pending jobs into pg-boss on PostgreSQL', async () => {
    expect(result.jobs).toBeGreaterThan(0);
    const { rows } = await sql<{ state: string }>`select state::text from ${sql.table(`${target.bossSchema}.job`)} where name = ${SEND_SETTLEMENT_QUEUE} and data->>'settlementKey' = 'stl_waitingforthecopy'`.execute(copy.db);
    expect(rows).toEqual([{ state: 'created' }]);
  });

  it('refuses a target that is not empty, and changes nothing there', async () => {
    const counted = async () => (await copy.db.selectFrom('settlement_lines').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const rowsBefore = await counted();
    await expect(copyDatabase({ opened: server.testDb.opened, bossSchema: server.bossSchema }, target, { out: () => undefined, err: () => undefined })).rejects.toThrow(DbCopyRefusal);
    await expect(copyDatabase({ opened: server.testDb.opened, bossSchema: server.bossSchema }, target, { out: () => undefined, err: () => undefined })).rejects.toThrow(/The target database is not empty \(it holds account_[a-z_]+, /);
    expect(await counted()).toBe(rowsBefore);
  });
});
