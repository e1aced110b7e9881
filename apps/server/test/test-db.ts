/**
 * A fresh, migrated and seeded database per test file.
 * - LEDGERPORT_TEST_DB=pglite (default): a copy of a template PGlite data folder. The template is
 *   built once per content of the migrations and seed (keyed by their hash, in os.tmpdir()) because
 *   a first PGlite init costs seconds and ~600 MB; copying it costs a fraction of that.
 * - LEDGERPORT_TEST_DB=postgres: a unique schema in DATABASE_URL, dropped on close.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { openDb, type Database, type OpenedDb } from '@ledgerport/db';
import { seedDemoData } from '../src/seed/seed-demo-data';

/** created_at of every seeded row; tests set their clock relative to it. */
export const SEEDED_AT = new Date('2026-11-01T00:00:00.000Z');

export interface TestDb {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The underlying handle (with the PGlite instance on PGlite), for pg-boss. */
  opened: OpenedDb;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// The seed stores the demo payouts through the Shopify order modes, so their rules shape the template too.
const sourcesOfTemplate = [
  path.resolve(here, '../../../packages/db/src/migrations'),
  path.resolve(here, '../src/seed'),
  path.resolve(here, '../../../packages/core/src/order-modes'),
  path.resolve(here, '../src/features/shopify-order-modes'),
];

export async function openTestDb(): Promise<TestDb> {
  return process.env.LEDGERPORT_TEST_DB === 'postgres' ? openPostgresTestDb() : openPgliteTestDb();
}

async function openPostgresTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('LEDGERPORT_TEST_DB=postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/ledgerport_dev).');
  const schema = `test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const opened = await openDb({ url, schema, poolSize: 4 });
  await seedDemoData(opened.db, SEEDED_AT);
  return {
    db: opened.db,
    kind: 'postgres',
    opened,
    close: async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(opened.db);
      await opened.close();
    },
  };
}

async function openPgliteTestDb(): Promise<TestDb> {
  const template = await ensurePgliteTemplate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-test-db-'));
  fs.cpSync(template, dir, { recursive: true });
  const opened = await openDb({ dataDir: dir });
  return {
    db: opened.db,
    kind: 'pglite',
    opened,
    close: async () => {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  for (const dir of sourcesOfTemplate) {
    for (const name of fs.readdirSync(dir).sort()) {
      hash.update(name);
      hash.update(fs.readFileSync(path.join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds the template once across parallel test workers: mkdir is the lock, rename publishes it. */
export async function ensurePgliteTemplate(): Promise<string> {
  const final = path.join(os.tmpdir(), `ledgerport-test-template-${templateKey()}`);
  const lock = `${final}.lock`;
  const deadline = Date.now() + 180_000;
  while (!fs.existsSync(final)) {
    if (tryLock(lock)) {
      try {
        if (fs.existsSync(final)) break;
        const building = `${final}.building-${process.pid}`;
        fs.rmSync(building, { recursive: true, force: true });
        const opened = await openDb({ dataDir: building });
        await seedDemoData(opened.db, SEEDED_AT);
        await opened.close();
        fs.renameSync(building, final);
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the PGlite test template (${lock}).`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return final;
}

function tryLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch {
    // A lock left by a killed run would block forever: take over one older than five minutes.
    const stat = fs.statSync(lock, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
    return false;
  }
}
