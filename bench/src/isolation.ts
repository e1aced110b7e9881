/**
 * `npm run bench -- isolation`: no single account can stall the server. One server (this process)
 * over PostgreSQL (DATABASE_URL, schema bench_isolation, made anew each run) or PGlite (a fresh
 * folder in bench/.data). A second process (isolation-load.ts) keeps sending another account's list
 * request (--clients=N at once, default 4) and GET /health, first with nothing else running (the
 * baseline), then while one account uploads a large Amazon V2 settlement (--lines=N, default
 * 2,300,000; the parse benchmark's generator), opens its detail and a page of its lines, searches
 * its orders with like, exports it and sends it (to the built-in ledger). Prints each heavy step's
 * time, the light requests' p50 / p99 / max in each step beside the baseline, and the server's
 * peak RSS per step. Options: --baseline-seconds=N (default 5). Never fails on time.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { openDb, type Database } from '@ledgerport/db';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { hashPassword } from '../../apps/server/src/features/auth/passwords';
import { startJobs } from '../../apps/server/src/jobs/start-jobs';
import { jobHandlers } from '../../apps/server/src/job-registry';
import { generateAmazonV2 } from './generate-amazon-v2';
import { writeDerivedRows } from './derived-rows';
import type { IsolationMessage, IsolationPlan, LatencyFigures } from './isolation-load';
import { numberFlag } from './number-flag';

const SCHEMA = 'bench_isolation';
const PASSWORD = 'bench-password';
const LIGHT_SETTLEMENTS = 2_000;
const LIGHT_LINES = 20;
const RSS_SAMPLE_MS = 100;

export async function run(args: string[]): Promise<void> {
  const lineCount = numberFlag(args, 'lines', 2_300_000);
  const url = process.env.DATABASE_URL;
  const dataDir = fileURLToPath(new URL('../.data', import.meta.url));
  const file = await generateAmazonV2(path.join(dataDir, `amazon-v2-${lineCount}.txt`), lineCount);
  const pgliteDir = path.join(dataDir, 'isolation-pglite');
  if (url) {
    const reset = await openDb({ url, migrate: false });
    await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(reset.db);
    await sql`drop schema if exists ${sql.id(`${SCHEMA}_boss`)} cascade`.execute(reset.db);
    await reset.close();
  } else fs.rmSync(pgliteDir, { recursive: true, force: true });
  const opened = url ? await openDb({ url, schema: SCHEMA }) : await openDb({ dataDir: pgliteDir });
  const db = opened.db;
  await loadAccounts(db);
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-isolation-'));
  const config = { ...loadConfig(), port: 0, logLevel: 'silent', databaseUrl: url, uploadDir, uploadFileBytesMax: 1024 * 1024 * 1024 };
  const jobs = await startJobs(opened, { databaseUrl: url, bossSchema: `${SCHEMA}_boss`, log: { info: () => undefined, error: (m) => console.error(m) }, pollingIntervalSeconds: 0.5, handlers: jobHandlers });
  const app = await buildApp({ db, config, jobs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const login = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'iso@ledgerport.local', password: PASSWORD } });
    const token = (JSON.parse(login.body) as { accessToken: string }).accessToken;
    console.log(`engine: ${opened.kind}; file: ${lineCount.toLocaleString('en-US')} lines, ${(file.byteCount / 1e6).toFixed(0)} MB; light account: ${LIGHT_SETTLEMENTS} settlements; server RSS at start ${mb(process.memoryUsage().rss)}`);
    const plan: IsolationPlan = {
      port, token, lightAccount: 'iso-light', heavyAccount: 'iso-heavy', filePath: file.path, fileBytes: file.byteCount, fileName: path.basename(file.path),
      baselineSeconds: numberFlag(args, 'baseline-seconds', 5), listClients: numberFlag(args, 'clients', 4),
    };
    await measure(plan);
  } finally {
    await app.close();
    await jobs.stop();
    await opened.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (f: LatencyFigures) => `p50 ${f.p50.toFixed(1).padStart(7)}  p99 ${f.p99.toFixed(1).padStart(7)}  max ${f.max.toFixed(0).padStart(6)} ms (${f.count}${f.errors > 0 ? `, ${f.errors} errors` : ''})`;

/** Runs the clients in a forked process and prints what they and the RSS sampler saw, step by step. */
function measure(plan: IsolationPlan): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./isolation-load.ts', import.meta.url)), [JSON.stringify(plan)], { execArgv: ['--import', 'tsx'] });
    let phase = 'start';
    const rssPeak = new Map<string, number>();
    const steps: { step: string; ms: number; note: string }[] = [];
    const sampler = setInterval(() => rssPeak.set(phase, Math.max(rssPeak.get(phase) ?? 0, process.memoryUsage().rss)), RSS_SAMPLE_MS);
    child.on('message', (message: IsolationMessage) => {
      if (message.kind === 'phase') phase = message.phase;
      else if (message.kind === 'step') {
        steps.push(message);
        console.log(`${message.step.padEnd(28)} ${(message.ms / 1000).toFixed(1).padStart(6)} s  ${message.note}`);
      } else {
        clearInterval(sampler);
        console.log(`\n${'light requests, by step'.padEnd(28)} ${'other account list'.padEnd(52)} GET /health`);
        for (const [name, f] of Object.entries(message.figures)) {
          console.log(`${name.padEnd(28)} ${ms(f.list)}   ${ms(f.health)}   server RSS peak ${mb(rssPeak.get(name) ?? 0)}`);
        }
        const peak = Math.max(...rssPeak.values());
        console.log(`server RSS peak overall: ${mb(peak)}`);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code === 0) resolve();
      else reject(new Error(`the load process ended with ${code}`));
    });
  });
}

/** Two accounts of one user: the heavy one (empty, uploads), the light one (small settlements, listed). */
async function loadAccounts(db: Kysely<Database>): Promise<void> {
  await sql`insert into accounts (account_key, account_name, accounting_system, sales_channel, plan_code)
    values ('iso-heavy', 'Heavy account', 'MANUAL', 'AMAZON', 'STANDARD'), ('iso-light', 'Light account', 'MANUAL', 'AMAZON', 'STANDARD')`.execute(db);
  await sql`insert into users (user_id, email, name, password_hash) values ('iso-user', 'iso@ledgerport.local', 'Bench', ${await hashPassword(PASSWORD)})`.execute(db);
  await sql`insert into account_memberships (account_key, user_id, role) select account_key, 'iso-user', 'owner' from accounts where account_key like 'iso-%'`.execute(db);
  const amount = sql.raw(`((((i::bigint * 7919 + n * 104729) % 20000) - 6000)::numeric / 100)`);
  await sql`insert into settlements (settlement_key, account_key, settlement_id, sales_source, format, marketplace, channel, currency, start_at, end_at, deposit_at,
      total, status, lines_total, line_count, duplicate_key, source_kind, source_file, report_id, posting_status, search_text, accounts_mapped, taxes_mapped)
    select 'istl_' || i, 'iso-light', (30000000000 + i)::text, 'AMAZON', 'amazon-v2', 'Amazon.com', 'Amazon.com', (array['USD','EUR','GBP'])[i % 3 + 1],
      timestamptz '2025-01-01' + i * interval '1 day', timestamptz '2025-01-15' + i * interval '1 day', timestamptz '2025-01-17' + i * interval '1 day',
      t.total, 'closed', t.total, ${sql.raw(String(LIGHT_LINES))}, 'amazon:' || (30000000000 + i) || ':' || lower((array['USD','EUR','GBP'])[i % 3 + 1]), 'file', 'bench.txt', 'bench.txt',
      'NOT_POSTED', (30000000000 + i)::text || ' bench.txt amazon.com', true, true
    from generate_series(1, ${sql.raw(String(LIGHT_SETTLEMENTS))}) i,
      lateral (select sum(${amount}) as total from generate_series(1, ${sql.raw(String(LIGHT_LINES))}) n) t`.execute(db);
  await sql`insert into settlement_lines (settlement_key, line_no, account_key, posted_at, type_key, order_id, sku, quantity, marketplace, fulfilment_channel, amount, source_row)
    select 'istl_' || i, n, 'iso-light', timestamptz '2025-01-01' + i * interval '1 day' + n * interval '6 hours',
      (array['Order|ItemPrice|Principal','Order|ItemPrice|Tax','Order|ItemFees|Commission'])[n % 3 + 1], '113-' || lpad(i::text, 7, '0') || '-' || lpad(n::text, 7, '0'),
      'SKU-' || (n % 40), 1, 'Amazon.com', 'AFN', ${amount}, n + 2
    from generate_series(1, ${sql.raw(String(LIGHT_SETTLEMENTS))}) i, generate_series(1, ${sql.raw(String(LIGHT_LINES))}) n`.execute(db);
  await writeDerivedRows(db, 'istl_');
}
