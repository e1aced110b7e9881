/**
 * `npm run bench -- api`: the settlements API over PostgreSQL (DATABASE_URL) with 100,000 settlements
 * and 5,000,000 lines across 200 accounts (loaded once with generate_series into the schema
 * bench_api, reused when present). Over loopback, 32 concurrent clients with keep-alive:
 *   - baseline: GET /health (one `select 1`), the same server and process;
 *   - list: POST /spanner-settlements-with-pagination, first page of 10, two filters
 *     (currency eq, postingStatus eq) and a sort (total,desc), on a random account;
 *   - detail: GET /settlement/detail of a random settlement (50 lines, documents built).
 * p50 / p95 latency and requests/s for each, with the settlement tables first read into the page
 * cache (see prewarm). Then the time from uploading the 1,000,000-line Amazon
 * V2 file (bench/.data, the parse benchmark's generator) to the settlement being listed.
 * Options: --seconds=N per measure (default 10), --clients=N (default 32), --lines=N for the upload
 * (default 1,000,000), --skip-upload, --only=health,list,detail (the measures to run), --pool=N (the
 * server's pool size; default openDb's). Never fails on time.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDb } from '@ledgerport/db';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { hashPassword } from '../../apps/server/src/features/auth/passwords';
import { startJobs } from '../../apps/server/src/jobs/start-jobs';
import { jobHandlers } from '../../apps/server/src/job-registry';
import type { LoadFigures, LoadPlan } from './api-load';
import { generateAmazonV2 } from './generate-amazon-v2';
import { uploadFile } from './upload-file';
import { writeDerivedRows } from './derived-rows';
import { numberFlag } from './number-flag';

export const SCHEMA = 'bench_api';
export const ACCOUNTS = 200;
export const SETTLEMENTS = 100_000;
const LINES_PER_SETTLEMENT = 50;
export const PASSWORD = 'bench-password';
const APPLICATION_NAME = 'ledgerport-bench-api';
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS_PER_SECOND = 100;

export async function run(args: string[]): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('skipped: the api benchmark needs PostgreSQL. Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) and run it again.');
    return;
  }
  const seconds = numberFlag(args, 'seconds', 10);
  const clients = numberFlag(args, 'clients', 32);
  // The server's pool: openDb's default (as the server runs) unless --pool=N.
  const poolSize = numberFlag(args, 'pool', 0);
  // The pool's backends carry an application name, so their CPU time can be read per measure.
  const serverUrl = `${url}${url.includes('?') ? '&' : '?'}application_name=${APPLICATION_NAME}`;
  const opened = await openDb({ url: serverUrl, schema: SCHEMA, ...(poolSize ? { poolSize } : {}) });
  const db = opened.db;
  await loadData(db);
  await prewarm(db);
  const config = { ...loadConfig(), port: 0, logLevel: 'silent', databaseUrl: url, uploadDir: fileURLToPath(new URL('../.data/uploads', import.meta.url)) };
  const jobs = await startJobs(opened, { databaseUrl: url, bossSchema: `${SCHEMA}_boss`, log: { info: () => undefined, error: (m) => console.error(m) }, pollingIntervalSeconds: 0.5, handlers: jobHandlers });
  const app = await buildApp({ db, config, jobs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  try {
    const login = await request(agent, port, 'POST', '/oauth/login', { email: 'bench@ledgerport.local', password: PASSWORD });
    const token = (JSON.parse(login.body) as { accessToken: string }).accessToken;
    const auth = { authorization: `Bearer ${token}` };
    console.log(`data: ${SETTLEMENTS.toLocaleString('en-US')} settlements, ${(SETTLEMENTS * LINES_PER_SETTLEMENT).toLocaleString('en-US')} lines, ${ACCOUNTS} accounts (PostgreSQL schema ${SCHEMA}); ${clients} clients in a separate process, ${seconds} s per measure, loopback`);
    const listBody = {
      paginatedSearchCriteriaClause: [
        [{ filterKey: 'accountKey', operation: 'eq', value: 'bench-001' }],
        [{ filterKey: 'currency', operation: 'eq', value: 'USD' }],
        [{ filterKey: 'postingStatus', operation: 'eq', value: 'NOT_POSTED' }],
      ],
    };
    const measures: [string, LoadPlan['kind'], () => Promise<Answer>][] = [
      ['baseline GET /health', 'health', () => request(agent, port, 'GET', '/health', undefined, auth)],
      ['list (page 0, size 10, 2 filters, sort total,desc)', 'list', () => request(agent, port, 'POST', '/spanner-settlements-with-pagination?page=0&size=10&sort=total,desc', listBody, auth)],
      ['detail GET /settlement/detail', 'detail', () => request(agent, port, 'GET', '/settlement/detail?settlementKey=bstl_1', undefined, auth)],
    ];
    const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
    for (const [name, kind, probe] of measures) {
      if (only && !only.includes(kind)) continue;
      // One answer checked here; the load process counts every non-200 answer as an error.
      const first = await probe();
      if (first.status !== 200) throw new Error(`${name} answered ${first.status}: ${first.body}`);
      const figures = await loadInOtherProcess({ port, token, kind, clients, seconds, warmupSeconds: 2, accounts: ACCOUNTS, settlements: SETTLEMENTS }, () => backendCpuMs(db));
      if (figures.count > 0 && figures.errors === figures.count) throw new Error(`${name}: every request failed`);
      console.log(`${name.padEnd(52)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  ${figures.perSecond.toFixed(0).padStart(6)} req/s  (${figures.count} requests, ${figures.errors} errors; CPU per request: server ${figures.serverCpuMs.toFixed(2)} ms, PostgreSQL ${figures.dbCpuMs === null ? 'n/a' : `${figures.dbCpuMs.toFixed(2)} ms`})`);
    }
    if (!args.includes('--skip-upload')) {
      await uploadToListed(agent, port, auth, numberFlag(args, 'lines', 1_000_000));
      // The uploaded settlement (a million lines) is removed so the next run measures the same data.
      await sql`delete from settlements where account_key = 'bench-001' and settlement_key not like 'bstl_%'`.execute(db);
      // Its million deleted lines would otherwise stay as dead rows the next run's reads step over.
      await sql`vacuum analyze settlement_lines`.execute(db);
      await sql`vacuum analyze settlements`.execute(db);
    }
  } finally {
    agent.destroy();
    await app.close();
    await jobs.stop();
    await opened.close();
  }
}

/** The shape of the benchmark data: accounts bench-001..., settlements bstl_1... with their lines, and when they end. */
export interface DataShape {
  accounts: number;
  settlements: number;
  linesPerSettlement: number;
  /** The first settlements' end; each account's next settlement ends `stepSeconds` later. */
  firstEnd: string;
  stepSeconds: number;
}

/** The api benchmark's data: 100,000 settlements of 50 lines over 200 accounts, from 2019 every 3 days per account. */
export const API_SHAPE: DataShape = { accounts: ACCOUNTS, settlements: SETTLEMENTS, linesPerSettlement: LINES_PER_SETTLEMENT, firstEnd: '2019-01-15', stepSeconds: 3 * 86_400 };

/**
 * Loads `shape` (the api benchmark's data unless given) with generate_series, and the user
 * bench@ledgerport.local (PASSWORD) owning every bench account; reused when its counts are there.
 * Works on PostgreSQL and on the embedded database.
 */
export async function loadData(db: import('kysely').Kysely<import('@ledgerport/db').Database>, shape: DataShape = API_SHAPE): Promise<void> {
  const { accounts, settlements, linesPerSettlement } = shape;
  const have = await sql<{ n: string; lines: string }>`select (select count(*) from settlements where settlement_key like 'bstl_%') as n,
    (select count(*) from settlement_lines where settlement_key like 'bstl_%') as lines`.execute(db);
  if (Number(have.rows[0]?.n ?? 0) === settlements && Number(have.rows[0]?.lines ?? 0) === settlements * linesPerSettlement) {
    console.log('data: reusing the loaded benchmark data');
    await writeDerivedRows(db, 'bstl_');
    // A run stopped before its upload was removed leaves dead rows behind: vacuum (a no-op when clean).
    await sql`vacuum analyze settlement_lines`.execute(db);
    await sql`vacuum analyze settlements`.execute(db);
    return;
  }
  const started = Date.now();
  const n = (v: number) => sql.raw(String(v));
  // Settlement i's end: the shape's first end plus one step per earlier settlement of its account.
  const endAt = (i: string) => sql.raw(`(timestamptz '${shape.firstEnd}' + (${i} / ${accounts}) * interval '${shape.stepSeconds} seconds')`);
  await sql`delete from settlements where settlement_key like 'bstl_%'`.execute(db);
  await sql`delete from accounts where account_key like 'bench-%'`.execute(db);
  await sql`delete from users where user_id = 'bench-user'`.execute(db);
  await sql`insert into accounts (account_key, account_name, accounting_system, sales_channel, plan_code)
    select 'bench-' || lpad(i::text, 3, '0'), 'Bench account ' || i, 'MANUAL', 'AMAZON', 'STANDARD' from generate_series(1, ${n(accounts)}) i`.execute(db);
  await sql`insert into users (user_id, email, name, password_hash) values ('bench-user', 'bench@ledgerport.local', 'Bench', ${await hashPassword(PASSWORD)})`.execute(db);
  await sql`insert into account_memberships (account_key, user_id, role) select account_key, 'bench-user', 'owner' from accounts where account_key like 'bench-%'`.execute(db);
  // Amount of line n of settlement i (exact, 2 decimals), and the settlement's total = the sum of its lines.
  const amount = (i: string, n: string) => sql.raw(`((((${i}::bigint * 7919 + ${n} * 104729) % 20000) - 6000)::numeric / 100)`);
  await sql`insert into settlements (settlement_key, account_key, settlement_id, sales_source, format, marketplace, channel, currency, start_at, end_at, deposit_at,
      total, status, lines_total, line_count, duplicate_key, source_kind, source_file, report_id, posting_status, search_text, accounts_mapped, taxes_mapped)
    select 'bstl_' || i, 'bench-' || lpad((i % ${n(accounts)} + 1)::text, 3, '0'), (20000000000 + i)::text, 'AMAZON', 'amazon-v2', 'Amazon.com', 'Amazon.com',
      (array['USD','EUR','GBP'])[i % 3 + 1],
      ${endAt('i')} - interval '14 days', ${endAt('i')}, ${endAt('i')} + interval '2 days',
      t.total, 'closed', t.total, ${n(linesPerSettlement)}, 'amazon:' || (20000000000 + i) || ':' || lower((array['USD','EUR','GBP'])[i % 3 + 1]), 'file', 'bench.txt', 'bench.txt',
      (array['NOT_POSTED','POSTED','PARTIALLY_POSTED'])[(i / 3) % 3 + 1], (20000000000 + i)::text || ' bench.txt amazon.com', true, true
    from generate_series(1, ${n(settlements)}) i,
      lateral (select sum(${amount('i', 'n')}) as total from generate_series(1, ${n(linesPerSettlement)}) n) t`.execute(db);
  const chunk = 10_000;
  for (let from = 1; from <= settlements; from += chunk) {
    await sql`insert into settlement_lines (settlement_key, line_no, account_key, posted_at, type_key, order_id, sku, quantity, marketplace, fulfilment_channel, amount, source_row)
      select 'bstl_' || i, n, 'bench-' || lpad((i % ${n(accounts)} + 1)::text, 3, '0'), ${endAt('i')} - interval '14 days' + n * interval '6 hours',
        (array['Order|ItemPrice|Principal','Order|ItemPrice|Tax','Order|ItemFees|Commission','Order|ItemFees|FBAPerUnitFulfillmentFee','Order|Promotion|Principal'])[n % 5 + 1],
        '112-' || lpad(i::text, 7, '0') || '-' || lpad((n / 5)::text, 7, '0'), 'SKU-' || (n % 40), 1, 'Amazon.com', 'AFN', ${amount('i', 'n')}, n + 2
      from generate_series(${n(from)}, ${n(Math.min(settlements, from + chunk - 1))}) i, generate_series(1, ${n(linesPerSettlement)}) n`.execute(db);
    process.stdout.write(`\rdata: loading lines ${Math.min(settlements, from + chunk - 1) * linesPerSettlement}`);
  }
  await writeDerivedRows(db, 'bstl_');
  // Vacuumed as autovacuum would soon do: statistics, and the visibility map for index-only counts.
  await sql`vacuum analyze settlements`.execute(db);
  await sql`vacuum analyze settlement_lines`.execute(db);
  console.log(`\ndata: loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Reads the settlement tables and their indexes into the operating system's page cache
 * (pg_prewarm, mode 'read') before measuring, so the measures time the API and PostgreSQL, not the
 * disk: a database server keeps its working set in memory, while this machine hands cold file pages
 * back to its host within minutes (the detail of a random settlement then read most of its pages
 * from disk: 1.2 ms instead of 0.6 ms per statement). Skipped, with a note, where the extension is
 * missing.
 */
export async function prewarm(db: import('kysely').Kysely<import('@ledgerport/db').Database>): Promise<void> {
  try {
    await sql`create extension if not exists pg_prewarm schema public`.execute(db);
  } catch (error) {
    console.log(`data: not prewarmed (pg_prewarm is not available: ${(error as Error).message}); the figures include reading cold pages from disk`);
    return;
  }
  const started = Date.now();
  const { rows } = await sql<{ blocks: string }>`select sum(public.pg_prewarm(r, 'read'))::text as blocks
    from (select unnest(array['settlements'::regclass, 'settlement_lines'::regclass]) as r
      union all select indexrelid::regclass from pg_index where indrelid in ('settlements'::regclass, 'settlement_lines'::regclass)) relations`.execute(db);
  const mb = (Number(rows[0]?.blocks ?? 0) * 8192) / 1024 / 1024;
  console.log(`data: ${mb.toFixed(0)} MB of settlement tables and indexes read into the page cache (pg_prewarm) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Answer {
  status: number;
  body: string;
}

function request(agent: http.Agent, port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * Runs the clients in a second Node process (api-load.ts), so they do not compete with the server's
 * event loop. Beside the latencies: the CPU time the server process and its PostgreSQL backends
 * spent per request while measured, steadier than latency on a shared machine.
 */
function loadInOtherProcess(plan: LoadPlan, backends: () => Promise<number | null>): Promise<LoadFigures & { serverCpuMs: number; dbCpuMs: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./api-load.ts', import.meta.url)), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let serverCpu: NodeJS.CpuUsage | undefined;
    let dbCpu: Promise<number | null> = Promise.resolve(null);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (!serverCpu && out.startsWith('measuring\n')) {
        serverCpu = process.cpuUsage();
        dbCpu = backends();
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || !serverCpu) return reject(new Error(`the load process ended with ${code}`));
      const used = process.cpuUsage(serverCpu);
      void Promise.all([dbCpu, backends()]).then(([before, after]) => {
        const figures = JSON.parse(out.slice('measuring\n'.length)) as LoadFigures;
        const per = (ms: number) => ms / Math.max(1, figures.count);
        resolve({ ...figures, serverCpuMs: per((used.user + used.system) / 1000), dbCpuMs: before === null || after === null ? null : per(after - before) });
      }, reject);
    });
  });
}

/** CPU milliseconds used so far by the PostgreSQL backends of the server's pool (local server only: /proc), or null. */
async function backendCpuMs(db: import('kysely').Kysely<import('@ledgerport/db').Database>): Promise<number | null> {
  const rows = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`.execute(db);
  let ticks = 0;
  for (const { pid } of rows.rows) {
    try {
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function uploadToListed(agent: http.Agent, port: number, auth: Record<string, string>, lineCount: number): Promise<void> {
  const path = fileURLToPath(new URL(`../.data/amazon-v2-${lineCount}.txt`, import.meta.url));
  const file = await generateAmazonV2(path, lineCount);
  const accountKey = 'bench-001';
  const started = Date.now();
  const answer = await uploadFile({ port, agent, auth, accountKey, filePath: file.path, fileName: `amazon-v2-${lineCount}.txt`, fileBytes: file.byteCount });
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
  const uploaded = Date.now();
  const importId = (JSON.parse(answer.body) as { importId: string }).importId;
  let settlementId: string;
  for (;;) {
    const res = await request(agent, port, 'GET', `/settlement-import?importId=${importId}`, undefined, auth);
    const imp = JSON.parse(res.body) as { status: string; files: { status: string; message: string | null; settlements: { settlementId: string }[] }[] };
    if (imp.status === 'DONE') {
      if (imp.files[0]?.status !== 'LOADED') throw new Error(`the upload did not load: ${imp.files[0]?.message ?? ''}`);
      settlementId = imp.files[0].settlements[0]?.settlementId ?? '';
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const listed = await request(agent, port, 'POST', '/spanner-settlements-with-pagination?page=0&size=10', {
    paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: accountKey }], [{ filterKey: 'settlementId', operation: 'eq', value: settlementId }]],
  }, auth);
  const isListed = (JSON.parse(listed.body) as { settlements: unknown[] }).settlements.length > 0;
  const done = Date.now();
  console.log(
    `upload to listed (${lineCount.toLocaleString('en-US')} lines, ${(file.byteCount / 1e6).toFixed(0)} MB): ${((done - started) / 1000).toFixed(1)} s ` +
      `(body streamed in ${((uploaded - started) / 1000).toFixed(1)} s, parse + store ${((done - uploaded) / 1000).toFixed(1)} s), listed: ${isListed}`,
  );
}
