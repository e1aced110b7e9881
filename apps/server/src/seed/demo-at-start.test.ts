/**
 * The demo data at start and `npx ledgerport demo remove` (issue 26, decision 0057) on a real
 * database: a public HOST is refused while demo users keep the demo password, naming them; removal
 * deletes the demo users, accounts (every account_key table) and organizations, audited; an empty
 * database gets the demo only embedded on loopback, or with LEDGERPORT_DEMO=on.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../test/test-db';
import { hashPassword } from '../features/auth/passwords';
import { demoAccounts, demoUsers } from './demo-data';
import { prepareDemoData } from './demo-at-start';
import { removeDemoData } from './remove-demo-data';
import { isDatabaseEmpty } from './seed-demo-data';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.close());

const now = new Date('2026-11-28T12:00:00.000Z');
const embedded = { databaseUrl: undefined, host: '127.0.0.1', demo: 'auto' as const };
const demoEmails = demoUsers.map((u) => u.email).sort();

async function rowsOfDemoAccounts(): Promise<number> {
  const { rows: tables } = await sql<{ table_name: string }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'account_key'`.execute(testDb.db);
  let n = 0;
  for (const { table_name } of tables) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table_name)} where account_key in (${sql.join(demoAccounts.map((a) => a.key))})`.execute(testDb.db);
    n += Number(rows[0]!.n);
  }
  return n;
}

describe('a public HOST with the demo users', () => {
  it('is refused, naming every demo user that keeps the demo password and the command that removes them', async () => {
    const start = await prepareDemoData(testDb.db, { ...embedded, host: '0.0.0.0' }, now);
    expect(start.isLoaded).toBe(false);
    expect(start.refusal).toContain('Ledgerport will not start on HOST 0.0.0.0');
    for (const email of demoEmails) expect(start.refusal).toContain(email);
    expect(start.refusal).toContain('npx ledgerport demo remove');
  });

  it('starts on loopback, or with LEDGERPORT_DEMO=on; a demo user with a new password is not named', async () => {
    expect((await prepareDemoData(testDb.db, embedded, now)).refusal).toBeNull();
    expect((await prepareDemoData(testDb.db, { ...embedded, host: '0.0.0.0', demo: 'on' }, now)).refusal).toBeNull();
    await testDb.db.updateTable('users').set({ password_hash: await hashPassword('a-new-secret-42') }).where('email', '=', 'admin@ledgerport.local').execute();
    const start = await prepareDemoData(testDb.db, { ...embedded, host: '192.168.1.20', demo: 'off' }, now);
    expect(start.refusal).not.toContain('admin@ledgerport.local');
    expect(start.refusal).toContain('demo@ledgerport.local');
  });
});

describe('npx ledgerport demo remove', () => {
  it('deletes the demo users, the demo accounts with all their rows and the demo organizations, audited', async () => {
    const userMade = await testDb.db.insertInto('users').values({ user_id: 'user-real', email: 'owner@example.org', name: 'Real Owner', password_hash: await hashPassword('real-secret-42'), created_at: now, updated_at: now }).returning('user_id').executeTakeFirst();
    expect(userMade).toBeDefined();
    expect(await rowsOfDemoAccounts()).toBeGreaterThan(0);
    const removed = await removeDemoData(testDb.db, now);
    expect(removed.users.sort()).toEqual(demoEmails);
    expect(removed.accounts.sort()).toEqual(demoAccounts.map((a) => a.key).sort());
    expect(removed.organizations.sort()).toEqual(['org-acme', 'org-birch']);
    expect(await rowsOfDemoAccounts()).toBe(0);
    expect(await testDb.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'owner@example.org' }]);
    expect(await testDb.db.selectFrom('organizations').select('organization_id').execute()).toEqual([]);
    const audit = await testDb.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('action', '=', 'system.demo-data-removed').execute();
    expect(audit).toEqual([{ action: 'system.demo-data-removed', actor_user_id: null }]);
    // The public address starts now.
    expect((await prepareDemoData(testDb.db, { ...embedded, host: '0.0.0.0' }, now)).refusal).toBeNull();
    // A second removal finds nothing.
    expect(await removeDemoData(testDb.db, now)).toMatchObject({ users: [], accounts: [], organizations: [] });
    await testDb.db.deleteFrom('users').where('email', '=', 'owner@example.org').execute();
  });
});

describe('an empty database at start', () => {
  it('gets no demo with DATABASE_URL or a public HOST unless LEDGERPORT_DEMO=on; off starts empty', async () => {
    expect(await isDatabaseEmpty(testDb.db)).toBe(true);
    expect(await prepareDemoData(testDb.db, { ...embedded, databaseUrl: 'postgres://db.example/ledgerport' }, now)).toMatchObject({ isLoaded: false, refusal: null });
    expect(await prepareDemoData(testDb.db, { ...embedded, host: '0.0.0.0' }, now)).toMatchObject({ isLoaded: false, refusal: null });
    expect(await prepareDemoData(testDb.db, { ...embedded, demo: 'off' }, now)).toMatchObject({ isLoaded: false, refusal: null });
    expect(await isDatabaseEmpty(testDb.db)).toBe(true);
    expect((await prepareDemoData(testDb.db, { ...embedded, databaseUrl: 'postgres://db.example/ledgerport', demo: 'on' }, now)).isLoaded).toBe(true);
    expect(await isDatabaseEmpty(testDb.db)).toBe(false);
  });

  it('gets the demo embedded on loopback (the README first run)', async () => {
    await removeDemoData(testDb.db, now);
    expect(await prepareDemoData(testDb.db, embedded, now)).toMatchObject({ isLoaded: true, refusal: null });
    expect((await testDb.db.selectFrom('users').select('email').where('root_admin', '=', true).execute()).map((u) => u.email)).toEqual(['admin@ledgerport.local']);
  });
});
