/**
 * Password reset by mail, password change, and the profile's email change and time zone (issue 15),
 * with mail through real SMTP to a local sink. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet, UserProfile } from '@ledgerport/contract';
import { ONE_TIME_LINK_TTL_MS } from '@ledgerport/core/rules';
import { startSmtpSink, linkTokenOf, type SmtpSink } from '../../../test/smtp-sink';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ config: { mail: { smtpUrl: sink.url, from: 'Ledgerport <no-reply@ledgerport.local>', outboxDir: '/nonexistent' } } });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});
beforeEach(() => server.clock.set(new Date('2026-11-22T10:00:00.000Z')));

let ipCounter = 0;
const nextIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) => server.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });
const login = (email: string, password: string) => post('/oauth/login', { email, password });
const db = () => server.testDb.db;
const liveRefreshTokens = async (userId: string) =>
  (await db().selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).length;

describe('password reset', () => {
  it('answers a known and an unknown email the same, and mails only the known one a one-hour link', async () => {
    const known = await post('/oauth/password-reset-request', { email: 'PARTNER@ledgerport.local' });
    const unknown = await post('/oauth/password-reset-request', { email: 'stranger@example.com' });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If an account uses this email address, we have sent it a link to reset the password. The link works for one hour.' });
    }
    const mail = await sink.waitForMail('partner@ledgerport.local', /^Reset your Ledgerport password/);
    expect(mail.text).toMatch(/mode=resetPassword&token=/);
    const link = await db().selectFrom('one_time_links').selectAll().where('user_id', '=', 'user-partner').executeTakeFirstOrThrow();
    expect(link.expires_at.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(link.token_hash).not.toBe(linkTokenOf(mail));
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.some((m) => m.to.includes('stranger@example.com'))).toBe(false);
  });

  it('sets the new password once, signs out every session, and refuses the link a second time', async () => {
    const session = await server.signIn('other@ledgerport.local');
    expect(await liveRefreshTokens('user-other')).toBeGreaterThan(0);
    await post('/oauth/password-reset-request', { email: 'other@ledgerport.local' });
    const token = linkTokenOf(await sink.waitForMail('other@ledgerport.local', /^Reset/));

    const weak = await post('/oauth/password-reset', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().code).toBe('user.weak-password');
    // The refused attempt changed nothing: the link still works, the sessions live.
    expect(await liveRefreshTokens('user-other')).toBeGreaterThan(0);

    const done = await post('/oauth/password-reset', { token, password: 'new-harbour-77' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: 'other@ledgerport.local', message: 'Your password is changed and every session was signed out. Sign in with the new password.' });
    expect(await liveRefreshTokens('user-other')).toBe(0);
    expect((await post('/oauth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await login('other@ledgerport.local', 'ledgerport-demo')).statusCode).toBe(401);
    expect((await login('other@ledgerport.local', 'new-harbour-77')).statusCode).toBe(200);

    const again = await post('/oauth/password-reset', { token, password: 'another-one-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>()).toMatchObject({ code: 'auth.link-invalid', message: 'Could not reset the password. This link was already used. Ask for a new password reset link on the sign-in page.' });
    expect((await login('other@ledgerport.local', 'new-harbour-77')).statusCode).toBe(200);
    const audit = await db().selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity_id', '=', 'user-other').where('action', 'like', 'user.password%').orderBy('audit_id').execute();
    expect(audit).toEqual([
      { action: 'user.password-reset-requested', actor_user_id: null },
      { action: 'user.password-reset', actor_user_id: 'user-other' },
    ]);
  });

  it('refuses an expired reset link and keeps the old password', async () => {
    await post('/oauth/password-reset-request', { email: 'clarity@ledgerport.local' });
    const token = linkTokenOf(await sink.waitForMail('clarity@ledgerport.local', /^Reset/));
    server.clock.advance(ONE_TIME_LINK_TTL_MS['reset-password']);
    const res = await post('/oauth/password-reset', { token, password: 'new-harbour-77' });
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'auth.link-invalid', message: 'Could not reset the password. This link has expired. Ask for a new password reset link on the sign-in page.' });
    expect((await login('clarity@ledgerport.local', 'ledgerport-demo')).statusCode).toBe(200);
  });

  it('does not take a verification link as a reset link', async () => {
    await post('/oauth/sign-up', { email: 'mixed@example.com', name: 'Mixed', password: 'river-stone-42' });
    const token = linkTokenOf(await sink.waitForMail('mixed@example.com', /^Verify/));
    const res = await post('/oauth/password-reset', { token, password: 'new-harbour-77' });
    expect(res.json<ErrorBody>().message).toMatch(/^Could not reset the password\. This link is not valid/);
  });
});

describe('POST /user-profile/password', () => {
  it('needs the current password, then signs out the other sessions and answers a new token set', async () => {
    const [first, second] = [await server.signIn('admin@ledgerport.local'), await server.signIn('admin@ledgerport.local')];
    const wrong = await post('/user-profile/password', { currentPassword: 'not-it', newPassword: 'admin-vault-2026' }, bearer(first));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>()).toMatchObject({ code: 'user.wrong-password', message: 'The current password is not correct.' });
    const weak = await post('/user-profile/password', { currentPassword: 'ledgerport-demo', newPassword: 'aaaaaaaaaaaa' }, bearer(first));
    expect(weak.json<ErrorBody>()).toMatchObject({ code: 'user.weak-password', details: [{ path: 'newPassword' }] });

    const res = await post('/user-profile/password', { currentPassword: 'ledgerport-demo', newPassword: 'vault-door-2026' }, bearer(first));
    expect(res.statusCode).toBe(200);
    const fresh = res.json<TokenSet>();
    expect((await post('/oauth/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(401);
    expect((await post('/oauth/refresh', { refreshToken: fresh.refreshToken })).statusCode).toBe(200);
    expect((await login('admin@ledgerport.local', 'vault-door-2026')).statusCode).toBe(200);
  });

  it('refuses a caller without a token', async () => {
    expect((await post('/user-profile/password', { currentPassword: 'a', newPassword: 'b' })).statusCode).toBe(401);
  });
});

describe('profile: email change and time zone', () => {
  const profile = async (tokens: TokenSet) => (await server.app.inject({ method: 'GET', url: '/user-profile', headers: bearer(tokens) })).json<UserProfile>();

  it('keeps the email until the link mailed to the new address is used, then switches it', async () => {
    const demo = await server.signIn('viewer@ledgerport.local');
    const res = await post('/user-profile', { email: 'vic@example.com' }, bearer(demo));
    expect(res.statusCode).toBe(200);
    expect(res.json<UserProfile>()).toMatchObject({ userId: 'user-viewer', email: 'viewer@ledgerport.local', timeZone: 'UTC', pendingEmail: 'vic@example.com' });
    expect(await profile(demo)).toMatchObject({ email: 'viewer@ledgerport.local', pendingEmail: 'vic@example.com' });
    const mail = await sink.waitForMail('vic@example.com', /^Confirm your new email/);
    expect(mail.text).toMatch(/mode=verifyAndChangeEmail&token=/);
    // Until then, the old address still signs in and the new one does not.
    expect((await login('viewer@ledgerport.local', 'ledgerport-demo')).statusCode).toBe(200);
    expect((await login('vic@example.com', 'ledgerport-demo')).statusCode).toBe(401);

    const confirmed = await post('/oauth/verify-email', { token: linkTokenOf(mail) });
    expect(confirmed.json()).toEqual({ email: 'vic@example.com', purpose: 'change-email', message: 'Your email is now vic@example.com. Sign in with it from now on.' });
    expect(await profile(demo)).toMatchObject({ email: 'vic@example.com', pendingEmail: null });
    expect((await login('vic@example.com', 'ledgerport-demo')).statusCode).toBe(200);
    expect((await post('/oauth/verify-email', { token: linkTokenOf(mail) })).json<ErrorBody>().code).toBe('auth.link-invalid');
    const audit = await db().selectFrom('audit_log').select(['action', 'before_state', 'after_state']).where('entity_id', '=', 'user-viewer').where('action', 'like', 'user.email%').orderBy('audit_id').execute();
    expect(audit).toEqual([
      { action: 'user.email-change-requested', before_state: { email: 'viewer@ledgerport.local' }, after_state: { pendingEmail: 'vic@example.com' } },
      { action: 'user.email-changed', before_state: { email: 'viewer@ledgerport.local' }, after_state: { email: 'vic@example.com' } },
    ]);
  });

  it('refuses the confirmation when someone else took the address meanwhile, and changes nothing', async () => {
    const partner = await server.signIn('partner@ledgerport.local');
    await post('/user-profile', { email: 'contested@example.com' }, bearer(partner));
    const token = linkTokenOf(await sink.waitForMail('contested@example.com', /^Confirm/));
    await post('/oauth/sign-up', { email: 'contested@example.com', name: 'Quick', password: 'river-stone-42' });
    const res = await post('/oauth/verify-email', { token });
    expect(res.statusCode).toBe(409);
    expect((await profile(partner)).email).toBe('partner@ledgerport.local');
  });

  it('refuses an address already used, and mails nothing', async () => {
    const demo = await server.signIn('demo@ledgerport.local');
    const before = sink.mails.length;
    const res = await post('/user-profile', { email: 'Partner@ledgerport.local' }, bearer(demo));
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe('The email address Partner@ledgerport.local is already used by another user.');
    expect(sink.mails.length).toBe(before);
  });

  it('changes the name and the time zone at once, in the audit log, and refuses an unknown zone', async () => {
    const demo = await server.signIn('demo@ledgerport.local');
    const res = await post('/user-profile', { name: 'Dana D.', timeZone: 'europe/berlin' }, bearer(demo));
    expect(res.json()).toEqual({ userId: 'user-demo', email: 'demo@ledgerport.local', name: 'Dana D.', timeZone: 'Europe/Berlin', pendingEmail: null });
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'user.profile-updated').where('entity_id', '=', 'user-demo').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before_state: { name: 'Dana Demo', timeZone: 'UTC' }, after_state: { name: 'Dana D.', timeZone: 'Europe/Berlin' } });
    const bad = await post('/user-profile', { timeZone: 'Mars/Olympus' }, bearer(demo));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().details).toEqual([{ path: 'timeZone', message: 'Unknown time zone.' }]);
    expect((await profile(demo)).timeZone).toBe('Europe/Berlin');
  });
});
