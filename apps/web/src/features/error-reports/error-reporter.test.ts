import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientEventBody } from '@ledgerport/contract';
import { installErrorReporter } from '../../lib/install-error-reporter';
import { RELEASE, createCallFailureReporter, createErrorReporter } from './error-reporter';
import { api } from '../../lib/api-client';
import { installFakeApi, signIn } from '../../test-support/fake-api';

function setUp(signedIn = true) {
  const sent: ClientEventBody[] = [];
  let route = '/app/settlements';
  const report = createErrorReporter({
    send: (event) => {
      sent.push(event);
      return Promise.resolve();
    },
    route: () => route,
    release: '1.4.2',
    isSignedIn: () => signedIn,
  });
  return { sent, report, goTo: (r: string) => (route = r) };
}

describe('error reporter', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends a js_error with the message, route, release and stack', () => {
    const { sent, report } = setUp();
    const error = new TypeError('row is undefined');
    expect(report(error)).toBe(true);
    expect(sent).toEqual([{ event: 'js_error', message: 'TypeError: row is undefined', route: '/app/settlements', release: '1.4.2', stack: error.stack }]);
    expect(sent[0]?.stack).toContain('row is undefined');
  });

  it('reports each distinct message once per page load, on whichever route it happens again', () => {
    const { sent, report, goTo } = setUp();
    report(new Error('boom'));
    goTo('/app/mapping');
    report(new Error('boom'));
    report('a plain rejection');
    report('a plain rejection');
    report({ code: 7 });
    expect(sent.map((e) => [e.message, e.route])).toEqual([
      ['Error: boom', '/app/settlements'],
      ['a plain rejection', '/app/mapping'],
      ['Unhandled rejection: {"code":7}', '/app/mapping'],
    ]);
  });

  it('sends nothing without a session, and a failed send raises nothing', async () => {
    const { sent, report } = setUp(false);
    expect(report(new Error('x'))).toBe(false);
    expect(sent).toEqual([]);
    const failing = createErrorReporter({ send: () => Promise.reject(new Error('offline')), route: () => '/', release: 'r', isSignedIn: () => true });
    expect(failing(new Error('y'))).toBe(true);
    await Promise.resolve();
  });

  it('replaces control characters the server would refuse', () => {
    const { sent, report } = setUp();
    report('bad\u0000byte');
    expect(sent[0]?.message).toBe('bad byte');
  });

  it('listens to window errors and unhandled rejections once installed, and stops when removed', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    const { writeTokenSet } = await import('../../lib/token-store');
    const far = new Date(Date.now() + 3600_000).toISOString();
    writeTokenSet({ accessToken: 'a', refreshToken: 'r', accessTokenExpiresAt: far, refreshTokenExpiresAt: far } as never);
    const remove = installErrorReporter();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('from the window'), message: 'from the window' }));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('from the window'), message: 'from the window' }));
    remove();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after removal') }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/events');
    expect(JSON.parse(init.body as string)).toMatchObject({ event: 'js_error', message: 'Error: from the window', route: window.location.pathname, release: RELEASE });
  });

  it('listens to the calls the server failed or never answered, through the API client', async () => {
    signIn();
    const fake = installFakeApi({
      'GET /account-currencies': { status: 502, body: { message: 'Bad gateway' }, headers: { 'x-request-id': 'req-42' } },
      'POST /events': { status: 204 },
    });
    const remove = installErrorReporter();
    await expect(api.get('/account-currencies', { account: 'a1' })).rejects.toThrow();
    await expect(api.get('/account-currencies', { account: 'a2' })).rejects.toThrow();
    remove();
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.path === '/events')).toHaveLength(1));
    expect(fake.calls.find((c) => c.path === '/events')?.body).toEqual({
      event: 'js_error',
      message: 'GET /account-currencies answered 502',
      route: window.location.pathname,
      release: RELEASE,
      url: '/account-currencies',
      method: 'GET',
      status: 502,
      traceId: 'req-42',
    });
  });
});

describe('failed call reporter', () => {
  function setUpCalls(signedIn = true) {
    const sent: ClientEventBody[] = [];
    const report = createCallFailureReporter({ send: (event) => (sent.push(event), Promise.resolve()), route: () => '/app/mapping', release: 'r9', isSignedIn: () => signedIn });
    return { sent, report };
  }

  it('sends a js_error with the request id as trace id, the path without its query as url, the method and the status', () => {
    const { sent, report } = setUpCalls();
    expect(report({ method: 'PUT', path: '/mappings?accountKey=a1', status: 503, traceId: 'req-1' })).toBe(true);
    expect(sent).toEqual([{ event: 'js_error', message: 'PUT /mappings answered 503', route: '/app/mapping', release: 'r9', url: '/mappings', method: 'PUT', status: 503, traceId: 'req-1' }]);
  });

  it('reports a call that got no answer with status 0 and no trace id', () => {
    const { sent, report } = setUpCalls();
    report({ method: 'GET', path: '/settlement', status: 0 });
    expect(sent).toEqual([{ event: 'js_error', message: 'GET /settlement got no answer', route: '/app/mapping', release: 'r9', url: '/settlement', method: 'GET', status: 0 }]);
  });

  it('reports each distinct method, path and status once per page load, never the events call itself, and nothing without a session', () => {
    const { sent, report } = setUpCalls();
    report({ method: 'GET', path: '/settlement', status: 500, traceId: 'a' });
    report({ method: 'GET', path: '/settlement?x=1', status: 500, traceId: 'b' });
    report({ method: 'POST', path: '/settlement', status: 500 });
    report({ method: 'GET', path: '/settlement', status: 502 });
    report({ method: 'POST', path: '/events', status: 500 });
    expect(sent.map((e) => e.message)).toEqual(['GET /settlement answered 500', 'POST /settlement answered 500', 'GET /settlement answered 502']);
    const signedOut = setUpCalls(false);
    expect(signedOut.report({ method: 'GET', path: '/settlement', status: 500 })).toBe(false);
    expect(signedOut.sent).toEqual([]);
  });
});
