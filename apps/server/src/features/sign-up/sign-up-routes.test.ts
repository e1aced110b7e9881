/**
 * Sign-up, verification links and resend (issue 15), with mail going through real SMTP to a local
 * sink. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import { ONE_TIME_LINK_TTL_MS } from '@ledgerport/core/rules';
import { startSmtpSink, linkTokenOf, type SmtpSink } from '../../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../../test/test-app';

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
/** Each test its own client address, so the per-IP limits of one never touch another. */
const nextIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: object, ip = nextIp()) => server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const signUp = (email: string, password = 'river-stone-42', name = 'Nora New', ip?: string) => post('/oauth/sign-up', { email, name, password }, ip);
const login = (email: string, password: string) => post('/oauth/login', { email, password });
const db = () => server.testDb.db;
const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const count = async (table: 'users' | 'one_time_links' | 'audit_log') => Number((await db().selectFrom(table).select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /oauth/sign-up', () => {
  it('creates an unverified user, mails a verification link through SMTP, and stores only its hash', async () => {
    const res = await signUp('nora@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'nora@example.com', message: "To complete your registration, please verify your email. We've just sent you an email with instructions." });
    const user = await userByEmail('nora@example.com');
    expect(user).toMatchObject({ name: 'Nora New', email_verified_at: null, current_account_key: null, time_zone: 'UTC' });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const mail = await sink.waitForMail('nora@example.com', /^Verify your email/);
    expect(mail.text).toContain('Hello Nora New,');
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:8070\/app\/oauth\/user-management\?mode=verifyEmail&token=/);
    const token = linkTokenOf(mail);
    const links = await db().selectFrom('one_time_links').selectAll().where('user_id', '=', user!.user_id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: 'verify-email', email: 'nora@example.com', used_at: null });
    expect(links[0]!.token_hash).not.toBe(token);
    expect(links[0]!.expires_at.toISOString()).toBe(new Date(Date.parse('2026-11-22T10:00:00.000Z') + ONE_TIME_LINK_TTL_MS['verify-email']).toISOString());
    expect(await db().selectFrom('audit_log').select('action').where('entity_id', '=', user!.user_id).execute()).toEqual([{ action: 'user.signed-up' }]);
  });

  it('refuses an email already used, whatever its case, and creates nothing', async () => {
    const before = { users: await count('users'), links: await count('one_time_links'), mails: sink.mails.length };
    const res = await signUp('Demo@Ledgerport.local');
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toEqual({
      message: 'An account with the email address Demo@Ledgerport.local already exists. Sign in, or reset your password if you forgot it.',
      code: 'user.email-taken',
      httpStatusCode: 409,
      details: [{ path: 'email', message: 'Already in use.' }],
    });
    expect({ users: await count('users'), links: await count('one_time_links'), mails: sink.mails.length }).toEqual(before);
  });

  it('refuses a weak password with the rule that failed, and creates nothing', async () => {
    const before = await count('users');
    const short = await signUp('weak@example.com', 'short1');
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorBody>()).toMatchObject({ code: 'user.weak-password', message: 'The password must be at least 10 characters long.', details: [{ path: 'password' }] });
    const ownEmail = await signUp('weakling@example.com', 'weakling-2026');
    expect(ownEmail.json<ErrorBody>().message).toBe('The password must not contain your email address or name.');
    expect(await count('users')).toBe(before);
  });

  it('refuses a malformed email and a name with a control character, naming the field', async () => {
    const bad = await post('/oauth/sign-up', { email: 'not-an-email', name: 'X', password: 'river-stone-42' });
    expect(bad.json<ErrorBody>().details).toEqual([{ path: 'email', message: 'Enter a valid email address.' }]);
    const nul = await post('/oauth/sign-up', { email: 'nul@example.com', name: 'Bad\u0000Name', password: 'river-stone-42' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<ErrorBody>().details).toEqual([{ path: 'name', message: 'The name contains a control character (U+0000); remove it and try again.' }]);
  });

  it('leaves no user behind when the mail cannot be sent, so the address can sign up again', async () => {
    const broken = await startTestServer({ testDb: server.testDb, config: { mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@ledgerport.local', outboxDir: '/nonexistent' } } });
    try {
      const res = await broken.app.inject({ method: 'POST', url: '/oauth/sign-up', payload: { email: 'lost@example.com', name: 'Lost', password: 'river-stone-42' }, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(502);
      expect(res.json<ErrorBody>()).toEqual({ message: 'We could not send the email. Please try again later.', code: 'mail.send-failed', httpStatusCode: 502 });
      expect(await userByEmail('lost@example.com')).toBeUndefined();
    } finally {
      await broken.close();
    }
    expect((await signUp('lost@example.com')).statusCode).toBe(200);
  });

  it('of two sign-ups of one address at once, one creates the user and the other hears it is taken', async () => {
    const answers = await Promise.all([signUp('twice@example.com'), signUp('TWICE@example.com')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db().selectFrom('users').select('user_id').where('email', 'ilike', 'twice@example.com').execute()).toHaveLength(1);
  });

  it('allows 10 sign-ups per IP an hour, then answers 429 with Retry-After', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) expect((await signUp(`many-${i}@example.com`, 'river-stone-42', 'Many', ip)).statusCode).toBe(200);
    const limited = await signUp('many-10@example.com', 'river-stone-42', 'Many', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().message).toBe('We noticed a lot of requests from here recently. Please wait a few minutes and try again.');
    expect(limited.headers['retry-after']).toBe('3600');
    expect(await userByEmail('many-10@example.com')).toBeUndefined();
    server.clock.advance(3600_000);
    expect((await signUp('many-10@example.com', 'river-stone-42', 'Many', ip)).statusCode).toBe(200);
  });
});

describe('sign-in before and after verification', () => {
  it('refuses the right password of an unverified user with the spec sentence and mails a new link; the link then verifies and sign-in works', async () => {
    await signUp('vera@example.com', 'lantern-pass-2026!', 'Vera Verify');
    const first = await sink.waitForMail('vera@example.com', /^Verify/);
    const refused = await login('vera@example.com', 'lantern-pass-2026!');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>()).toEqual({ message: "To complete your registration, please verify your email. We've just sent you an email with instructions.", code: 'auth.email-not-verified', httpStatusCode: 403 });
    // A wrong password still says only that the credentials are wrong.
    expect((await login('vera@example.com', 'wrong-password-1')).statusCode).toBe(401);
    const second = await sink.waitForMail('vera@example.com', /^Verify/, 1);
    // Only the newest link works.
    const stale = await post('/oauth/verify-email', { token: linkTokenOf(first) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json<ErrorBody>().message).toBe('Could not verify email. A newer link was sent since this one; use the newest email. Sign in to get a new verification email.');

    const verified = await post('/oauth/verify-email', { token: linkTokenOf(second) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: 'vera@example.com', purpose: 'verify-email', message: 'Your email is verified. You can sign in now.' });
    expect((await userByEmail('vera@example.com'))?.email_verified_at?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    const signedIn = await login('vera@example.com', 'lantern-pass-2026!');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<TokenSet>().userEmail).toBe('vera@example.com');
    const meta = await server.app.inject({ method: 'GET', url: '/user-meta', headers: { authorization: `Bearer ${signedIn.json<TokenSet>().accessToken}` } });
    expect(meta.statusCode).toBe(200);
    expect(meta.json<{ currentAccount: unknown; user: { accountsThatCanBeAccessedByThisUser: unknown[] } }>()).toMatchObject({ currentAccount: null, user: { accountsThatCanBeAccessedByThisUser: [] } });

    const reused = await post('/oauth/verify-email', { token: linkTokenOf(second) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json<ErrorBody>()).toMatchObject({ code: 'auth.link-invalid', message: 'Could not verify email. This link was already used: your email is verified, you can sign in.' });
  });

  it('refuses an expired verification link, and a link that is not one', async () => {
    await signUp('late@example.com');
    const token = linkTokenOf(await sink.waitForMail('late@example.com', /^Verify/));
    server.clock.advance(ONE_TIME_LINK_TTL_MS['verify-email']);
    const expired = await post('/oauth/verify-email', { token });
    expect(expired.json<ErrorBody>()).toMatchObject({ code: 'auth.link-invalid', httpStatusCode: 400, message: 'Could not verify email. This link has expired. Sign in to get a new verification email.', details: { reason: 'expired' } });
    expect((await userByEmail('late@example.com'))?.email_verified_at).toBeNull();
    const unknown = await post('/oauth/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.json<ErrorBody>().message).toMatch(/^Could not verify email\. This link is not valid/);
  });
});

describe('POST /oauth/resend-verification', () => {
  it('mails an unverified user a new link, and answers an unknown or verified email the same without mailing', async () => {
    await signUp('again@example.com');
    await sink.waitForMail('again@example.com', /^Verify/);
    const known = await post('/oauth/resend-verification', { email: 'AGAIN@example.com' });
    const unknown = await post('/oauth/resend-verification', { email: 'nobody-here@example.com' });
    const verified = await post('/oauth/resend-verification', { email: 'demo@ledgerport.local' });
    for (const res of [known, unknown, verified]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If this email address belongs to an account that still needs verifying, we have sent it a new verification link.' });
    }
    await sink.waitForMail('again@example.com', /^Verify/, 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.filter((m) => m.to.includes('nobody-here@example.com') || m.to.includes('demo@ledgerport.local'))).toEqual([]);
  });

  it('sends at most 3 mails an hour to one address, from any IP', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/oauth/resend-verification', { email: 'flood@example.com' })).statusCode).toBe(200);
    const limited = await post('/oauth/resend-verification', { email: 'flood@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
  });
});
