/**
 * The load benchmark's server (`npm run bench -- load`), run as its own process: with --workers=N > 1
 * a node:cluster primary forks N HTTP processes that share one port (the operating system spreads the
 * connections), each with its own pool over the bench_api schema, as several stateless servers over
 * one PostgreSQL would run. Prints `ready <port>` once every process listens.
 * Argument: one JSON { url, schema, port, workers }.
 */
import cluster from 'node:cluster';
import { openDb } from '@ledgerport/db';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { jobHandlers } from '../../apps/server/src/job-registry';
import { startJobs } from '../../apps/server/src/jobs/start-jobs';

interface ServerPlan {
  url: string;
  schema: string;
  port: number;
  workers: number;
}

const plan = JSON.parse(process.env.LEDGERPORT_LOAD_SERVER ?? process.argv[2] ?? '{}') as ServerPlan;

async function serve(): Promise<void> {
  const opened = await openDb({ url: plan.url, schema: plan.schema });
  // Every process runs the job workers too, as `npm start` does (the load mix enqueues nothing).
  const jobs = await startJobs(opened, {
    databaseUrl: plan.url,
    bossSchema: `${plan.schema}_boss`,
    log: { info: () => undefined, error: (m) => console.error(m) },
    pollingIntervalSeconds: 2,
    handlers: jobHandlers,
  });
  const app = await buildApp({ db: opened.db, config: { ...loadConfig(), port: plan.port, logLevel: 'silent', databaseUrl: plan.url }, jobs });
  await app.listen({ port: plan.port, host: '127.0.0.1' });
}

if (plan.workers <= 1) {
  await serve();
  process.stdout.write(`ready ${plan.port}\n`);
} else if (cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < plan.workers; i++) {
    const worker = cluster.fork({ LEDGERPORT_LOAD_SERVER: JSON.stringify(plan) });
    worker.on('listening', () => {
      listening++;
      if (listening === plan.workers) process.stdout.write(`ready ${plan.port}\n`);
    });
  }
  cluster.on('exit', (_w, code) => {
    if (code !== 0) process.exit(code ?? 1);
  });
} else {
  await serve();
}
