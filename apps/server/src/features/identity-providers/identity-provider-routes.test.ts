/**
 * Sign-in with identity providers (issue 30, decision 0064) against a real OpenID Connect provider
 * run locally (oidc-provider, apps/server/test/local-oidc-provider.ts): its sign-in and consent
 * pages are driven with fetch as a browser would. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import { loadIdentityProviderConfig } from '../../config/identity-provider-config';
import { startLocalOidcProvider, visitProvider, type LocalOidcProvider } from '../../../test/local-oidc-provider';
import { startTestServer, type TestServer } from '../../../test/test-app';
import { DEMO_PASSWORD } from '../../seed/demo-data';

const REDIRECT_URI = 'http://127.0.0.1:8070/app/oauth/firebase';
let op: LocalOidcProvider;
let server: TestServer;

beforeAll(async () => {
  op = await startLocalOidcProvider({
    clients: [
      { clientId: 'ledgerport-google', clientSecret: 'google-secret', redirectUri: REDIRECT_URI },
      { clientId: 'ledgerport-xero', clientSecret: 'xero-secret', redirectUri: REDIRECT_URI },
    ],
    people: [
      { sub: 'pat-001', email: 'pat.new@example.com', emailVerified: true, name: 'Pat Provider' },
      { sub: 'demo-at-google', email: 'DEMO@ledgerport.local', emailVerified: true, name: 'Demo at Google' },
      { sub: 'una-001', email: 'una.unverified@example.com', emailVerified: false, name: 'Una Unverified' },
      { sub: 'squat-001', email: 'sam.squatted@example.com', emailVerified: true, name: 'Sam Squatted' },
      { sub: 'deny-001', email: 'dee.deny@example.com', emailVerified: true, name: 'Dee Deny' },
      { sub: 'admin-001', email: 'ada.first@example.com', emailVerified: true, name: 'Ada First' },
    ],
  });
  const providers = loadIdentityProviderConfig({
    LEDGERPORT_OIDC_GOOGLE_ISSUER: op.issuer,
    LEDGERPORT_OIDC_GOOGLE_CLIENT_ID: 'ledgerport-google',
    LEDGERPORT_OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
    LEDGERPORT_OIDC_XERO_ISSUER: op.issuer,
    LEDGERPORT_OIDC_XERO_CLIENT_ID: 'ledgerport-xero',
    LEDGERPORT_OIDC_XERO_CLIENT_SECRET: 'a-wrong-secret',
  });
  server = await startTestServer({ config: { identityProviders: providers } });
});
afterAll(async () => {
  await server?.close();
  await op?.close();
});

const db = () => server.testDb.db;
const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const linksOf = (userId: string) => db().selectFrom('identity_links').selectAll().where('user_id', '=', userId).execute();
const countUsers = async () => Number((await db().selectFrom('users').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

async function start(provider = 'google'): Promise<{ authorizationUrl: URL; cookie: string }> {
  const res = await server.app.inject({ method: 'POST', url: `/public/oauth/identity-providers/${provider}/start`, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'lp_identity_sign_in');
  expect(cookie).toBeDefined();
  return { authorizationUrl: new URL(res.json<{ authorizationUrl: string }>().authorizationUrl), cookie: `lp_identity_sign_in=${cookie!.value}` };
}

const finish = (callbackQuery: string, cookie?: string) =>
  server.app.inject({ method: 'POST', url: '/public/oauth/identity-providers/finish', payload: { callbackQuery }, headers: cookie ? { cookie } : {} });

/** A whole sign-in: start, the provider's pages as `login`, and the answer handed to finish. */
async function signInAs(login: string, options: { provider?: string; deny?: boolean; jar?: Map<string, string> } = {}) {
  const { authorizationUrl, cookie } = await start(options.provider);
  const back = await visitProvider(authorizationUrl.href, login, options);
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  return finish(back.search, cookie);
}

describe('GET /public/oauth/identity-providers', () => {
  it('lists only the configured providers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/public/oauth/identity-providers' });
    expect(res.json()).toEqual({ providers: [{ provider: 'google', name: 'Google' }, { provider: 'xero', name: 'Xero' }] });
  });
  it('refuses to start with a provider that is not configured', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/public/oauth/identity-providers/intuit/start', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'auth.provider-not-configured' });
  });
});

describe('POST /public/oauth/identity-providers/:provider/start', () => {
  it("answers the provider's authorization URL for a code flow with PKCE, state and nonce, and binds it to the browser with a sealed cookie", async () => {
    const res = await server.app.inject({ method: 'POST', url: '/public/oauth/identity-providers/google/start', payload: {} });
    const url = new URL(res.json<{ authorizationUrl: string }>().authorizationUrl);
    expect(url.origin).toBe(op.issuer);
    const q = url.searchParams;
    expect([q.get('response_type'), q.get('client_id'), q.get('redirect_uri'), q.get('scope'), q.get('code_challenge_method')]).toEqual(['code', 'ledgerport-google', REDIRECT_URI, 'openid email profile', 'S256']);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = res.cookies.find((c) => c.name === 'lp_identity_sign_in')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/public/oauth/identity-providers', maxAge: 600 });
    // Sealed: neither the state nor the verifier can be read from it.
    expect(cookie.value).not.toContain(q.get('state'));
  });
});

describe('POST /public/oauth/identity-providers/finish', () => {
  it('a first sign-in creates the user as a sign-up does, verified and linked; a second signs the same user in', async () => {
    const before = await countUsers();
    const first = await signInAs('pat-001');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ tokens: TokenSet; provider: string; isNewUser: boolean }>();
    expect(body).toMatchObject({ provider: 'google', isNewUser: true, tokens: { userEmail: 'pat.new@example.com' } });
    const user = (await userByEmail('pat.new@example.com'))!;
    expect(user).toMatchObject({ name: 'Pat Provider', password_hash: null, login_enabling_party: 'GOOGLE', current_account_key: null, root_admin: false });
    expect(user.email_verified_at).not.toBeNull();
    expect((await linksOf(user.user_id)).map((l) => [l.provider, l.subject, l.email])).toEqual([['google', 'pat-001', 'pat.new@example.com']]);
    expect(await countUsers()).toBe(before + 1);
    // The token set is a real session.
    const status = await server.app.inject({ method: 'GET', url: '/public/oauth/user-status', headers: { authorization: `Bearer ${body.tokens.accessToken}` } });
    expect(status.json()).toMatchObject({ expired: false, user: { userId: user.user_id, email: 'pat.new@example.com' } });
    const refreshed = await server.app.inject({ method: 'POST', url: '/oauth/refresh', payload: { refreshToken: body.tokens.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    // No password: a password sign-in with any password fails.
    const password = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'pat.new@example.com', password: '' + 'anything-at-all' } });
    expect(password.statusCode).toBe(401);

    const second = await signInAs('pat-001');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ isNewUser: false, tokens: { userId: user.user_id } });
    expect(await countUsers()).toBe(before + 1);
    const audit = await db().selectFrom('audit_log').select(['action']).where('entity_id', '=', user.user_id).orderBy('audit_id').execute();
    expect(audit.map((a) => a.action)).toEqual(['user.signed-up', 'user.identity-linked', 'auth.signed-in', 'auth.signed-in']);
  });

  it('links to the existing user with the verified email (whatever its case), who keeps their password', async () => {
    const demo = (await userByEmail('demo@ledgerport.local'))!;
    const res = await signInAs('demo-at-google');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isNewUser: false, tokens: { userId: demo.user_id, userEmail: 'demo@ledgerport.local' } });
    expect((await linksOf(demo.user_id)).map((l) => l.subject)).toEqual(['demo-at-google']);
    const password = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'demo@ledgerport.local', password: DEMO_PASSWORD } });
    expect(password.statusCode).toBe(200);
  });

  it('never links or creates on an email the provider does not say is verified', async () => {
    const before = await countUsers();
    const res = await signInAs('una-001');
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'auth.provider-email-unverified' });
    expect(res.json<ErrorBody>().message).toContain('Google did not confirm the email address una.unverified@example.com');
    expect(await countUsers()).toBe(before);
    expect(await db().selectFrom('identity_links').select('subject').where('subject', '=', 'una-001').execute()).toEqual([]);
  });

  it('links a local user whose address was never verified, verifies it and drops the password a stranger may have set', async () => {
    const signUp = await server.app.inject({ method: 'POST', url: '/oauth/sign-up', payload: { email: 'sam.squatted@example.com', name: 'Squatter', password: 'meadow-lantern-77' } });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const squatted = (await userByEmail('sam.squatted@example.com'))!;
    expect(squatted.email_verified_at).toBeNull();
    const res = await signInAs('squat-001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isNewUser: false, tokens: { userId: squatted.user_id } });
    const after = (await userByEmail('sam.squatted@example.com'))!;
    expect(after.password_hash).toBeNull();
    expect(after.email_verified_at).not.toBeNull();
    const password = await server.app.inject({ method: 'POST', url: '/oauth/login', payload: { email: 'sam.squatted@example.com', password: 'meadow-lantern-77' } });
    expect(password.statusCode).toBe(401);
  });

  it("a denied consent answers the spec's message and makes nothing", async () => {
    const before = await countUsers();
    const res = await signInAs('deny-001', { deny: true });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'auth.provider-cancelled', message: 'Authentication popup closed. Please login again.' });
    expect(await countUsers()).toBe(before);
  });

  it('refuses an answer without the cookie of its start, with another sign-in’s cookie, or after ten minutes', async () => {
    const { authorizationUrl, cookie } = await start();
    const back = await visitProvider(authorizationUrl.href, 'pat-001');
    const noCookie = await finish(back.search);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json<ErrorBody>()).toMatchObject({ code: 'auth.provider-sign-in-failed', message: 'This sign-in was not started in this browser, or it took longer than 10 minutes. Please sign in again.' });
    const other = await start();
    expect((await finish(back.search, other.cookie)).json<ErrorBody>().code).toBe('auth.provider-sign-in-failed');
    server.clock.advance(11 * 60 * 1000);
    try {
      expect((await finish(back.search, cookie)).json<ErrorBody>().code).toBe('auth.provider-sign-in-failed');
    } finally {
      server.clock.advance(-11 * 60 * 1000);
    }
  });

  it('refuses a code it cannot redeem (the client secret is wrong) without signing anyone in', async () => {
    const res = await signInAs('pat-001', { provider: 'xero' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'auth.provider-sign-in-failed', message: 'The answer from Xero could not be verified, so you are not signed in. Please try again.' });
    expect(await db().selectFrom('identity_links').select('subject').where('provider', '=', 'xero').execute()).toEqual([]);
  });

  it('a code is redeemed once: the same answer again is refused', async () => {
    const { authorizationUrl, cookie } = await start();
    const back = await visitProvider(authorizationUrl.href, 'pat-001');
    expect((await finish(back.search, cookie)).statusCode).toBe(200);
    expect((await finish(back.search, cookie)).statusCode).toBe(400);
  });

  it('the first user of an instance without an administrator becomes it, as with a sign-up', async () => {
    await db().updateTable('users').set({ root_admin: false }).execute();
    const res = await signInAs('admin-001');
    expect(res.statusCode, res.body).toBe(200);
    expect((await userByEmail('ada.first@example.com'))?.root_admin).toBe(true);
    const audit = await db().selectFrom('audit_log').select('after_state').where('action', '=', 'user.instance-admin-granted').where('entity_id', '=', res.json<{ tokens: TokenSet }>().tokens.userId).execute();
    expect(audit).toHaveLength(1);
  });
});

describe('identity provider configuration', () => {
  it('needs both the client id and secret, and https away from the loopback', () => {
    expect(loadIdentityProviderConfig({})).toEqual([]);
    expect(() => loadIdentityProviderConfig({ LEDGERPORT_OIDC_XERO_CLIENT_ID: 'x' })).toThrow('Set both LEDGERPORT_OIDC_XERO_CLIENT_ID and LEDGERPORT_OIDC_XERO_CLIENT_SECRET');
    expect(() => loadIdentityProviderConfig({ LEDGERPORT_OIDC_GOOGLE_ISSUER: 'http://accounts.example.com', LEDGERPORT_OIDC_GOOGLE_CLIENT_ID: 'x', LEDGERPORT_OIDC_GOOGLE_CLIENT_SECRET: 'y' })).toThrow('must start with https://');
    expect(loadIdentityProviderConfig({ LEDGERPORT_OIDC_INTUIT_CLIENT_ID: 'x', LEDGERPORT_OIDC_INTUIT_CLIENT_SECRET: 'y' })).toMatchObject([{ provider: 'intuit', name: 'Intuit', party: 'QBO', isLoopback: false }]);
  });
});
