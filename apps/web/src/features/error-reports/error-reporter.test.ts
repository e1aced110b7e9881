import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientEventBody } from '@ledgerport/contract';
import { installErrorReporter } from '../../lib/install-error-reporter';
import { RELEASE, createErrorReporter } from './error-reporter';

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
});
