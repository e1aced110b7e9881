/**
 * `npm run bench -- reports`: the reports of issue 18 over a large account, on PostgreSQL
 * (DATABASE_URL). One Amazon account with 100,000 closed settlements in one year and their stored
 * type totals (12 types x 2 marketplaces each, 2,400,000 rows: what 5,000,000 lines leave behind),
 * loaded once with generate_series into the schema bench_reports and reused. Measured in the server
 * process (app.inject, the same routes, auth and serialisation as over HTTP), one request at a time:
 *   - baseline: GET /health (one `select 1`);
 *   - summary: GET /amazon/summary-report for the whole year, and for one quarter;
 *   - reconciliation list: GET /reconciliation-reports (the saved reports of the account);
 *   - account overview: GET /reports/account-overview for the year;
 *   - old scan: the summary's read before the report rollup (the year's type totals joined to their
 *     settlements), run directly, so the rollup's gain is printed beside it (decision 0029).
 * p50 / p95 / max per measure over --runs=N requests (default 20). Never fails on time.
 */
import { sql, type Kysely } from 'kysely';
import { openDb, type Database } from '@ledgerport/db';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { hashPassword } from '../../apps/server/src/features/auth/passwords';
import { numberFlag } from './number-flag';

const SCHEMA = 'bench_reports';
const ACCOUNT = 'bench-big-amazon';
const SETTLEMENTS = 100_000;
const TYPES = [
  'Order|ItemPrice|Principal', 'Order|ItemPrice|Shipping', 'Order|ItemPrice|Tax', 'Order|ItemFees|Commission', 'Order|ItemFees|FBAPerUnitFulfillmentFee',
  'Order|Promotion|Principal', 'Refund|ItemPrice|Principal', 'Refund|ItemFees|Commission', 'other-transaction|other-transaction|Storage Fee',
  'other-transaction|other-transaction|Subscription Fee', 'Order|ItemWithheldTax|MarketplaceFacilitatorTax-Principal', 'ServiceFee|Cost of Advertising|TransactionTotalAmount',
];
const MARKETPLACES = ['Amazon.com', 'Amazon.ca'];
const PASSWORD = 'bench-password';

export async function run(args: string[]): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('skipped: the reports benchmark needs PostgreSQL. Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) and run it again.');
    return;
  }
  const runs = numberFlag(args, 'runs', 20);
  const opened = await openDb({ url, schema: SCHEMA });
  const db = opened.db;
  await loadData(db);
  const app = await buildApp({ db, config: { ...loadConfig(), port: 0, logLevel: 'silent', databaseUrl: url } });
  try {
    const login = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'bench-reports@ledgerport.local', password: PASSWORD } });
    const auth = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const measures: [string, string][] = [
      ['baseline GET /health', '/health'],
      ['summary, one year (100,000 settlements)', `/amazon/summary-report?accountKey=${ACCOUNT}&start=2025-01-01&end=2025-12-31`],
      ['summary, one quarter', `/amazon/summary-report?accountKey=${ACCOUNT}&start=2025-04-01&end=2025-06-30`],
      ['reconciliation reports list', `/reconciliation-reports?accountKey=${ACCOUNT}`],
      ['account overview, one year', `/reports/account-overview?accountKey=${ACCOUNT}&start=2025-01-01&end=2025-12-31`],
    ];
    console.log(`data: 1 account, ${SETTLEMENTS.toLocaleString('en-US')} settlements in 2025, ${(SETTLEMENTS * TYPES.length * MARKETPLACES.length).toLocaleString('en-US')} stored type totals (PostgreSQL schema ${SCHEMA}); ${runs} requests per measure, one at a time, in process`);
    for (const [name, path] of measures) await measure(name, runs, () => app.inject({ method: 'GET', url: path, headers: auth }).then((res) => ({ status: res.statusCode, body: res.body })));
    // The summary's former read, in the same run: the year's stored type totals joined to their settlements.
    await measure('old scan: type totals, one year', runs, async () => ({ status: 200, body: JSON.stringify((await oldYearScan(db)).rows) }));
  } finally {
    await app.close();
    await opened.close();
  }
}

type Answer = { status: number; body: string };

async function measure(name: string, runs: number, call: () => Promise<Answer>): Promise<void> {
  const first = await call();
  if (first.status !== 200) throw new Error(`${name} answered ${first.status}: ${first.body.slice(0, 300)}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const res = await call();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  console.log(`${name.padEnd(44)} p50 ${at(0.5).toFixed(1).padStart(7)} ms  p95 ${at(0.95).toFixed(1).padStart(7)} ms  max ${times[times.length - 1]!.toFixed(1).padStart(7)} ms  (${(first.body.length / 1024).toFixed(0)} kB answer)`);
}

/** What the summary report read before the rollup (decision 0029): every type total of the year's settlements. */
function oldYearScan(db: Kysely<Database>) {
  const localDay = sql`(s.end_at at time zone 'UTC')::date`;
  return sql`select to_char(${localDay}, 'YYYY-MM') as month, s.currency, t.type_key, t.marketplace, sum(t.amount)::text as amount, sum(t.line_count)::text as line_count
    from settlement_type_totals t join settlements s on s.settlement_key = t.settlement_key
    where s.account_key = ${ACCOUNT} and s.duplicate_of is null and ${localDay} >= '2025-01-01'::date and ${localDay} <= '2025-12-31'::date and s.status = 'closed'
    group by 1, 2, 3, 4`.execute(db);
}

async function loadData(db: Kysely<Database>): Promise<void> {
  const have = await sql<{ n: string; t: string }>`select (select count(*) from settlements where account_key = ${ACCOUNT}) as n,
    (select count(*) from settlement_type_totals where settlement_key like 'brpt_%') as t`.execute(db);
  if (Number(have.rows[0]?.n ?? 0) === SETTLEMENTS && Number(have.rows[0]?.t ?? 0) === SETTLEMENTS * TYPES.length * MARKETPLACES.length) {
    console.log('data: reusing the loaded benchmark data');
    return;
  }
  const started = Date.now();
  await sql`delete from settlement_type_totals where settlement_key like 'brpt_%'`.execute(db);
  await sql`delete from settlements where account_key = ${ACCOUNT}`.execute(db);
  await sql`delete from account_memberships where account_key = ${ACCOUNT}`.execute(db);
  await sql`delete from accounts where account_key = ${ACCOUNT}`.execute(db);
  await sql`delete from users where user_id = 'bench-reports-user'`.execute(db);
  await sql`insert into accounts (account_key, account_name, accounting_system, sales_channel, plan_code) values (${ACCOUNT}, 'Bench big Amazon', 'MANUAL', 'AMAZON', 'STANDARD')`.execute(db);
  await sql`insert into users (user_id, email, name, password_hash) values ('bench-reports-user', 'bench-reports@ledgerport.local', 'Bench', ${await hashPassword(PASSWORD)})`.execute(db);
  await sql`insert into account_memberships (account_key, user_id, role) values (${ACCOUNT}, 'bench-reports-user', 'owner')`.execute(db);
  // Type t of marketplace m in settlement i: an exact amount with 2 decimals; the settlement's total is their sum.
  const types = sql.raw(`array[${TYPES.map((t) => `'${t}'`).join(',')}]`);
  const places = sql.raw(`array[${MARKETPLACES.map((m) => `'${m}'`).join(',')}]`);
  const amount = sql.raw('((((i::bigint * 7919 + t * 104729 + m * 31) % 20000) - 6000)::numeric / 100)');
  const lines = sql.raw('(1 + (i + t) % 4)');
  const n = (v: number) => sql.raw(String(v));
  await sql`insert into settlements (settlement_key, account_key, settlement_id, sales_source, format, marketplace, channel, currency, start_at, end_at, deposit_at,
      total, status, lines_total, line_count, duplicate_key, source_kind, source_file, report_id, search_text, accounts_mapped, taxes_mapped)
    select 'brpt_' || i, ${ACCOUNT}, (30000000000 + i)::text, 'AMAZON', 'amazon-v2', 'Amazon.com', 'Amazon.com', 'USD',
      timestamptz '2025-01-01 00:00:00+00' + (i * interval '315 seconds') - interval '14 days', timestamptz '2025-01-01 00:00:00+00' + i * interval '315 seconds', timestamptz '2025-01-01 00:00:00+00' + i * interval '315 seconds' + interval '2 days',
      x.total, 'closed', x.total, x.lines, 'amazon:' || (30000000000 + i) || ':usd', 'file', 'bench.txt', 'bench.txt', (30000000000 + i)::text, true, true
    from generate_series(1, ${n(SETTLEMENTS)}) i,
      lateral (select sum(${amount}) as total, sum(${lines})::int as lines from generate_series(1, ${n(TYPES.length)}) t, generate_series(1, ${n(MARKETPLACES.length)}) m) x`.execute(db);
  await sql`insert into settlement_type_totals (account_key, settlement_key, type_key, marketplace, amount, line_count)
    select ${ACCOUNT}, 'brpt_' || i, (${types})[t], (${places})[m], ${amount}, ${lines}
    from generate_series(1, ${n(SETTLEMENTS)}) i, generate_series(1, ${n(TYPES.length)}) t, generate_series(1, ${n(MARKETPLACES.length)}) m`.execute(db);
  // As autovacuum would soon: statistics, and the visibility map that lets counts read the index alone.
  await sql`vacuum analyze settlements`.execute(db);
  await sql`analyze settlement_type_totals`.execute(db);
  await sql`analyze report_day_totals`.execute(db);
  console.log(`data: loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
