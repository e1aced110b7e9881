/**
 * Recovery of uploads a killed process left behind (issue 14), in process: each test sets up the rows
 * and files a kill leaves (a file QUEUED with no job, PARSING or STORING with nothing stored, an upload
 * cut off before its rows), then runs what a restart or a pg-boss retry runs. The real kill -9 is in
 * import-crash-restart.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport } from '@ledgerport/core/channels';
import type { SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { coreFixture, startSettlementTestServer, upload, waitForImport, type SettlementTestServer } from '../../../test/settlement-test-server';
import { IMPORT_SETTLEMENT_FILE_QUEUE, importFileJobKey, importSettlementFile } from './import-settlement-file-job';
import { storeSettlements } from './store-settlements';
import { RECOVER_SETTLEMENT_IMPORTS_QUEUE, removeUnreferencedUploads } from './recover-settlement-imports-job';

const amazonV2 = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'), 'utf8');
const etsy = fs.readFileSync(coreFixture('etsy', 'etsy_statement_2025_10.csv'), 'utf8');
let server: SettlementTestServer;
let demo: TokenSet;
let uploadDir: string;
let nextId = 70_000_000_001;

/** An Amazon file with a settlement id of its own (the demo seed holds the fixture's). */
const amazonFile = () => {
  const id = String(nextId++);
  return { id, content: amazonV2.replaceAll('11223344556', id) };
};

/** The rows and file a process killed in the middle of an import leaves. */
async function leftByKill(accountKey: string, state: { status: 'QUEUED' | 'PARSING' | 'STORING'; attempts: number; content: string | null; fileName?: string }) {
  const importId = `imp_${crypto.randomBytes(12).toString('base64url')}`;
  const storedPath = path.join(uploadDir, importId, '0');
  if (state.content !== null) {
    fs.mkdirSync(path.dirname(storedPath), { recursive: true });
    fs.writeFileSync(storedPath, state.content);
  }
  const at = server.clock();
  await server.testDb.db.insertInto('settlement_imports').values({ import_id: importId, account_key: accountKey, user_id: 'user-demo', status: state.status === 'QUEUED' ? 'QUEUED' : 'RUNNING', created_at: at }).execute();
  await server.testDb.db
    .insertInto('settlement_import_files')
    .values({
      import_id: importId,
      file_index: 0,
      account_key: accountKey,
      file_name: state.fileName ?? 'june.txt',
      size_bytes: state.content?.length ?? 100,
      stored_path: storedPath,
      status: state.status,
      progress_percent: state.status === 'STORING' ? 90 : 40,
      attempts: state.attempts,
      updated_at: at,
    })
    .execute();
  return { importId, storedPath };
}

const getImport = async (importId: string) => (await server.app.inject({ method: 'GET', url: `/settlement-import?importId=${importId}`, headers: bearer(demo) })).json<SettlementImport>();
const settlementsWithId = (id: string) => server.testDb.db.selectFrom('settlements').select(['settlement_key', 'duplicate_of']).where('settlement_id', '=', id).execute();
const recoverAtStart = () => server.jobs.send(RECOVER_SETTLEMENT_IMPORTS_QUEUE, { startedAt: new Date().toISOString() });

beforeAll(async () => {
  // Billing on (issue 16): the trial's three files are counted only then. No Stripe call is made here.
  server = await startSettlementTestServer({ config: { billing: { secretKey: 'sk_test_recovery', webhookSecret: 'whsec_recovery', apiUrl: 'http://127.0.0.1:9', currency: 'USD' } } });
  uploadDir = server.uploadDir;
  demo = await server.signIn('demo@ledgerport.local');
}, 120_000);
afterAll(() => server?.close());

describe('an import cut off by a killed process', () => {
  it('is imported again from the start when its job is retried, once, and the file says so', async () => {
    const file = amazonFile();
    const { importId, storedPath } = await leftByKill('acme-amazon-us', { status: 'STORING', attempts: 1, content: file.content });
    await server.jobs.send(IMPORT_SETTLEMENT_FILE_QUEUE, { importId, fileIndex: 0 }, { singletonKey: importFileJobKey(importId, 0) });
    const done = await waitForImport(server, demo, importId);
    expect(done.files[0]).toMatchObject({
      status: 'LOADED',
      progressPercent: 100,
      message: '1 settlement loaded. The server restarted while this file was being stored; it was imported again from the start.',
    });
    expect(await settlementsWithId(file.id)).toEqual([{ settlement_key: done.files[0]!.settlements[0]!.settlementKey, duplicate_of: null }]);
    expect(fs.existsSync(path.dirname(storedPath))).toBe(false);
  });

  it('is queued again at the next start when the process died before queueing its job', async () => {
    const file = amazonFile();
    const { importId } = await leftByKill('acme-amazon-us', { status: 'QUEUED', attempts: 0, content: file.content });
    await recoverAtStart();
    const done = await waitForImport(server, demo, importId);
    expect(done.files[0]).toMatchObject({ status: 'LOADED', message: '1 settlement loaded.' });
    expect(await settlementsWithId(file.id)).toHaveLength(1);
  });

  it('fails, telling the bookkeeper to upload it again, when its uploaded file is gone, and no longer counts against the trial', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await upload(server, demo, 'trial-etsy', [{ name: `etsy-${i}.csv`, content: etsy }]);
      await waitForImport(server, demo, res.json<SettlementImport>().importId);
    }
    const { importId } = await leftByKill('trial-etsy', { status: 'PARSING', attempts: 1, content: null, fileName: 'etsy-2.csv' });
    await recoverAtStart();
    const done = await waitForImport(server, demo, importId);
    expect(done.files[0]).toMatchObject({
      status: 'FAILED',
      message: 'The server restarted while etsy-2.csv was being read, and its import could not be finished; nothing was loaded from it. Please upload it again.',
    });
    const list = await server.app.inject({ method: 'GET', url: '/settlement-imports?accountKey=trial-etsy', headers: bearer(demo) });
    expect(list.json<{ trialFilesLeft: number }>().trialFilesLeft).toBe(1);
    expect((await upload(server, demo, 'trial-etsy', [{ name: 'etsy-2.csv', content: etsy }])).statusCode).toBe(200);
  });

  it('leaves nothing of the killed attempt: the lines it wrote under keys never settled are deleted, a settled key keeps its lines', async () => {
    const file = amazonFile();
    const { importId } = await leftByKill('acme-amazon-us', { status: 'PARSING', attempts: 1, content: file.content });
    const settled = (await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', 'acme-amazon-us').where('line_count', '>', 0).executeTakeFirstOrThrow()).settlement_key;
    const linesOf = async (key: string) => (await server.testDb.db.selectFrom('settlement_lines').select('line_no').where('settlement_key', '=', key).execute()).length;
    const settledLines = await linesOf(settled);
    const orphan = 'stl_killed_mid_file';
    await server.testDb.db
      .insertInto('settlement_lines')
      .values([1, 2, 3].map((n) => ({ settlement_key: orphan, line_no: n, account_key: 'acme-amazon-us', type_key: 'Order|ItemPrice|Principal', order_id: `111-${n}`, amount: '1.0000', source_row: n })))
      .execute();
    await server.testDb.db.insertInto('settlement_refs').values({ account_key: 'acme-amazon-us', kind: 'order', value: '111-1', settlement_key: orphan }).execute();
    await server.testDb.db.updateTable('settlement_import_files').set({ lines_keys: sql<string[]>`array[${orphan}, ${settled}]` }).where('import_id', '=', importId).execute();
    await importSettlementFile(server.testDb.db, importId, 0, server.clock);
    expect((await getImport(importId)).files[0]).toMatchObject({ status: 'LOADED' });
    expect(await linesOf(orphan)).toBe(0);
    expect(await server.testDb.db.selectFrom('settlement_refs').select('value').where('settlement_key', '=', orphan).execute()).toEqual([]);
    expect(await linesOf(settled)).toBe(settledLines);
  });

  it('is failed after three attempts rather than retried at every start (a file that stops the server)', async () => {
    const file = amazonFile();
    const { importId, storedPath } = await leftByKill('acme-amazon-us', { status: 'PARSING', attempts: 3, content: file.content });
    await importSettlementFile(server.testDb.db, importId, 0, server.clock);
    const failed = (await getImport(importId)).files[0]!;
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toContain('Please upload it again.');
    expect(await settlementsWithId(file.id)).toEqual([]);
    expect(fs.existsSync(storedPath)).toBe(false);
  });

  it('is stored once when two jobs take it up at the same time (a retry while the first attempt still runs)', async () => {
    const file = amazonFile();
    const { importId } = await leftByKill('acme-amazon-us', { status: 'QUEUED', attempts: 0, content: file.content });
    await Promise.all([importSettlementFile(server.testDb.db, importId, 0, server.clock), importSettlementFile(server.testDb.db, importId, 0, server.clock)]);
    // Which of the two takes the file first is a race: the one that finds it already started says so.
    const loaded = (await getImport(importId)).files[0]!;
    expect(loaded.status).toBe('LOADED');
    expect(loaded.message).toMatch(/^1 settlement loaded\.( The server restarted while this file was being read; it was imported again from the start\.)?$/);
    expect(await settlementsWithId(file.id)).toHaveLength(1);
  });
});

describe('two uploads of one settlement at the same instant', () => {
  // Only PostgreSQL runs two transactions at once (PGlite has one connection and runs them in turn).
  it.runIf(process.env.LEDGERPORT_TEST_DB === 'postgres')('store it once and record the other as a duplicate, not a database error', async () => {
    const file = amazonFile();
    const { importId } = await leftByKill('acme-amazon-us', { status: 'QUEUED', attempts: 0, content: file.content });
    const parsed = await parseReport(new TextEncoder().encode(file.content), { fileName: 'june.txt' });
    let importing: Promise<void> | undefined;
    // The other upload stores the settlement in a transaction held open until this import's insert waits
    // on its row (neither saw the other's settlement when they looked): then it commits.
    const other = await server.testDb.db.transaction().execute(async (trx) => {
      const stored = await storeSettlements(trx, 'acme-amazon-us', parsed, { kind: 'file', at: server.clock() });
      importing = importSettlementFile(server.testDb.db, importId, 0, server.clock);
      for (let waited = 0; waited < 20_000; waited += 50) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%insert into "settlements"%'`.execute(server.testDb.db);
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return stored.settlements[0]!;
    });
    await importing;
    const done = (await getImport(importId)).files[0]!;
    expect(done).toMatchObject({ status: 'LOADED', message: '0 settlements loaded, 1 already loaded before (duplicate).' });
    const rows = await settlementsWithId(file.id);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ settlement_key: other.settlementKey, duplicate_of: null });
    expect(rows).toContainEqual({ settlement_key: done.settlements[0]!.settlementKey, duplicate_of: other.settlementKey });
    // The lines the import wrote before it lost the race are gone: only the original's remain.
    const lineKeys = await server.testDb.db.selectFrom('settlement_lines').select('settlement_key').distinct().where('account_key', '=', 'acme-amazon-us').execute();
    expect(lineKeys.map((l) => l.settlement_key)).not.toContain(done.settlements[0]!.settlementKey);
  });
});

describe('uploaded files', () => {
  it('leave nothing under uploads/ once their import is done', async () => {
    const res = await upload(server, demo, 'acme-amazon-us', [{ name: 'a.txt', content: amazonFile().content }, { name: 'b.txt', content: amazonFile().content }]);
    const { importId } = res.json<SettlementImport>();
    await waitForImport(server, demo, importId);
    expect(fs.existsSync(path.join(uploadDir, importId))).toBe(false);
  });

  it('are removed at start when cut off before their rows were saved or finished before being removed, and kept while waiting for their job', async () => {
    const partial = path.join(uploadDir, 'imp_cut-off-upload');
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(path.join(partial, '0'), amazonV2.slice(0, 200));
    const finished = await leftByKill('acme-amazon-us', { status: 'QUEUED', attempts: 0, content: amazonFile().content });
    await server.testDb.db.updateTable('settlement_import_files').set({ status: 'LOADED', stored_path: null }).where('import_id', '=', finished.importId).execute();
    const waiting = await leftByKill('acme-amazon-us', { status: 'QUEUED', attempts: 0, content: amazonFile().content });
    const streaming = path.join(uploadDir, 'imp_still-streaming');
    fs.mkdirSync(streaming, { recursive: true });
    const startedAt = new Date(Date.now() - 1000);
    fs.writeFileSync(path.join(streaming, '0'), 'first bytes');
    fs.utimesSync(path.join(partial, '0'), startedAt.getTime() / 1000 - 60, startedAt.getTime() / 1000 - 60);
    fs.utimesSync(partial, startedAt.getTime() / 1000 - 60, startedAt.getTime() / 1000 - 60);

    await removeUnreferencedUploads(server.testDb.db, uploadDir, startedAt);

    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.existsSync(path.dirname(finished.storedPath))).toBe(false);
    expect(fs.existsSync(waiting.storedPath)).toBe(true);
    expect(fs.existsSync(path.join(streaming, '0'))).toBe(true);
  });
});
