/**
 * `npm start`: open the database (migrations apply on open), load the demo data where core's rule
 * says (decision 0057: an empty embedded database on loopback, or LEDGERPORT_DEMO=on), refuse a
 * public address while demo users keep the demo password, start background jobs, serve the API and
 * the web app, and print how to sign in and who administers the instance.
 *
 * Processes (decision 0067): LEDGERPORT_ROLE=web serves and queues jobs, worker only runs jobs, all
 * (default) both. On PostgreSQL LEDGERPORT_WORKERS=auto (default) makes this process a cluster primary:
 * it prepares the database and the demo, then forks one HTTP process per core and one job process and
 * starts again any that dies; the embedded database stays one process.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { pino } from 'pino';
import { openDb, type OpenedDb } from '@ledgerport/db';
import { buildApp, buildWorkerApp, createDeps } from './app';
import { systemClock } from './clock';
import { dbOptionsOf, loadConfig, type ProcessRole } from './config';
import { planProcesses, type ProcessPlan } from './config/process-config';
import { startJobs } from './jobs/start-jobs';
import { jobHandlers } from './job-registry';
import { createMailer } from './mail/mailer';
import { instanceAdminNotice } from '@ledgerport/core/rules';
import { readInstanceAdminState } from './features/users/instance-admin';
import { DEMO_PASSWORD, demoUsers } from './seed/demo-data';
import { prepareDemoData } from './seed/demo-at-start';
import { startDemoSandboxes } from './seed/start-demo-sandboxes';
import { getProcessMetrics } from './telemetry/metrics';
import { serveClusterMetrics, shareWithCluster } from './telemetry/cluster-metrics';

const config = loadConfig();
const processes = config.processes ?? { role: 'all' as const, workers: 1, metricsToken: undefined };
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dbDir}`;

if (cluster.isWorker) {
  await runProcess(processes.role, { isClusterChild: true });
} else {
  const plan = planProcesses(processes, os.availableParallelism());
  if (plan) await runPrimary(plan);
  else await runProcess(processes.role, { isClusterChild: false });
}

/** Demo data and sandboxes are the first process's: a cluster's primary, or the one process. */
async function prepareInstance(opened: OpenedDb) {
  const demo = await prepareDemoData(opened.db, config, systemClock());
  if (demo.refusal !== null) {
    console.error(demo.refusal);
    await opened.close();
    process.exit(1);
  }
  // Beside the demo data (decision 0056): the local accounting sandboxes, only while the database holds the
  // demo accounts, never when the operator turned the demo off, and never beside accounting systems the
  // operator configured (real credentials, or a vendor server of their own).
  const sandboxes = config.demo === 'off' || config.isAccountingConfigured === true ? null : await startDemoSandboxes(opened.db, config, systemClock, (line) => console.error(line));
  return { demo, sandboxes };
}

/** One process: serves HTTP (web, all) and runs jobs (worker, all). */
async function runProcess(role: ProcessRole, options: { isClusterChild: boolean }): Promise<void> {
  const opened = await openDb(dbOptionsOf(config));
  const instance = options.isClusterChild ? null : await prepareInstance(opened);
  const logger = pino({ level: config.logLevel, base: { pid: process.pid, role } });
  const metrics = getProcessMetrics();
  if (options.isClusterChild) shareWithCluster(metrics.registry);
  // Jobs first (routes queue work through them); their workers start inside buildApp with its Deps.
  const jobLog = { info: (m: string, f?: Record<string, unknown>) => logger.info(f ?? {}, m), error: (m: string, f?: Record<string, unknown>) => logger.error(f ?? {}, m) };
  const jobs = await startJobs(opened, { databaseUrl: config.databaseUrl, log: jobLog, handlers: jobHandlers, metrics });
  metrics.setSources({ poolStats: () => opened.poolStats?.() ?? null, queueDepths: () => jobs.queueDepths() });
  const mailer = createMailer(config.mail, (line) => console.log(line));

  let close: () => Promise<unknown>;
  if (role === 'worker') {
    const deps = createDeps({ db: opened.db, config, jobs, mailer, metrics });
    await jobs.startWorkers(deps);
    // In a cluster the primary answers for it; alone it has /health and /metrics of its own.
    const app = options.isClusterChild ? null : await buildWorkerApp(deps, logger, metrics);
    if (app) await app.listen({ port: config.port, host: config.host });
    close = async () => app?.close();
    const address = app?.server.address();
    const at = typeof address === 'object' && address ? ` (health${processes.metricsToken ? ' and metrics' : ''} at http://${config.host}:${address.port})` : '';
    console.log(`Ledgerport job worker is running on ${where}${at}`);
  } else {
    const app = await buildApp({ db: opened.db, config, logger, jobs, mailer, metrics, isJobRunner: role === 'all' });
    await app.listen({ port: config.port, host: config.host });
    close = () => app.close();
    if (!options.isClusterChild) {
      const address = app.server.address();
      await printBanner(opened, typeof address === 'object' && address ? address.port : config.port, instance, role === 'all' ? 'one process, serving and running the jobs' : 'one process serving and queueing jobs (LEDGERPORT_ROLE=web: a worker process runs them)');
    }
  }
  stopOnSignals(async () => {
    await close();
    await jobs.stop();
    await instance?.sandboxes?.close();
    await opened.close();
  });
}

/** The cluster's primary: prepares the database once, forks the processes, restarts any that dies. */
async function runPrimary(plan: ProcessPlan): Promise<void> {
  const opened = await openDb(dbOptionsOf(config));
  const instance = await prepareInstance(opened);
  serveClusterMetrics();
  const roleOfWorker = new Map<number, ProcessRole>();
  let stopping = false;
  const httpRole: ProcessRole = plan.hasJobProcess ? 'web' : processes.role;
  const fork = (role: ProcessRole): Worker => {
    const worker = cluster.fork({ LEDGERPORT_ROLE: role, LEDGERPORT_WORKERS: '1' });
    roleOfWorker.set(worker.id, role);
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const role = roleOfWorker.get(worker.id) ?? httpRole;
    roleOfWorker.delete(worker.id);
    if (stopping) return;
    console.error(`Ledgerport ${role} process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`);
    setTimeout(() => !stopping && fork(role), 1000);
  });
  const listening = Array.from({ length: plan.httpProcesses }, () => new Promise<number>((resolve) => fork(httpRole).once('listening', (address) => resolve(address.port))));
  if (plan.hasJobProcess) fork('worker');
  const ports = await Promise.all(listening);
  await printBanner(opened, ports[0] ?? config.port, instance, `${plan.httpProcesses} HTTP process${plan.httpProcesses === 1 ? '' : 'es'}${plan.hasJobProcess ? ' and 1 job process' : ''}`);
  stopOnSignals(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    })));
    await instance.sandboxes?.close();
    await opened.close();
  });
}

async function printBanner(opened: OpenedDb, port: number, instance: Awaited<ReturnType<typeof prepareInstance>> | null, processesLine: string): Promise<void> {
  const base = `http://${config.host}:${port}`;
  const seeded = instance?.demo.isLoaded === true;
  const sandboxes = instance?.sandboxes ?? null;
  const hasDemoUsers = (await opened.db.selectFrom('users').select('user_id').where('email', 'in', demoUsers.map((u) => u.email)).limit(1).executeTakeFirst()) !== undefined;
  const adminNotice = instanceAdminNotice({ ...(await readInstanceAdminState(opened.db)), appUrl: `${config.publicUrl}/app/` });
  console.log(
    [
      '',
      `Ledgerport is running at ${base}/app/`,
      `  database: ${where}${seeded ? ' (demo data loaded)' : ''}`,
      `  processes: ${processesLine}`,
      `  API documentation: ${base}/docs`,
      `  mail: ${createMailer(config.mail, () => undefined).destination}`,
      ...(sandboxes ? [`  accounting sandboxes of the demo: QuickBooks Online, Xero, Sage and NetSuite on this machine at ${sandboxes.url} (${sandboxes.connected.length} demo accounts connected)`] : []),
      `  billing: ${config.billing ? `on (Stripe at ${config.billing.apiUrl})` : 'off (no Stripe key: every account unlimited)'}`,
      `  metrics: ${processes.metricsToken ? `${base}/metrics (bearer token of LEDGERPORT_METRICS_TOKEN)` : 'off (set LEDGERPORT_METRICS_TOKEN to serve /metrics)'}`,
      ...(instance?.demo.skipped ? [`  demo data: not loaded (${instance.demo.skipped})`] : []),
      '',
      ...(hasDemoUsers ? [`Sign in with any demo user, password "${DEMO_PASSWORD}":`, ...demoUsers.map((u) => `  ${u.email.padEnd(26)} ${u.description}`), ''] : []),
      ...(adminNotice ? [adminNotice, ''] : []),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`${signal}: shutting down`);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
