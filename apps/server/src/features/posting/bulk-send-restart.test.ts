/**
 * The fault test of issue 6: the server PROCESS (apps/server/src/main.ts, spawned as `npm start`
 * runs it) is killed with SIGKILL in the middle of a bulk send of 20 settlements to the local Xero
 * and started again on the same database; every settlement ends posted exactly once.
 *
 * The local Xero (in this process) holds each created invoice's answer for a moment after creating
 * it, and the kill lands in that moment: Xero has the invoice, Ledgerport has not recorded it (the
 * crash between the call and the record). After the restart the send job is retried (pg-boss
 * heartbeat), the retry sends the stored Idempotency-Key again, and Xero answers the invoice it
 * already made instead of making a second one.
 *
 * On PostgreSQL (LEDGERPORT_TEST_DB=postgres) the server gets a database of its own; on PGlite a
 * file-backed data folder (a copy of the seeded test template).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type OpenedDb } from '@ledgerport/db';
import type { Mappings, SendProgress, SettlementDetail, SettlementImport, TokenSet } from '@ledgerport/contract';
import { startVendorServer, type VendorServer } from '@ledgerport/integrations/accounting/testing';
import { ensurePgliteTemplate } from '../../../test/test-db';
import { coreFixture, multipart } from '../settlements/settlement-test-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const ACCOUNT = 'acme-amazon-us';
const COUNT = 20;
const KILL_AFTER = 6;
const isPostgres = process.env.LEDGERPORT_TEST_DB === 'postgres';

interface RunningServer {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

let vendors: VendorServer;
let dataDir: string;
let databaseUrl = '';
let adminDb: OpenedDb | undefined;
let output = '';
let server: RunningServer | undefined;

/** Spawns main.ts and resolves once it prints where it listens (PORT=0: any free port). */
function startServer(): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LEDGERPORT_DATA_DIR: dataDir,
      LEDGERPORT_SECRET: 'fault-test-secret',
      LEDGERPORT_ACCOUNTING_VENDOR_URL: vendors.url,
      LEDGERPORT_WEB_DIST: path.join(dataDir, 'no-web'),
      LEDGERPORT_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const from = output.length;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const base = /Ledgerport is running at (http:\/\/\S+?)\/app\//.exec(output.slice(from))?.[1];
      if (base) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
        resolve({ child, base, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

async function call<T>(method: string, url: string, tokens: TokenSet | null, body?: { payload: string | Buffer; headers: Record<string, string> }): Promise<T> {
  const res = await fetch(`${server!.base}${url}`, {
    method,
    headers: { ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}), ...(body?.headers ?? {}) },
    body: body?.payload,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
const asJson = (value: unknown) => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
const asForm = (fields: [string, string][]) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function poll<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs: number, everyMs = 250): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
}

const signIn = () => call<TokenSet>('POST', '/oauth/login', null, asJson({ email: 'demo@ledgerport.local', password: 'ledgerport-demo' }));

/** The OAuth round trip through the local Xero's consent, as the web's /cb page does it. */
async function connectXero(tokens: TokenSet): Promise<void> {
  const { authorizeUrl } = await call<{ authorizeUrl: string }>('POST', '/accounting/connect', tokens, asJson({ accountKey: ACCOUNT, system: 'XERO' }));
  const authorize = new URL(authorizeUrl);
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
  await call('POST', '/accounting/callback', tokens, asJson({ system: 'XERO', query: Object.fromEntries(back.searchParams) }));
}

/** Twenty Amazon settlements: the fixture with twenty settlement ids, uploaded in one import. */
async function uploadSettlements(tokens: TokenSet): Promise<Map<string, string>> {
  const report = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'), 'utf8');
  const files = Array.from({ length: COUNT }, (_, i) => ({ name: `s${i}.txt`, content: report.replaceAll('11223344556', String(90_000_000_001 + i)) }));
  const { importId } = await call<SettlementImport>('POST', `/settlement-import?accountKey=${ACCOUNT}`, tokens, multipart(files));
  const done = await poll(() => call<SettlementImport>('GET', `/settlement-import?importId=${importId}`, tokens), (imp) => imp.status === 'DONE', 'the import', 60_000);
  const keys = new Map<string, string>();
  for (const file of done.files) for (const s of file.settlements) keys.set(s.settlementKey, s.settlementId);
  return keys;
}

/** Maps whatever the connected Xero chart left unmapped (tax to 820, the rest to 405). */
async function completeMappings(tokens: TokenSet): Promise<void> {
  const mappings = await call<Mappings>('GET', `/mappings?accountKey=${ACCOUNT}`, tokens);
  const entries = mappings.rows.filter((r) => r.isUnmapped).map((r) => ({ channel: 'AMAZON', typeKey: r.typeKey, accountCode: /tax/i.test(r.typeKey) ? '820' : '405', taxRateCode: 'NONE' }));
  if (entries.length > 0) await call('PUT', `/mappings?accountKey=${ACCOUNT}`, tokens, asJson({ entries }));
}

const progressOf = (tokens: TokenSet, keys: string[]) => call<SendProgress>('GET', `/settlementSendProgress?${keys.map((k) => `settlementKey=${encodeURIComponent(k)}`).join('&')}`, tokens);

async function kill(): Promise<void> {
  if (!server) return;
  server.child.kill('SIGKILL');
  await server.exited;
  server = undefined;
}

beforeAll(async () => {
  vendors = await startVendorServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-fault-'));
  if (isPostgres) {
    const name = `ledgerport_fault_${crypto.randomBytes(4).toString('hex')}`;
    adminDb = await openDb({ url: process.env.DATABASE_URL!, migrate: false, poolSize: 1 });
    await sql`create database ${sql.id(name)}`.execute(adminDb.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else {
    fs.cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
  }
  server = await startServer();
}, 180_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await vendors?.close();
  if (adminDb) {
    const name = new URL(databaseUrl).pathname.slice(1);
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(adminDb.db);
    await adminDb.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a bulk send survives the server process being killed', () => {
  it('posts each of 20 settlements exactly once at Xero, the one cut between call and record included', async () => {
    let tokens = await signIn();
    await connectXero(tokens);
    const settlements = await uploadSettlements(tokens);
    expect(settlements.size).toBe(COUNT);
    await completeMappings(tokens);
    const keys = [...settlements.keys()];

    // Every invoice create is answered 1.5 s after Xero made the invoice.
    vendors.addFault({ system: 'xero', match: '^PUT .*/Invoices$', answerDelayMs: 1500, times: 10_000 });
    const sent = await call<{ queued: string[] }>('POST', '/bulkActionSettlement', tokens, asForm([['bulkAction', 'send'], ...keys.map((k): [string, string] => ['bulkSettlement', k])]));
    expect(sent.queued.sort()).toEqual([...keys].sort());

    await poll(() => Promise.resolve(vendors.xero.documents.length), (n) => n >= KILL_AFTER, `${KILL_AFTER} invoices at Xero`, 120_000, 20);
    await kill();
    const atKill = vendors.xero.documents.map((d) => d.id);
    expect(atKill.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(atKill.length).toBeLessThan(COUNT);
    if (isPostgres) {
      // The last invoice Xero made was never recorded: its document is still SENDING here.
      const db = await openDb({ url: databaseUrl, migrate: false, poolSize: 1 });
      const posted = await db.db.selectFrom('settlement_documents').select('remote_id').where('status', '=', 'POSTED').execute();
      await db.close();
      expect(posted.length).toBeLessThan(atKill.length);
      expect(atKill).toEqual(expect.arrayContaining(posted.map((p) => p.remote_id)));
    }

    server = await startServer();
    tokens = await signIn();
    const progress = await poll(() => progressOf(tokens, keys), (p) => !p.isRunning, 'the bulk send to finish after the restart', 240_000, 1000);
    expect(progress).toEqual({ total: COUNT, posted: COUNT, failed: 0, queued: 0, sending: 0, idle: 0, isRunning: false });

    // Exactly 20 invoices at Xero, one per settlement, each the one its settlement records.
    const invoices = vendors.xero.documents;
    expect(invoices).toHaveLength(COUNT);
    expect(vendors.xero.violations).toEqual([]);
    const remoteIds = new Set<string>();
    for (const [key, settlementId] of settlements) {
      const detail = await call<SettlementDetail>('GET', `/settlement/detail?settlementKey=${key}`, tokens);
      expect(detail.settlement.postingStatus).toBe('POSTED');
      const posted = detail.documents.filter((d) => d.status === 'POSTED');
      expect(posted).toHaveLength(1);
      const remote = invoices.filter((d) => d.id === posted[0]!.remoteId);
      expect(remote, settlementId).toHaveLength(1);
      expect(JSON.stringify(remote[0]!.body)).toContain(settlementId);
      remoteIds.add(posted[0]!.remoteId!);
    }
    expect(remoteIds.size).toBe(COUNT);

    // The cut one: its create reached Xero twice with the same Idempotency-Key, and made one invoice.
    const creates = vendors.xero.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/Invoices'));
    const byKey = new Map<string, number>();
    for (const r of creates) byKey.set(r.headers['idempotency-key']!, (byKey.get(r.headers['idempotency-key']!) ?? 0) + 1);
    expect(byKey.size).toBe(COUNT);
    expect([...byKey.values()].some((n) => n >= 2)).toBe(true);
  }, 420_000);
});
