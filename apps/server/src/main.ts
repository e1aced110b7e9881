/**
 * `npm start`: open the database (migrations apply on open), load the demo data where core's rule
 * says (decision 0057: an empty embedded database on loopback, or LEDGERPORT_DEMO=on), refuse a
 * public address while demo users keep the demo password, start background jobs, serve the API and
 * the web app, and print how to sign in and who administers the instance.
 */
import { openDb } from '@ledgerport/db';
import { buildApp } from './app';
import { systemClock } from './clock';
import { dbOptionsOf, loadConfig } from './config';
import { startJobs } from './jobs/start-jobs';
import { jobHandlers } from './job-registry';
import { createMailer } from './mail/mailer';
import { instanceAdminNotice } from '@ledgerport/core/rules';
import { readInstanceAdminState } from './features/users/instance-admin';
import { DEMO_PASSWORD, demoUsers } from './seed/demo-data';
import { prepareDemoData } from './seed/demo-at-start';
import { startDemoSandboxes } from './seed/start-demo-sandboxes';

const config = loadConfig();
const opened = await openDb(dbOptionsOf(config));
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dbDir}`;

const demo = await prepareDemoData(opened.db, config, systemClock());
if (demo.refusal !== null) {
  console.error(demo.refusal);
  await opened.close();
  process.exit(1);
}
const seeded = demo.isLoaded;
// Beside the demo data (decision 0056): the local accounting sandboxes, only while the database holds the
// demo accounts, never when the operator turned the demo off, and never beside accounting systems the
// operator configured (real credentials, or a vendor server of their own).
const sandboxes = config.demo === 'off' || config.isAccountingConfigured === true ? null : await startDemoSandboxes(opened.db, config, systemClock, (line) => console.error(line));

// Jobs first (routes queue work through them); their workers start inside buildApp with its Deps.
const jobLog = { info: (m: string) => console.log(m), error: (m: string) => console.error(m) };
const jobs = await startJobs(opened, { databaseUrl: config.databaseUrl, log: jobLog, handlers: jobHandlers });
const mailer = createMailer(config.mail, (line) => console.log(line));
const app = await buildApp({ db: opened.db, config, logger: true, jobs, mailer });
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const base = `http://${config.host}:${port}`;
const hasDemoUsers = (await opened.db.selectFrom('users').select('user_id').where('email', 'in', demoUsers.map((u) => u.email)).limit(1).executeTakeFirst()) !== undefined;
const adminNotice = instanceAdminNotice({ ...(await readInstanceAdminState(opened.db)), appUrl: `${config.publicUrl}/app/` });
console.log(
  [
    '',
    `Ledgerport is running at ${base}/app/`,
    `  database: ${where}${seeded ? ' (demo data loaded)' : ''}`,
    `  API documentation: ${base}/docs`,
    `  mail: ${mailer.destination}`,
    ...(sandboxes ? [`  accounting sandboxes of the demo: QuickBooks Online, Xero, Sage and NetSuite on this machine at ${sandboxes.url} (${sandboxes.connected.length} demo accounts connected)`] : []),
    `  billing: ${config.billing ? `on (Stripe at ${config.billing.apiUrl})` : 'off (no Stripe key: every account unlimited)'}`,
    ...(demo.skipped ? [`  demo data: not loaded (${demo.skipped})`] : []),
    '',
    ...(hasDemoUsers ? [`Sign in with any demo user, password "${DEMO_PASSWORD}":`, ...demoUsers.map((u) => `  ${u.email.padEnd(26)} ${u.description}`), ''] : []),
    ...(adminNotice ? [adminNotice, ''] : []),
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
  await sandboxes?.close();
  await opened.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
