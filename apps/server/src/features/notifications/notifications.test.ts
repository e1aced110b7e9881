/**
 * Notifications (decision 0023): the calls of the bell, the list and the settings, only ever about the
 * caller; who notifyAccount reaches; settings honoured; the mail jobs mail each notification once.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody, Notification, NotificationSetting, TokenSet } from '@ledgerport/contract';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';
import { createMailer } from '../../mail/mailer';
import { notifyAccount, notifyUser } from './notify';
import { mailImmediateNotifications, mailNotificationDigests } from './notification-mail-jobs';

let server: TestServer;
let sink: SmtpSink;
let demo: TokenSet;
let other: TokenSet;
let clarity: TokenSet;
let viewer: TokenSet;
const AT = new Date('2026-11-22T10:00:00.000Z');
const MAIL = { smtpUrl: '', from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir: '/nonexistent' };

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ config: { mail: { ...MAIL, smtpUrl: sink.url } } });
  // Tokens are issued on the test clock; the tests run at AT.
  server.clock.set(AT);
  [demo, other, clarity, viewer] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'clarity@ledgerport.local', 'viewer@ledgerport.local');
});
afterAll(async () => {
  await server.close();
  await sink.close();
});
beforeEach(async () => {
  server.clock.set(AT);
  // Each test starts from no notifications (the demo seed's settlements make some) and default settings.
  await db().deleteFrom('notifications').execute();
  await db().deleteFrom('notification_settings').execute();
  sink.mails.length = 0;
});

const db = () => server.testDb.db;
const call = (tokens: TokenSet, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const list = async (tokens: TokenSet, query = '') => (await call(tokens, 'GET', `/notifications/list${query}`)).json<{ notifications: Notification[]; totalRows: number; unreadCount: number }>();
const unread = async (tokens: TokenSet) => (await call(tokens, 'GET', '/notifications/unread-count')).json<{ unreadCount: number }>().unreadCount;
const mailDeps = () => ({ db: db(), clock: server.clock, mailer: createMailer({ ...MAIL, smtpUrl: sink.url }, () => undefined), config: { publicUrl: 'http://127.0.0.1:8070' } as never });
const failedSend = (title = 'Settlement 42 was not sent', at = AT) =>
  db().transaction().execute((trx) => notifyAccount(trx, { accountKey: 'acme-amazon-us', kind: 'send-failed', title, body: 'Xero refused it.', link: '/settlement?settlementKey=s-42', at }));

describe('notifyAccount', () => {
  it('writes one notification per member of the account and of its organization, none for a Clarity view-only user or another account', async () => {
    const written = await failedSend();
    const users = (await db().selectFrom('notifications').select('user_id').orderBy('user_id').execute()).map((r) => r.user_id);
    // Dana and Ada are in the organization, Vera a direct member; Cleo is Clarity view-only; Oscar is elsewhere.
    expect(users).toEqual(['user-admin', 'user-demo', 'user-viewer']);
    expect(written).toBe(3);
    expect((await list(clarity)).notifications).toEqual([]);
    expect(await unread(other)).toBe(0);
    expect((await list(viewer)).notifications.map((n) => n.title)).toEqual(['Settlement 42 was not sent']);
  });

  it('notifyUser writes for that user alone', async () => {
    await db().transaction().execute((trx) => notifyUser(trx, { userId: 'user-other', kind: 'invite', title: 'You are invited to Acme', body: 'Accept it.', link: '/admin', at: AT }));
    expect((await list(other)).notifications).toEqual([expect.objectContaining({ kind: 'invite', title: 'You are invited to Acme', accountKey: null, linkPath: '/admin' })]);
    expect(await unread(demo)).toBe(0);
  });

  it('is undone with the transaction it was written in', async () => {
    await expect(db().transaction().execute(async (trx) => {
      await notifyAccount(trx, { accountKey: 'acme-amazon-us', kind: 'send-failed', title: 't', body: 'b', link: null, at: AT });
      throw new Error('the event failed');
    })).rejects.toThrow('the event failed');
    expect(await unread(demo)).toBe(0);
  });
});

describe('the calls', () => {
  it('lists newest first with the unread count, filters unread, pages', async () => {
    await failedSend('first', AT);
    await failedSend('second', new Date(AT.getTime() + 1000));
    await failedSend('third', new Date(AT.getTime() + 2000));
    const all = await list(demo);
    expect(all.notifications.map((n) => n.title)).toEqual(['third', 'second', 'first']);
    expect(all).toMatchObject({ totalRows: 3, unreadCount: 3 });
    expect(all.notifications[0]).toMatchObject({ kind: 'send-failed', body: 'Xero refused it.', linkPath: '/settlement?settlementKey=s-42', accountKey: 'acme-amazon-us', readAt: null });
    expect(all.notifications[0]!.accountName).toMatch(/Acme/);
    expect((await list(demo, '?size=2&page=1')).notifications.map((n) => n.title)).toEqual(['first']);

    const second = all.notifications[1]!;
    const marked = await call(demo, 'POST', '/notifications/mark-read', { notificationId: second.notificationId });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ notification: { notificationId: second.notificationId, readAt: AT.toISOString() }, unreadCount: 2 });
    expect((await list(demo, '?filter=unread')).notifications.map((n) => n.title)).toEqual(['third', 'first']);
    expect((await list(demo, '?order=unread-first')).notifications.map((n) => n.title)).toEqual(['third', 'first', 'second']);
    expect(await unread(demo)).toBe(2);
  });

  it('marks one read once: a second mark keeps the first time', async () => {
    await failedSend();
    const id = (await list(demo)).notifications[0]!.notificationId;
    await call(demo, 'POST', '/notifications/mark-read', { notificationId: id });
    server.clock.advance(60_000);
    const again = await call(demo, 'POST', '/notifications/mark-read', { notificationId: id });
    expect(again.json<{ notification: Notification }>().notification.readAt).toBe(AT.toISOString());
  });

  it('marks all read, only the caller\'s', async () => {
    await failedSend('a');
    await failedSend('b');
    const res = await call(demo, 'POST', '/notifications/mark-all-read');
    expect(res.json()).toEqual({ markedCount: 2, unreadCount: 0 });
    expect(await unread(demo)).toBe(0);
    expect(await unread(viewer)).toBe(2);
  });

  it("refuses another user's notification as not found and changes nothing", async () => {
    await failedSend();
    const danas = (await list(demo)).notifications[0]!;
    const res = await call(other, 'POST', '/notifications/mark-read', { notificationId: danas.notificationId });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'notification.not-found', httpStatusCode: 404 });
    expect((await list(demo)).notifications[0]!.readAt).toBeNull();
    expect((await list(other)).notifications).toEqual([]);
    expect((await call(other, 'POST', '/notifications/mark-all-read')).json()).toEqual({ markedCount: 0, unreadCount: 0 });
    expect(await unread(demo)).toBe(1);
  });

  it('refuses a malformed id with 400', async () => {
    const res = await call(demo, 'POST', '/notifications/mark-read', { notificationId: 'abc' });
    expect(res.statusCode).toBe(400);
  });
});

describe('settings', () => {
  const settings = async (tokens: TokenSet) => (await call(tokens, 'GET', '/notifications/settings')).json<{ settings: NotificationSetting[] }>().settings;

  it('starts at the defaults, saves a change for the caller only, and a kind set back to its default is default again', async () => {
    const before = await settings(demo);
    expect(before.find((s) => s.kind === 'send-failed')).toEqual({ kind: 'send-failed', label: 'A send failed', inApp: true, email: 'immediate', isDefault: true });
    expect(before.map((s) => s.kind)).toEqual(['send-failed', 'connection-error', 'mappings-needed', 'settlement-inconsistent', 'invite', 'auto-sent']);
    const put = await call(demo, 'PUT', '/notifications/settings', { settings: [{ kind: 'send-failed', inApp: false, email: 'daily-digest' }] });
    expect(put.statusCode).toBe(200);
    expect((await settings(demo)).find((s) => s.kind === 'send-failed')).toMatchObject({ inApp: false, email: 'daily-digest', isDefault: false });
    expect((await settings(viewer)).find((s) => s.kind === 'send-failed')).toMatchObject({ inApp: true, email: 'immediate' });
    await call(demo, 'PUT', '/notifications/settings', { settings: [{ kind: 'send-failed', inApp: true, email: 'immediate' }] });
    expect((await settings(demo)).every((s) => s.isDefault)).toBe(true);
    expect(await db().selectFrom('notification_settings').selectAll().execute()).toEqual([]);
  });

  it('refuses a kind given twice or an unknown email mode with 400', async () => {
    const twice = await call(demo, 'PUT', '/notifications/settings', { settings: [{ kind: 'invite', inApp: true, email: 'off' }, { kind: 'invite', inApp: false, email: 'off' }] });
    expect(twice.statusCode).toBe(400);
    const weekly = await call(demo, 'PUT', '/notifications/settings', { settings: [{ kind: 'invite', inApp: true, email: 'weekly' }] });
    expect(weekly.statusCode).toBe(400);
  });

  it('are honoured: off everywhere writes nothing; mail only is mailed but not listed', async () => {
    await call(demo, 'PUT', '/notifications/settings', { settings: [{ kind: 'send-failed', inApp: false, email: 'off' }] });
    await call(viewer, 'PUT', '/notifications/settings', { settings: [{ kind: 'send-failed', inApp: false, email: 'immediate' }] });
    await failedSend();
    expect(await db().selectFrom('notifications').select('user_id').where('user_id', '=', 'user-demo').execute()).toEqual([]);
    expect((await list(viewer)).notifications).toEqual([]);
    expect(await unread(viewer)).toBe(0);
    expect(await mailImmediateNotifications(mailDeps())).toBe(2);
    expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(['admin@ledgerport.local', 'viewer@ledgerport.local']);
  });
});

describe('mail', () => {
  it('mails an immediate notification once, with its link; a second run mails nothing', async () => {
    await failedSend();
    expect(await mailImmediateNotifications(mailDeps())).toBe(3);
    const mail = await sink.waitForMail('demo@ledgerport.local', /^Settlement 42 was not sent/);
    expect(mail.text).toContain('Xero refused it.');
    expect(mail.text).toContain('http://127.0.0.1:8070/app/settlement?settlementKey=s-42');
    expect(mail.text).toContain('http://127.0.0.1:8070/app/user/settings/notifications');
    expect(await mailImmediateNotifications(mailDeps())).toBe(0);
    expect(sink.mails).toHaveLength(3);
    const rows = await db().selectFrom('notifications').select('emailed_at').execute();
    expect(rows.every((r) => r.emailed_at !== null)).toBe(true);
  });

  it("the daily digest mails each user one message of the day's unread notifications by kind, once", async () => {
    await db().transaction().execute(async (trx) => {
      await notifyAccount(trx, { accountKey: 'acme-amazon-us', kind: 'mappings-needed', title: 'Settlement 7 needs mappings', body: 'Map them.', link: '/mapping', at: AT });
      await notifyAccount(trx, { accountKey: 'acme-amazon-us', kind: 'settlement-inconsistent', title: 'Settlement 8 is inconsistent', body: 'Check it.', link: null, at: AT });
      await notifyAccount(trx, { accountKey: 'acme-amazon-us', kind: 'settlement-inconsistent', title: 'Settlement 9 is inconsistent', body: 'Check it.', link: null, at: AT });
    });
    // Immediate mail leaves digest notifications alone.
    expect(await mailImmediateNotifications(mailDeps())).toBe(0);
    // Vera read everything already: her digest has nothing to say.
    await call(viewer, 'POST', '/notifications/mark-all-read');
    server.clock.advance(21 * 3600_000);
    expect(await mailNotificationDigests(mailDeps())).toBe(2);
    const digest = await sink.waitForMail('demo@ledgerport.local', /^Ledgerport daily digest: 3 notifications/);
    expect(digest.text.indexOf('A new settlement needs mappings (1)')).toBeLessThan(digest.text.indexOf('A settlement is inconsistent (2)'));
    expect(digest.text).toContain('Settlement 9 is inconsistent');
    expect(sink.mails.filter((m) => m.to.includes('viewer@ledgerport.local'))).toEqual([]);
    expect(await mailNotificationDigests(mailDeps())).toBe(0);
    expect(sink.mails).toHaveLength(2);
  });

  it('gives the rows back when the mail cannot go, so the next run mails them', async () => {
    await failedSend();
    const broken = { ...mailDeps(), mailer: { destination: 'nowhere', send: () => Promise.reject(new Error('connection refused')) } };
    expect(await mailImmediateNotifications(broken)).toBe(0);
    expect((await db().selectFrom('notifications').select('emailed_at').execute()).every((r) => r.emailed_at === null)).toBe(true);
    expect(await mailImmediateNotifications(mailDeps())).toBe(3);
  });
});
