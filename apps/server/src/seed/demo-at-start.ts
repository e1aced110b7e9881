/**
 * What `npm start` does about the demo data (issue 26, decision 0057), by core's rules: load it into
 * an empty database only for the README's first run (embedded, loopback) or when LEDGERPORT_DEMO=on,
 * and refuse a public address while demo users keep the published password.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decideDemoLoad, isDemoExposureChecked, refuseDemoExposure, type DemoSetting } from '@ledgerport/core/rules';
import { findExposedDemoUsers } from './remove-demo-data';
import { isDatabaseEmpty, seedDemoData } from './seed-demo-data';

export interface DemoAtStart {
  isLoaded: boolean;
  /** Why nothing was loaded into an empty database (for the start-up message); null otherwise. */
  skipped: string | null;
  /** Set: the server must not start, and prints this. */
  refusal: string | null;
}

export async function prepareDemoData(db: Kysely<Database>, config: { demo: DemoSetting; host: string; databaseUrl: string | undefined }, now: Date): Promise<DemoAtStart> {
  const isEmpty = await isDatabaseEmpty(db);
  const decision = decideDemoLoad({ setting: config.demo, isEmbeddedDatabase: !config.databaseUrl, host: config.host, isDatabaseEmpty: isEmpty });
  if (decision.isLoaded) await seedDemoData(db, now);
  const exposed = isDemoExposureChecked({ setting: config.demo, host: config.host }) ? await findExposedDemoUsers(db) : [];
  return {
    isLoaded: decision.isLoaded,
    skipped: !decision.isLoaded && isEmpty ? decision.why : null,
    refusal: refuseDemoExposure({ setting: config.demo, host: config.host, exposedDemoEmails: exposed }),
  };
}
