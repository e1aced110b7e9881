/** `npm run db:migrate`: apply pending migrations to the configured database and list them. */
import { migrateToLatest, openDb } from '@ledgerport/db';
import { dbOptionsOf, loadConfig } from '../config';

const config = loadConfig();
const opened = await openDb(dbOptionsOf(config, { migrate: false }));
try {
  const results = await migrateToLatest(opened.db);
  console.log(results.length === 0 ? 'The database is up to date.' : results.map((r) => `applied ${r.migrationName}`).join('\n'));
} finally {
  await opened.close();
}
