/**
 * `npm run bench -- load`: the mixed load of issue 29 on PostgreSQL (DATABASE_URL), open loop at a
 * fixed rate: list, detail, account list, imports and postings, round robin, from five users who
 * each own 40 of the api benchmark's 200 accounts (100,000 settlements, 5,000,000 lines; loaded by
 * the api benchmark's loader when absent). The server runs in its own process(es) (load-server.ts;
 * --workers=N HTTP processes sharing the port, default one per core), the client in another
 * (load-client.ts). Beside it, the baseline: GET /health at the same rate, same servers.
 * Prints p50, p95, p99, max and errors, overall and per kind. Never fails on time.
 * Options: --rate=N requests/s (default 1000), --seconds=N (default 60), --warmup=N (default 5),
 * --workers=N (default os.availableParallelism()).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDb } from '@ledgerport/db';
import { hashPassword } from '../../apps/server/src/features/auth/passwords';
import { ACCOUNTS, loadData, PASSWORD, prewarm, SCHEMA, SETTLEMENTS } from './api';
import type { LoadClientPlan, LoadKind, LoadResult, Quantiles } from './load-client';
import { numberFlag } from './number-flag';

const USERS = 5;
const MIX: LoadKind[] = ['list', 'detail', 'accounts', 'imports', 'postings'];

export async function run(args: string[]): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('skipped: the load benchmark needs PostgreSQL. Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) and run it again.');
    return;
  }
  const rate = numberFlag(args, 'rate', 1000);
  const seconds = numberFlag(args, 'seconds', 60);
  const warmupSeconds = numberFlag(args, 'warmup', 5);
  const workers = numberFlag(args, 'workers', os.availableParallelism());
  const opened = await openDb({ url, schema: SCHEMA });
  try {
    await loadData(opened.db);
    await ensureLoadUsers(opened.db);
    await prewarm(opened.db);
  } finally {
    await opened.close();
  }
  const port = await freePort();
  const server = await startServer({ url, schema: SCHEMA, port, workers });
  try {
    const users = await signInUsers(port);
    console.log(`data: ${SETTLEMENTS.toLocaleString('en-US')} settlements over ${ACCOUNTS} accounts, ${USERS} users; server: ${workers} HTTP process${workers === 1 ? '' : 'es'} on ${os.availableParallelism()} cores; client: open loop in its own process, ${rate} req/s for ${seconds} s after ${warmupSeconds} s of warm-up, loopback`);
    const base = await runClient({ port, users, kinds: ['health'], rate, seconds, warmupSeconds });
    print('baseline GET /health', base.overall, base);
    const mixed = await runClient({ port, users, kinds: MIX, rate, seconds, warmupSeconds });
    print(`mixed (${MIX.join(', ')})`, mixed.overall, mixed);
    for (const kind of MIX) {
      const q = mixed.byKind[kind];
      if (q) print(`  ${kind}`, q);
    }
    if (mixed.errorSamples.length > 0) console.log(`errors, first ${mixed.errorSamples.length}:\n  ${mixed.errorSamples.join('\n  ')}`);
  } finally {
    server.kill('SIGTERM');
  }
}

function print(name: string, q: Quantiles, result?: LoadResult): void {
  const rateNote = result ? `, sent ${result.sentPerSecond.toFixed(0)} req/s` : '';
  console.log(`${name.padEnd(52)} p50 ${q.p50.toFixed(1).padStart(6)} ms  p95 ${q.p95.toFixed(1).padStart(6)} ms  p99 ${q.p99.toFixed(1).padStart(7)} ms  max ${q.max.toFixed(0).padStart(6)} ms  (${q.count} requests, ${q.errors} errors${rateNote})`);
}

/** Five users, each the owner of every fifth account (account n belongs to user (n - 1) % 5 + 1). */
async function ensureLoadUsers(db: import('kysely').Kysely<import('@ledgerport/db').Database>): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  for (let u = 1; u <= USERS; u++) {
    await sql`insert into users (user_id, email, name, password_hash) values (${`bench-load-${u}`}, ${`load${u}@ledgerport.local`}, ${`Load ${u}`}, ${hash}) on conflict do nothing`.execute(db);
    await sql`insert into account_memberships (account_key, user_id, role)
      select account_key, ${`bench-load-${u}`}, 'owner' from accounts
      where account_key like 'bench-%' and (substring(account_key from 7)::int - 1) % ${USERS} = ${u - 1} on conflict do nothing`.execute(db);
  }
}

async function signInUsers(port: number): Promise<LoadClientPlan['users']> {
  const users: LoadClientPlan['users'] = [];
  for (let u = 1; u <= USERS; u++) {
    const res = await fetch(`http://127.0.0.1:${port}/oauth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `load${u}@ledgerport.local`, password: PASSWORD }) });
    if (res.status !== 200) throw new Error(`signing in load${u}@ answered ${res.status}: ${await res.text()}`);
    const token = ((await res.json()) as { accessToken: string }).accessToken;
    const accounts = Array.from({ length: ACCOUNTS / USERS }, (_, k) => `bench-${String(k * USERS + u).padStart(3, '0')}`);
    // Settlement i belongs to account (i % ACCOUNTS) + 1, so to user u when i % USERS = u - 1 (ACCOUNTS is a multiple of USERS).
    const settlements = Array.from({ length: 2_000 }, (_, k) => `bstl_${(k * 10 + 1) * USERS + (u - 1)}`);
    users.push({ token, accounts, settlements });
  }
  return users;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function startServer(plan: { url: string; schema: string; port: number; workers: number }): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./load-server.ts', import.meta.url)), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('ready ')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the load server ended with ${code} before it was ready`)));
  });
}

function runClient(plan: LoadClientPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./load-client.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify(plan));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load client ended with ${code}`))));
  });
}
