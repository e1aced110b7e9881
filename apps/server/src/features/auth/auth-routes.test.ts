import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet, UserStatus } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '../../security/access-tokens';
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS } from './refresh-tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.clock.set(new Date('2026-11-22T10:00:00.000Z')));

const login = (email: string, password: string, ip = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email, password }, remoteAddress: ip });
const refresh = (refreshToken: string) => server.app.inject({ method: 'POST', url: '/oauth/refresh', payload: { refreshToken } });
const auditCount = async (action: string) =>
  Number((await server.testDb.db.selectFrom('audit_log').select((e) => e.fn.countAll<string>().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

describe('POST /oauth/login', () => {
  it('returns a token set with 15-minute access and 30-day refresh expiries for the right password', async () => {
    const res = await login('demo@ledgerport.local', 'ledgerport-demo');
    expect(res.statusCode).toBe(200);
    const tokens = res.json<TokenSet>();
    expect(tokens.userId).toBe('user-demo');
    expect(tokens.userEmail).toBe('demo@ledgerport.local');
    expect(tokens.accessTokenExpiresAt).toBe(new Date(Date.parse('2026-11-22T10:00:00.000Z') + ACCESS_TOKEN_TTL_MS).toISOString());
    expect(tokens.refreshTokenExpiresAt).toBe(new Date(Date.parse('2026-11-22T10:00:00.000Z') + REFRESH_TOKEN_TTL_MS).toISOString());
    expect(tokens.accessToken.split('.')).toHaveLength(3);
  });

  it('matches the email case-insensitively', async () => {
    const res = await login('DEMO@Ledgerport.Local', 'ledgerport-demo', '10.0.0.2');
    expect(res.json<TokenSet>().userId).toBe('user-demo');
  });

  it('stores refresh tokens only as hashes', async () => {
    const tokens = (await login('demo@ledgerport.local', 'ledgerport-demo', '10.0.0.3')).json<TokenSet>();
    const stored = await server.testDb.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === tokens.refreshToken)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives the same 401 answer for a wrong password and an unknown email', async () => {
    const wrong = await login('demo@ledgerport.local', 'not-the-password', '10.0.1.1');
    const unknown = await login('nobody@ledgerport.local', 'ledgerport-demo', '10.0.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'The email or password is incorrect.', code: 'auth.invalid-credentials', httpStatusCode: 401 });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 429 with the spec message after 10 attempts for one email and IP within 10 minutes', async () => {
    for (let i = 0; i < 10; i++) expect((await login('partner@ledgerport.local', 'wrong', '10.9.9.9')).statusCode).toBe(401);
    const limited = await login('partner@ledgerport.local', 'ledgerport-demo', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>()).toEqual({
      message: 'We noticed a lot of sign-in attempts recently. Please wait a few minutes and try again.',
      code: 'auth.rate-limited',
      httpStatusCode: 429,
    });
    // All ten attempts were at this instant: the first leaves the window in 10 minutes.
    expect(limited.headers['retry-after']).toBe('600');
    // Another IP is not affected, and the window slides: 10 minutes later the right password works.
    expect((await login('partner@ledgerport.local', 'ledgerport-demo', '10.9.9.8')).statusCode).toBe(200);
    server.clock.advance(10 * 60 * 1000);
    expect((await login('partner@ledgerport.local', 'ledgerport-demo', '10.9.9.9')).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After after 30 failed attempts from one IP, whatever the emails, for 15 minutes', async () => {
    const ip = '10.7.7.7';
    // Successful sign-ins from that IP do not count against it.
    for (const email of ['demo@ledgerport.local', 'admin@ledgerport.local']) expect((await login(email, 'ledgerport-demo', ip)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      // X-Forwarded-For is not believed (no trustProxy): varying it does not make another client.
      const res = await server.app.inject({
        method: 'POST',
        url: '/oauth/login',
        payload: { email: `guess-${i}@example.com`, password: 'wrong' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(res.statusCode).toBe(401);
      server.clock.advance(10_000);
    }
    // The 31st is refused even with the right password of an email never tried from there.
    const limited = await login('other@ledgerport.local', 'ledgerport-demo', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>()).toEqual({
      message: 'We noticed a lot of sign-in attempts recently. Please wait a few minutes and try again.',
      code: 'auth.rate-limited',
      httpStatusCode: 429,
    });
    // The first failure was 300 s ago; it leaves the 15-minute window in 600 s.
    expect(limited.headers['retry-after']).toBe('600');
    expect((await login('other@ledgerport.local', 'ledgerport-demo', '10.7.7.8')).statusCode).toBe(200);
    server.clock.advance(600_000);
    expect((await login('other@ledgerport.local', 'ledgerport-demo', ip)).statusCode).toBe(200);
  });

  it('counts the attempts made through every server process on the database (the limit is not per process)', async () => {
    const second = await startTestServer({ testDb: server.testDb });
    second.clock.set(server.clock());
    try {
      const ip = '10.6.6.6';
      for (let i = 0; i < 30; i++) {
        const app = i % 2 === 0 ? server.app : second.app;
        const res = await app.inject({ method: 'POST', url: '/oauth/login', payload: { email: `guess-${i}@example.com`, password: 'wrong' }, remoteAddress: ip });
        expect(res.statusCode).toBe(401);
      }
      expect((await login('demo@ledgerport.local', 'ledgerport-demo', ip)).statusCode).toBe(429);
      const viaSecond = await second.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: 'ledgerport-demo' }, remoteAddress: ip });
      expect(viaSecond.statusCode).toBe(429);
      expect(viaSecond.headers['retry-after']).toBe('900');
    } finally {
      await second.close();
    }
  });

  it('rejects a missing password with the field named and writes nothing', async () => {
    const before = await server.testDb.db.selectFrom('refresh_tokens').select('token_hash').execute();
    const res = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('request.invalid');
    expect(body.details).toEqual([{ path: 'password', message: 'This field is required.' }]);
    expect(body.message).toBe('The request body is not valid. password: This field is required.');
    expect(await server.testDb.db.selectFrom('refresh_tokens').select('token_hash').execute()).toHaveLength(before.length);
  });

  it('rejects malformed JSON with a 400 that says so', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/oauth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "demo@' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().code).toBe('request.malformed-json');
    expect(res.json<ErrorBody>().message).toMatch(/^The request body is not valid JSON/);
  });

  it('rejects a body over 1 MB with 413 in the error shape', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/oauth/login',
      payload: { email: 'demo@ledgerport.local', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is larger than the limit of 1 MB.', code: 'request.too-large', httpStatusCode: 413 });
  });

  it('rejects an unknown body field', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: 'x', remember: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ path: '', message: 'Unknown field "remember".' }]);
  });
});

describe('POST /oauth/refresh', () => {
  it('replaces both tokens and rejects the old refresh token afterwards', async () => {
    const first = await server.signIn('demo@ledgerport.local');
    server.clock.advance(60_000);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json<TokenSet>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.accessTokenExpiresAt).toBe(new Date(Date.parse('2026-11-22T10:01:00.000Z') + ACCESS_TOKEN_TTL_MS).toISOString());
    const me = await server.app.inject({ method: 'GET', url: '/user-profile', headers: bearer(second) });
    expect(me.json()).toEqual({ userId: 'user-demo', email: 'demo@ledgerport.local', name: 'Dana Demo', timeZone: 'UTC', pendingEmail: null });
  });

  it('revokes the whole family when a rotated refresh token is used again after the 30-second grace', async () => {
    const first = await server.signIn('demo@ledgerport.local');
    const second = (await refresh(first.refreshToken)).json<TokenSet>();
    server.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json<ErrorBody>()).toMatchObject({ message: 'Refresh Token has expired.', code: 'auth.refresh-token-expired', httpStatusCode: 401 });
    // The legitimate newer token of the same family is dead too.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect(await auditCount('auth.refresh-token-reused')).toBeGreaterThanOrEqual(1);
  });

  it('gives two concurrent refreshes of one token (two tabs) the same new token, and keeps the family signed in', async () => {
    const first = await server.signIn('admin@ledgerport.local');
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const sets = answers.map((a) => a.json<TokenSet>());
    expect(new Set(sets.map((t) => t.refreshToken)).size).toBe(1);
    expect(sets[0]!.refreshToken).not.toBe(first.refreshToken);
    expect(new Set(sets.map((t) => t.refreshTokenExpiresAt)).size).toBe(1);
    // One rotation happened, nothing was revoked, and the shared new token goes on working.
    const family = await server.testDb.db.selectFrom('refresh_tokens').select(['rotated_at', 'revoked_at', 'token_hash']).where('user_id', '=', 'user-admin').orderBy('refresh_token_id', 'desc').limit(2).execute();
    expect(family.map((r) => [r.rotated_at !== null, r.revoked_at !== null])).toEqual([[false, false], [true, false]]);
    // Only hashes are stored: the successor's raw value is in no column.
    const stored = await server.testDb.db.selectFrom('refresh_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(sets[0]!.refreshToken);
    expect((await server.app.inject({ method: 'GET', url: '/user-profile', headers: bearer(sets[1]!) })).statusCode).toBe(200);
    server.clock.advance(60_000);
    expect((await refresh(sets[2]!.refreshToken)).statusCode).toBe(200);
  });

  it('answers a token rotated less than 30 seconds ago with the current token of its family, following rotations made within the grace', async () => {
    const first = await server.signIn('other@ledgerport.local');
    const second = (await refresh(first.refreshToken)).json<TokenSet>();
    server.clock.advance(10_000);
    const third = (await refresh(second.refreshToken)).json<TokenSet>();
    server.clock.advance(10_000);
    // The first was rotated 20 s ago, the second 10 s ago: a late tab holding the first gets the third.
    const late = await refresh(first.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json<TokenSet>().refreshToken).toBe(third.refreshToken);
    // Once the first rotation is 30 s old, the first token is a reuse again: the family goes.
    server.clock.advance(REFRESH_REUSE_GRACE_MS - 20_000 + 1);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
  });

  it('does not revive a family signed out within the grace', async () => {
    const first = await server.signIn('clarity@ledgerport.local');
    const second = (await refresh(first.refreshToken)).json<TokenSet>();
    await server.app.inject({ method: 'POST', url: '/oauth/logout', payload: { refreshToken: second.refreshToken } });
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });

  it("answers 401 'Refresh Token has expired.' after 30 days", async () => {
    const tokens = await server.signIn('demo@ledgerport.local');
    server.clock.advance(REFRESH_TOKEN_TTL_MS + 1000);
    const res = await refresh(tokens.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Refresh Token has expired.', code: 'auth.refresh-token-expired', httpStatusCode: 401, details: { reason: 'expired' } });
  });

  it('answers 401 for a refresh token it never issued', async () => {
    const res = await refresh('made-up-token');
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().details).toEqual({ reason: 'unknown' });
  });
});

describe('access tokens', () => {
  it("answers 403 'Access Token has expired.' once the 15 minutes are over", async () => {
    const tokens = await server.signIn('demo@ledgerport.local');
    server.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
    const res = await server.app.inject({ method: 'GET', url: '/user-profile', headers: bearer(tokens) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Access Token has expired.', code: 'auth.access-token-expired', httpStatusCode: 403 });
  });

  it('answers 403 for a token already accepted once its 15 minutes are over (the verified token is checked against the clock again)', async () => {
    const tokens = await server.signIn('demo@ledgerport.local');
    const call = () => server.app.inject({ method: 'GET', url: '/user-profile', headers: bearer(tokens) });
    expect((await call()).statusCode).toBe(200);
    server.clock.advance(ACCESS_TOKEN_TTL_MS - 1000);
    expect((await call()).statusCode).toBe(200);
    server.clock.advance(1000);
    const res = await call();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth.access-token-expired' });
  });

  it('answers 401 auth.unauthenticated for a missing, tampered or foreign-key token', async () => {
    const tokens = await server.signIn('demo@ledgerport.local');
    const [h, p, s] = tokens.accessToken.split('.');
    const tampered = `${h}.${p}.${(s ?? '').slice(0, -2)}xx`;
    for (const headers of [{}, { authorization: `Bearer ${tampered}` }, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }]) {
      const res = await server.app.inject({ method: 'GET', url: '/user-profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in.', code: 'auth.unauthenticated', httpStatusCode: 401 });
    }
  });

  it('answers 401 for a token signed with our key that has no expiry (exp is required)', async () => {
    // Signed exactly as access-tokens.ts signs, with every claim but exp: it would otherwise never expire.
    const key = crypto.createHmac('sha256', 'test-secret-not-for-production').update('ledgerport access token v1').digest();
    const iat = Math.floor(server.clock().getTime() / 1000);
    const build = () => new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('user-demo').setIssuer('ledgerport').setAudience('ledgerport-api').setIssuedAt(iat);
    const withExp = await build().setExpirationTime(iat + 60).sign(key);
    const withoutExp = await build().sign(key);
    // The same construction with exp is accepted: the refusal is about the missing claim alone.
    expect((await server.app.inject({ method: 'GET', url: '/user-profile', headers: { authorization: `Bearer ${withExp}` } })).statusCode).toBe(200);
    const res = await server.app.inject({ method: 'GET', url: '/user-profile', headers: { authorization: `Bearer ${withoutExp}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in.', code: 'auth.unauthenticated', httpStatusCode: 401 });
    const connect = await server.app.inject({ method: 'POST', url: '/connect', payload: { accessToken: withoutExp } });
    expect(connect.statusCode).toBe(401);
  });
});

describe('POST /oauth/logout', () => {
  it('revokes the refresh token family and answers 204', async () => {
    const tokens = await server.signIn('demo@ledgerport.local');
    const res = await server.app.inject({ method: 'POST', url: '/oauth/logout', payload: { refreshToken: tokens.refreshToken } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect(await auditCount('auth.signed-out')).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /public/oauth/user-status and has-admin-permissions', () => {
  it('reports expired with no user when there is no token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/public/oauth/user-status' });
    expect(res.json()).toEqual({ expired: true, user: null });
  });

  it('reports the role flags of a signed-in root admin', async () => {
    const tokens = await server.signIn('admin@ledgerport.local');
    const status = (await server.app.inject({ method: 'GET', url: '/public/oauth/user-status', headers: bearer(tokens) })).json<UserStatus>();
    expect(status).toEqual({
      expired: false,
      user: { userId: 'user-admin', email: 'admin@ledgerport.local', rootAdmin: true, supportLead: false, supportAdmin: false, developer: false, permissions: [] },
    });
    const admin = await server.app.inject({ method: 'GET', url: '/public/oauth/has-admin-permissions', headers: bearer(tokens) });
    expect(admin.json()).toEqual({ hasAdminPermissions: true });
  });

  it('says a merchant has no admin permissions and lists CLARITY_VIEW_ONLY for the Clarity user', async () => {
    const demo = await server.signIn('demo@ledgerport.local');
    expect((await server.app.inject({ method: 'GET', url: '/public/oauth/has-admin-permissions', headers: bearer(demo) })).json()).toEqual({ hasAdminPermissions: false });
    const clarity = await server.signIn('clarity@ledgerport.local');
    const status = (await server.app.inject({ method: 'GET', url: '/public/oauth/user-status', headers: bearer(clarity) })).json<UserStatus>();
    expect(status.user?.permissions).toEqual(['CLARITY_VIEW_ONLY']);
  });

  it('reports expired for an expired access token', async () => {
    const tokens = await server.signIn('demo@ledgerport.local');
    server.clock.advance(ACCESS_TOKEN_TTL_MS + 1);
    const res = await server.app.inject({ method: 'GET', url: '/public/oauth/user-status', headers: bearer(tokens) });
    expect(res.json()).toEqual({ expired: true, user: null });
  });

  it('rejects an unknown query parameter', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/public/oauth/user-status?debug=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ path: '', message: 'Unknown query parameter "debug".' }]);
  });
});

describe('POST /connect', () => {
  it('accepts a valid access token and names its user', async () => {
    const tokens = await server.signIn('other@ledgerport.local');
    const res = await server.app.inject({ method: 'POST', url: '/connect', payload: { accessToken: tokens.accessToken } });
    expect(res.json()).toEqual({ ok: true, userId: 'user-other' });
  });

  it('refuses an expired one with 403 and a forged one with 401', async () => {
    const tokens = await server.signIn('other@ledgerport.local');
    expect((await server.app.inject({ method: 'POST', url: '/connect', payload: { accessToken: 'x.y.z' } })).statusCode).toBe(401);
    server.clock.advance(ACCESS_TOKEN_TTL_MS + 1);
    expect((await server.app.inject({ method: 'POST', url: '/connect', payload: { accessToken: tokens.accessToken } })).statusCode).toBe(403);
  });
});
