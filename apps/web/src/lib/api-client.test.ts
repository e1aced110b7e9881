import { describe, expect, it, vi } from 'vitest';
import { buildTokenSet, installFakeApi, signIn } from '../test-support/fake-api';
import { ApiError, CALL_FAILED, api, type FailedCall } from './api-client';
import { isSessionExpiredAnnounced } from './session-events';
import { readTokenSet } from './token-store';

const expiredAccess = { status: 403, body: { message: 'Access Token has expired.', code: 'auth.access-token-expired', httpStatusCode: 403 } };

describe('api client', () => {
  it('sends the access token as a bearer token', async () => {
    signIn();
    const fake = installFakeApi({ 'GET /account-list': { body: { accounts: [] } } });
    await api.get('/account-list', { userId: 'u-demo' });
    expect(fake.calls[0]).toMatchObject({ path: '/account-list', authorization: 'Bearer access-1' });
  });

  it("refreshes once and retries on 403 'Access Token has expired.'", async () => {
    signIn();
    const fresh = buildTokenSet({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const fake = installFakeApi({
      'GET /account-list': ({ headers }) => (headers.get('authorization') === 'Bearer access-2' ? { body: { accounts: ['ok'] } } : expiredAccess),
      'POST /oauth/refresh': { body: fresh },
    });
    await expect(api.get('/account-list')).resolves.toEqual({ accounts: ['ok'] });
    expect(fake.calls.map((c) => c.path)).toEqual(['/account-list', '/oauth/refresh', '/account-list']);
    expect(fake.calls[1]?.body).toMatchObject({ refreshToken: 'refresh-1' });
    expect(readTokenSet()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('does not retry a second time when the retried call is refused again', async () => {
    signIn();
    const fake = installFakeApi({ 'GET /account-list': expiredAccess, 'POST /oauth/refresh': { body: buildTokenSet({ accessToken: 'access-2' }) } });
    await expect(api.get('/account-list')).rejects.toThrow('Access Token has expired.');
    expect(fake.calls.filter((c) => c.path === '/oauth/refresh')).toHaveLength(1);
  });

  it('refreshes before calling when the stored access token has already expired', async () => {
    signIn({ accessTokenExpiresAt: '2020-01-01T00:00:00Z' });
    const fake = installFakeApi({ 'POST /oauth/refresh': { body: buildTokenSet({ accessToken: 'access-2' }) }, 'GET /user-profile': { body: { email: 'x' } } });
    await api.get('/user-profile');
    expect(fake.calls.map((c) => `${c.path} ${c.authorization ?? ''}`)).toEqual(['/oauth/refresh ', '/user-profile Bearer access-2']);
  });

  it('announces the session expired when the refresh fails', async () => {
    signIn();
    installFakeApi({ 'GET /account-list': expiredAccess, 'POST /oauth/refresh': { status: 401, body: { message: 'Refresh Token has expired.', code: 'auth.refresh-token-expired', httpStatusCode: 401 } } });
    await expect(api.get('/account-list')).rejects.toBeInstanceOf(ApiError);
    expect(isSessionExpiredAnnounced()).toBe(true);
  });

  it("announces the session expired on 401 'Refresh Token has expired.'", async () => {
    signIn();
    installFakeApi({ 'GET /account-list': { status: 401, body: { message: 'Refresh Token has expired.', code: 'auth.refresh-token-expired', httpStatusCode: 401 } } });
    await expect(api.get('/account-list')).rejects.toThrow('Refresh Token has expired.');
    expect(isSessionExpiredAnnounced()).toBe(true);
  });

  it('announces the session expired without calling when the stored refresh token has expired', async () => {
    signIn({ accessTokenExpiresAt: '2020-01-01T00:00:00Z', refreshTokenExpiresAt: '2020-01-01T00:00:00Z' });
    const fake = installFakeApi({});
    await expect(api.get('/account-list')).rejects.toBeInstanceOf(ApiError);
    expect(fake.calls).toEqual([]);
    expect(isSessionExpiredAnnounced()).toBe(true);
  });

  it('makes one refresh call for concurrent requests', async () => {
    signIn();
    const fake = installFakeApi({
      'GET /a': ({ headers }) => (headers.get('authorization') === 'Bearer access-2' ? { body: 1 } : expiredAccess),
      'GET /b': ({ headers }) => (headers.get('authorization') === 'Bearer access-2' ? { body: 2 } : expiredAccess),
      'POST /oauth/refresh': { body: buildTokenSet({ accessToken: 'access-2', refreshToken: 'refresh-2' }) },
    });
    await expect(Promise.all([api.get('/a'), api.get('/b')])).resolves.toEqual([1, 2]);
    expect(fake.calls.filter((c) => c.path === '/oauth/refresh')).toHaveLength(1);
  });

  it('turns an error body into its message and code', async () => {
    signIn();
    installFakeApi({ 'GET /account': { status: 404, body: { message: 'This account was not found.', code: 'account.not-found', httpStatusCode: 404 } } });
    await expect(api.get('/account')).rejects.toMatchObject({ message: 'This account was not found.', status: 404, code: 'account.not-found' });
  });
});

describe('api client and login redirects', () => {
  it('announces the session expired when a response was redirected to the login page', async () => {
    signIn();
    const redirected = new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    Object.defineProperty(redirected, 'redirected', { value: true });
    Object.defineProperty(redirected, 'url', { value: 'http://127.0.0.1:8070/app/login?continue=%2Fapp%2Fadmin' });
    vi.stubGlobal('fetch', () => Promise.resolve(redirected));
    await expect(api.get('/account-list')).rejects.toBeInstanceOf(ApiError);
    expect(isSessionExpiredAnnounced()).toBe(true);
  });
});

describe('api client and failed calls (spec section 7)', () => {
  function listen() {
    const failed: FailedCall[] = [];
    const listener = (event: Event) => failed.push((event as CustomEvent<FailedCall>).detail);
    window.addEventListener(CALL_FAILED, listener);
    return { failed, stop: () => window.removeEventListener(CALL_FAILED, listener) };
  }

  it('announces a 5xx with its request id, and a call that got no answer with status 0', async () => {
    signIn();
    const { failed, stop } = listen();
    installFakeApi({ 'POST /settlementSend': { status: 500, body: { message: 'boom' }, headers: { 'x-request-id': 'req-9' } } });
    await expect(api.post('/settlementSend')).rejects.toMatchObject({ status: 500 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/account-list')).rejects.toMatchObject({ status: 0 });
    stop();
    expect(failed).toEqual([
      { method: 'POST', path: '/settlementSend', status: 500, traceId: 'req-9' },
      { method: 'GET', path: '/account-list', status: 0 },
    ]);
  });

  it('announces no 4xx: neither a refusal the person reads nor an expired access token the client refreshes', async () => {
    signIn();
    const { failed, stop } = listen();
    installFakeApi({
      'GET /account': { status: 404, body: { message: 'This account was not found.', code: 'account.not-found', httpStatusCode: 404 } },
      'GET /account-list': ({ headers }) => (headers.get('authorization') === 'Bearer access-2' ? { body: [] } : expiredAccess),
      'POST /oauth/refresh': { body: buildTokenSet({ accessToken: 'access-2', refreshToken: 'refresh-2' }) },
    });
    await expect(api.get('/account')).rejects.toMatchObject({ status: 404 });
    await expect(api.get('/account-list')).resolves.toEqual([]);
    stop();
    expect(failed).toEqual([]);
  });
});
