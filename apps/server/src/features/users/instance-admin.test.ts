/**
 * An instance's administrator (issue 26, decision 0057): the first sign-up on an instance without a
 * root admin becomes it, the next does not, two at once never both; `admin grant` and `revoke`
 * change it; every change has its audit line. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-app';
import { grantInstanceAdmin, readInstanceAdminState, revokeInstanceAdmin } from './instance-admin';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ config: { mail: { smtpUrl: sink.url, from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir: '/nonexistent' } } });
  // An instance whose seeded root admin is gone: no administrator yet.
  await server.testDb.db.updateTable('users').set({ root_admin: false }).execute();
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

let ip = 0;
const signUp = (email: string) =>
  server.app.inject({ method: 'POST', url: '/oauth/sign-up', payload: { email, name: 'Sol Stranger', password: 'quiet-meadow-58' }, remoteAddress: `10.57.0.${++ip}` });
const db = () => server.testDb.db;
const isRootAdmin = async (email: string) => (await db().selectFrom('users').select('root_admin').where('email', '=', email).executeTakeFirstOrThrow()).root_admin;
const adminAudit = async (email: string) => {
  const user = await db().selectFrom('users').select('user_id').where('email', '=', email).executeTakeFirstOrThrow();
  return (await db().selectFrom('audit_log').select(['action', 'actor_user_id', 'after_state']).where('entity_id', '=', user.user_id).where('action', 'like', 'user.instance-admin-%').orderBy('audit_id').execute()).map((r) => ({
    action: r.action,
    actor: r.actor_user_id,
    reason: (typeof r.after_state === 'string' ? (JSON.parse(r.after_state) as { reason?: string }) : (r.after_state as { reason?: string } | null))?.reason,
  }));
};

describe('the first sign-up on an instance without an administrator', () => {
  it('becomes its root admin, audited; the second sign-up does not', async () => {
    expect(await readInstanceAdminState(db())).toEqual({ hasUsers: true, hasRootAdmin: false });
    expect((await signUp('first@example.org')).statusCode).toBe(200);
    expect(await isRootAdmin('first@example.org')).toBe(true);
    expect(await adminAudit('first@example.org')).toEqual([{ action: 'user.instance-admin-granted', actor: null, reason: 'first-sign-up' }]);
    expect((await signUp('second@example.org')).statusCode).toBe(200);
    expect(await isRootAdmin('second@example.org')).toBe(false);
    expect(await adminAudit('second@example.org')).toEqual([]);
    expect(await readInstanceAdminState(db())).toEqual({ hasUsers: true, hasRootAdmin: true });
  });

  it('is one of two simultaneous first sign-ups, never both', async () => {
    await db().updateTable('users').set({ root_admin: false }).execute();
    const results = await Promise.all([signUp('racer-a@example.org'), signUp('racer-b@example.org')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const admins = await db().selectFrom('users').select('email').where('root_admin', '=', true).execute();
    expect(admins).toHaveLength(1);
    expect(['racer-a@example.org', 'racer-b@example.org']).toContain(admins[0]!.email);
  });
});

describe('npx ledgerport admin grant | revoke', () => {
  it('grants and revokes by email (any case), each audited as the command', async () => {
    const at = new Date('2026-11-28T12:00:00.000Z');
    expect((await grantInstanceAdmin(db(), 'Second@Example.org', at)).message).toBe('second@example.org is now an administrator of this instance (root admin).');
    expect(await isRootAdmin('second@example.org')).toBe(true);
    expect((await grantInstanceAdmin(db(), 'second@example.org', at)).isChanged).toBe(false);
    expect((await revokeInstanceAdmin(db(), 'second@example.org', at)).message).toBe('second@example.org is no longer an administrator of this instance.');
    expect(await isRootAdmin('second@example.org')).toBe(false);
    expect(await adminAudit('second@example.org')).toEqual([
      { action: 'user.instance-admin-granted', actor: null, reason: 'command' },
      { action: 'user.instance-admin-revoked', actor: null, reason: 'command' },
    ]);
  });

  it('refuses an unknown email and the last administrator, by name, and changes nothing', async () => {
    const at = new Date('2026-11-28T12:00:00.000Z');
    await expect(grantInstanceAdmin(db(), 'nobody@example.org', at)).rejects.toThrow('No user has the email address nobody@example.org on this instance.');
    await db().updateTable('users').set({ root_admin: false }).execute();
    await grantInstanceAdmin(db(), 'first@example.org', at);
    await expect(revokeInstanceAdmin(db(), 'first@example.org', at)).rejects.toThrow('first@example.org is the only administrator of this instance');
    expect(await isRootAdmin('first@example.org')).toBe(true);
  });
});
