/**
 * `npm start`: open the database (migrations apply on open), load the demo data into an empty
 * database, start background jobs, serve the API and the web app, and print how to sign in.
 */
import { openDb } from '@ledgerport/db';
import { buildApp } from './app';
import { systemClock } from './clock';
import { dbOptionsOf, loadConfig } from './config';
import { startJobs } from './jobs/start-jobs';
import { jobHandlers } from './job-registry';
import { createMailer } from './mail/mailer';
import { DEMO_PASSWORD, demoUsers } from './seed/demo-data';
import { isDatabaseEmpty, seedDemoData } from './seed/seed-demo-data';

const config = loadConfig();
const opened = await openDb(dbOptionsOf(config));
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dbDir}`;

const seeded = await isDatabaseEmpty(opened.db);
if (seeded) await seedDemoData(opened.db, systemClock());

// Jobs first (routes queue work through them); their workers start inside buildApp with its Deps.
const jobLog = { info: (m: string) => console.log(m), error: (m: string) => console.error(m) };
const jobs = await startJobs(opened, { databaseUrl: config.databaseUrl, log: jobLog, handlers: jobHandlers });
const mailer = createMailer(config.mail, (line) => console.log(line));
const app = await buildApp({ db: opened.db, config, logger: true, jobs, mailer });
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const base = `http://${config.host}:${port}`;
console.log(
  [
    '',
    `Ledgerport is running at ${base}/app/`,
    `  database: ${where}${seeded ? ' (demo data loaded)' : ''}`,
    `  API documentation: ${base}/docs`,
    `  mail: ${mailer.destination}`,
    `  billing: ${config.billing ? `on (Stripe at ${config.billing.apiUrl})` : 'off (no Stripe key: every account unlimited)'}`,
    '',
    `Sign in with any demo user, password "${DEMO_PASSWORD}":`,
    ...demoUsers.map((u) => `  ${u.email.padEnd(26)} ${u.description}`),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await app.close();
  await jobs.stop();
  await opened.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
