/** `npm run db:seed`: load the demo data into an empty database (migrating it first). */
import { openDb } from '@ledgerport/db';
import { systemClock } from '../clock';
import { dbOptionsOf, loadConfig } from '../config';
import { DEMO_PASSWORD, demoUsers } from '../seed/demo-data';
import { isDatabaseEmpty, seedDemoData } from '../seed/seed-demo-data';

const config = loadConfig();
const opened = await openDb(dbOptionsOf(config));
try {
  if (!(await isDatabaseEmpty(opened.db))) {
    console.log('The database already holds users or accounts; nothing was loaded. To start over, use an empty database: a new LEDGERPORT_DATA_DIR folder, or a DATABASE_URL naming an empty database.');
  } else {
    await seedDemoData(opened.db, systemClock());
    console.log(`Demo data loaded. Users (password "${DEMO_PASSWORD}"): ${demoUsers.map((u) => u.email).join(', ')}`);
  }
} finally {
  await opened.close();
}
