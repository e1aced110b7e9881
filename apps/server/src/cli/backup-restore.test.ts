/**
 * backup / restore round trips (issue 31): the generated account's API answers after a restore into an
 * empty data folder (PGlite's dump) or an empty database (pg_dump / pg_restore) are the same as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@ledgerport/contract';
import { openDb, type OpenedDb } from '@ledgerport/db';
import { buildApp } from '../app';
import { createDiscardingJobs, createTestClock, testConfig } from '../../test/test-app';
import { startSettlementTestServer, type SettlementTestServer } from '../../test/settlement-test-server';
import { apiAnswers, GENERATED_ACCOUNT, prepareGeneratedAccount, ROUNDTRIP_UPLOAD_BYTES_MAX, type ApiAnswers } from '../../test/generated-account';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { backupDatabase, BackupRefusal, restoreDatabase } from './backup-restore';
import { copyDatabase } from './db-copy';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-backup-test-'));
const isPglite = process.env.LEDGERPORT_TEST_DB !== 'postgres';
const url = process.env.DATABASE_URL;

let server: SettlementTestServer;
let before: ApiAnswers;

/** The answers of a server over `opened`, signed in as the demo user. */
async function answersOver(opened: OpenedDb): Promise<ApiAnswers> {
  const app = await buildApp({ db: opened.db, config: testConfig(), clock: createTestClock(), jobs: createDiscardingJobs() });
  try {
    const res = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } });
    return await apiAnswers(app, res.json<TokenSet>(), GENERATED_ACCOUNT);
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  server = await startSettlementTestServer({ config: { uploadFileBytesMax: ROUNDTRIP_UPLOAD_BYTES_MAX } });
  const demo = await server.signIn('demo@ledgerport.local');
  await prepareGeneratedAccount(server, demo);
  before = await apiAnswers(server.app, demo, GENERATED_ACCOUNT);
  expect(before.postingDetails.length).toBeGreaterThan(0);
}, 300_000);

afterAll(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// PostgreSQL first: the embedded round trip closes the server's database to dump it.
describe.skipIf(!url)('backup and restore of PostgreSQL (pg_dump, pg_restore)', () => {
  const names = [`lp_backup_${crypto.randomBytes(4).toString('hex')}`, `lp_restore_${crypto.randomBytes(4).toString('hex')}`];
  const urlOf = (name: string) => {
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  let admin: OpenedDb;

  beforeAll(async () => {
    admin = await openDb({ url: url!, migrate: false, poolSize: 1 });
    for (const name of names) await sql`create database ${sql.id(name)}`.execute(admin.db);
  });
  afterAll(async () => {
    for (const name of names) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
  });

  it('restores into an empty database one whose answers are the same; refuses a database that is not empty', async () => {
    // The generated account in a database of its own (the db copy is tested on its own).
    await copyDatabase({ opened: server.testDb.opened, bossSchema: server.bossSchema }, { url: urlOf(names[0]!) }, { out: () => undefined, err: () => undefined });
    const file = path.join(work, 'postgres.dump');
    expect(await backupDatabase({ kind: 'postgres', url: urlOf(names[0]!) }, file)).toMatch(/pg_dump custom format/);
    expect(await restoreDatabase({ kind: 'postgres', url: urlOf(names[1]!) }, file)).toBe(`Restored ${file} into the PostgreSQL database.`);
    const opened = await openDb({ url: urlOf(names[1]!), poolSize: 2 });
    try {
      expect(await answersOver(opened)).toEqual(before);
    } finally {
      await opened.close();
    }
    await expect(restoreDatabase({ kind: 'postgres', url: urlOf(names[1]!) }, file)).rejects.toThrow(/The target database is not empty \(it holds \d+ tables\)/);
  }, 180_000);

  it('says how to get pg_dump when it is not on the PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = path.join(work, 'no-tools-here');
    try {
      await expect(backupDatabase({ kind: 'postgres', url: urlOf(names[0]!) }, path.join(work, 'never.dump'))).rejects.toThrow(/pg_dump is not on this machine's PATH\. Install the PostgreSQL client tools/);
    } finally {
      process.env.PATH = saved;
    }
  });
});

describe.skipIf(!isPglite)('backup and restore of the embedded database', () => {
  it('restores into an empty data folder a database whose answers are the same; refuses a folder that is not empty', async () => {
    const dataDir = server.testDb.opened.pglite!.dataDir!;
    // PGlite is one process's: the server lets go of the folder before it is dumped.
    await server.app.close();
    await server.jobs.stop();
    await server.testDb.opened.close();
    const file = path.join(work, 'embedded.tar.gz');
    expect(await backupDatabase({ kind: 'pglite', dataDir }, file)).toMatch(/^Backed up the embedded database .* bytes\.$/);
    await expect(backupDatabase({ kind: 'pglite', dataDir }, file)).rejects.toThrow(/already exists; name a new file/);
    const restored = path.join(work, 'restored', 'db');
    expect(await restoreDatabase({ kind: 'pglite', dataDir: restored }, file)).toContain(restored);
    const opened = await openDb({ dataDir: restored });
    try {
      expect(await answersOver(opened)).toEqual(before);
    } finally {
      await opened.close();
    }
    await expect(restoreDatabase({ kind: 'pglite', dataDir: restored }, file)).rejects.toThrow(BackupRefusal);
    await expect(restoreDatabase({ kind: 'pglite', dataDir: restored }, file)).rejects.toThrow(/is not empty\. Restore only into an empty folder/);
    const notABackup = path.join(work, 'not-a-backup.tar.gz');
    fs.writeFileSync(notABackup, 'settlement-id\tamount\n');
    await expect(restoreDatabase({ kind: 'pglite', dataDir: path.join(work, 'other', 'db') }, notABackup)).rejects.toThrow(/is not a backup of the embedded database/);
    expect(fs.existsSync(path.join(work, 'other', 'db'))).toBe(false);
  }, 180_000);
});
