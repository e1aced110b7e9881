/**
 * Several processes, one database, nothing lost (issue 31). Three processes of `npm start` on one
 * PostgreSQL database and one data folder: two HTTP servers (LEDGERPORT_ROLE=all, the default: they
 * serve and run jobs) and one job worker (LEDGERPORT_ROLE=worker). One server is killed with SIGKILL
 * in the middle of a bulk send of 20 settlements to the local Xero, then the worker in the middle of
 * an import; the server left finishes both: every settlement posted once at Xero, every file
 * imported once, nothing left queued, sending or importing.
 *
 * The servers run jobs too, so that the one left can take over the worker's import: with only web
 * processes beside one worker, killing the worker would leave no process to finish it. The web role
 * (serve and queue only) is what LEDGERPORT_WORKERS' cluster runs beside its job process.
 *
 * PostgreSQL only: the embedded database (PGlite) lives in one process's memory, so several processes
 * cannot share it (LEDGERPORT_ROLE and LEDGERPORT_WORKERS refuse it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendProgress, SettlementImport, TokenSet } from '@ledgerport/contract';
import { startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { asForm, completeMappings, connectXero, createSpawnedServer, isPostgres, poll, signIn, type SpawnedServer } from '../../../test/spawned-server';
import { coreFixture, multipart } from '../../../test/settlement-test-server';
import { BIG_SETTLEMENT_LINES_PER_COPY, bigSettlement } from '../../../test/big-settlement';

const ACCOUNT = 'acme-amazon-us';
const SENDS = 20;
const KILL_AFTER_INVOICES = 6;
const IMPORT_FILES = 4;
const COPIES = 4_000;
const METRICS_TOKEN = 'several-processes-metrics-token';

let vendors: VendorServer;
let first: SpawnedServer;
let second: SpawnedServer;
let worker: SpawnedServer;

const settled = (text: string, name: string, labels: string) => Number(text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`))?.split(' ').pop() ?? '0');

describe.skipIf(!isPostgres)('several processes on one PostgreSQL database (PostgreSQL only: the embedded database belongs to one process)', () => {
  beforeAll(async () => {
    vendors = await startVendorServer();
    const env = { LEDGERPORT_ACCOUNTING_VENDOR_URL: vendors.url, LEDGERPORT_METRICS_TOKEN: METRICS_TOKEN };
    first = await createSpawnedServer(env);
    // The first loads the demo data; the others start on it.
    await first.start();
    second = await createSpawnedServer(env, first);
    worker = await createSpawnedServer({ ...env, LEDGERPORT_ROLE: 'worker' }, first);
    await Promise.all([second.start(), worker.start()]);
  }, 600_000);

  afterAll(async () => {
    await worker?.dispose();
    await second?.dispose();
    await first?.dispose();
    await vendors?.close();
  }, 120_000);

  it('a server killed in a bulk send and the worker killed in an import: every settlement posted once, every file imported once, none stuck', async () => {
    const tokens: TokenSet = await signIn(second);
    await connectXero(second, tokens, ACCOUNT);

    // Twenty settlements, uploaded in one import.
    const report = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'), 'utf8');
    const files = Array.from({ length: SENDS }, (_, i) => ({ name: `s${i}.txt`, content: report.replaceAll('11223344556', String(91_000_000_001 + i)) }));
    const { importId } = await second.call<SettlementImport>('POST', `/settlement-import?accountKey=${ACCOUNT}`, tokens, multipart(files));
    const imported = await poll(second, () => second.call<SettlementImport>('GET', `/settlement-import?importId=${importId}`, tokens), (imp) => imp.status === 'DONE', 'the 20 settlements to be imported', 300_000, 500);
    const keys = imported.files.flatMap((f) => f.settlements.map((s) => s.settlementKey));
    expect(keys).toHaveLength(SENDS);
    await completeMappings(second, tokens, ACCOUNT);

    // The bulk send through the first server; each invoice's answer is held 1.5 s after Xero made it.
    vendors.addFault({ system: 'xero', match: '^PUT .*/Invoices$', answerDelayMs: 1500, times: 10_000 });
    const sent = await first.call<{ queued: string[] }>('POST', '/bulkActionSettlement', tokens, asForm([['bulkAction', 'send'], ...keys.map((k): [string, string] => ['bulkSettlement', k])]));
    expect(sent.queued.sort()).toEqual([...keys].sort());
    await poll(first, () => Promise.resolve(vendors.xero.documents.length), (n) => n >= KILL_AFTER_INVOICES, `${KILL_AFTER_INVOICES} invoices at Xero`, 180_000, 20);
    await first.kill();
    expect(vendors.xero.documents.length).toBeLessThan(SENDS);

    // The worker and the second server finish the sends (the first's, once its heartbeat lapses).
    const progressUrl = `/settlementSendProgress?${keys.map((k) => `settlementKey=${encodeURIComponent(k)}`).join('&')}`;
    const progress = await poll(second, () => second.call<SendProgress>('GET', progressUrl, tokens), (p) => !p.isRunning, 'the bulk send to finish on the other processes', 300_000, 1000);
    expect(progress).toEqual({ total: SENDS, posted: SENDS, failed: 0, queued: 0, sending: 0, idle: 0, isRunning: false });

    // An upload of four big files through the second server; the worker is killed while it imports one.
    const ids = Array.from({ length: IMPORT_FILES }, (_, i) => String(92_000_000_001 + i));
    const big = await second.call<SettlementImport>('POST', `/settlement-import?accountKey=${ACCOUNT}`, tokens, multipart(ids.map((id) => ({ name: `big-${id}.txt`, content: bigSettlement(id, COPIES) }))));
    const workerMetrics = () => fetch(`${worker.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
    await poll(worker, async () => settled(await workerMetrics(), 'ledgerport_work_total', 'kind="import",stage="started"'), (n) => n >= 1, 'the worker to start importing one of the files', 120_000, 100);
    await worker.kill();
    const db = await first.openDatabase();
    try {
      const atKill = await db.db.selectFrom('settlement_import_files').select(['file_index', 'status']).where('import_id', '=', big.importId).execute();
      expect(atKill.some((f) => f.status === 'PARSING' || f.status === 'STORING' || f.status === 'QUEUED')).toBe(true);

      const done = await poll(second, () => second.call<SettlementImport>('GET', `/settlement-import?importId=${big.importId}`, tokens), (imp) => imp.status === 'DONE', 'the import to finish on the second server', 300_000, 1000);
      expect(done.files.map((f) => f.status)).toEqual(Array(IMPORT_FILES).fill('LOADED'));

      // Every file once: one settlement each, not a duplicate, with all its lines.
      const stored = await db.db.selectFrom('settlements').select(['settlement_id', 'settlement_key', 'duplicate_of']).where('account_key', '=', ACCOUNT).where('settlement_id', 'in', ids).execute();
      expect(stored.map((s) => s.settlement_id).sort()).toEqual(ids);
      expect(stored.every((s) => s.duplicate_of === null)).toBe(true);
      for (const s of stored) {
        const { n } = await db.db.selectFrom('settlement_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('account_key', '=', ACCOUNT).where('settlement_key', '=', s.settlement_key).executeTakeFirstOrThrow();
        expect(Number(n), s.settlement_id).toBe(COPIES * BIG_SETTLEMENT_LINES_PER_COPY);
      }
      // Nothing stuck: no file unfinished, no settlement queued or sending.
      const unfinished = await db.db.selectFrom('settlement_import_files').select('file_name').where('account_key', '=', ACCOUNT).where('status', 'in', ['QUEUED', 'PARSING', 'STORING']).execute();
      expect(unfinished).toEqual([]);
      const busy = await db.db.selectFrom('settlements').select('settlement_id').where('account_key', '=', ACCOUNT).where('send_state', 'in', ['QUEUED', 'SENDING']).execute();
      expect(busy).toEqual([]);
    } finally {
      await db.close();
    }
    await poll(second, () => Promise.resolve(fs.existsSync(path.join(second.dataDir, 'uploads')) ? fs.readdirSync(path.join(second.dataDir, 'uploads'), { recursive: true }) : []), (left) => left.length === 0, 'uploads/ to be empty', 60_000, 500);

    // Exactly 20 invoices at Xero, one per settlement; the sends cut by the kill were answered by their Idempotency-Key.
    expect(vendors.xero.documents).toHaveLength(SENDS);
    expect(vendors.xero.violations).toEqual([]);
    const posted = await (async () => {
      const d = await second.openDatabase();
      try {
        return await d.db.selectFrom('settlement_documents').select(['settlement_key', 'remote_id']).where('account_key', '=', ACCOUNT).where('status', '=', 'POSTED').where('settlement_key', 'in', keys).execute();
      } finally {
        await d.close();
      }
    })();
    expect(posted).toHaveLength(SENDS);
    expect(new Set(posted.map((p) => p.settlement_key)).size).toBe(SENDS);
    expect(new Set(posted.map((p) => p.remote_id)).size).toBe(SENDS);
    expect(vendors.xero.documents.map((d) => d.id).sort()).toEqual(posted.map((p) => p.remote_id!).sort());
  }, 1_200_000);
});
