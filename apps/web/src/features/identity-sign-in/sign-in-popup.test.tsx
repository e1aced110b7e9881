import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, readTokenSet } from '../../lib/token-store';
import { buildTokenSet, installFakeApi } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { SIGN_IN_MESSAGE, signInWithPopup } from './sign-in-popup';

afterEach(() => vi.restoreAllMocks());

/** A popup as window.open answers it: its `closed` is what the test sets. */
const fakePopup = () => ({ closed: false }) as unknown as Window & { closed: boolean };

const result = (isNewUser: boolean) => ({ tokens: buildTokenSet(), provider: 'google', party: 'GOOGLE', isNewUser });

function post(data: unknown, source: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

describe('signInWithPopup', () => {
  it("says the spec's sentence when the browser blocks the popup", async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(signInWithPopup('google')).rejects.toThrow('Popup blocked by browser. Please enable popups and try again by refreshing the page.');
  });

  it('opens /app/oauth/{provider} and answers what the popup posts, ignoring other windows and origins', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const signIn = signInWithPopup('google');
    expect(open.mock.calls[0]?.[0]).toBe('/app/oauth/google');
    post({ type: SIGN_IN_MESSAGE, ok: false, message: 'forged' }, popup, 'https://evil.example');
    post({ type: SIGN_IN_MESSAGE, ok: false, message: 'forged' }, fakePopup());
    post({ type: SIGN_IN_MESSAGE, ok: true, result: result(true) }, popup);
    await expect(signIn).resolves.toMatchObject({ isNewUser: true, provider: 'google' });
  });

  it("says the spec's sentence when the popup closes without an answer", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const signIn = signInWithPopup('xero');
    popup.closed = true;
    await expect(signIn).rejects.toThrow('Authentication popup closed. Please login again.');
  });

  it("passes on the server's refusal the popup posts (a denied consent)", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const signIn = signInWithPopup('google');
    post({ type: SIGN_IN_MESSAGE, ok: false, message: 'Authentication popup closed. Please login again.' }, popup);
    popup.closed = true;
    await expect(signIn).rejects.toThrow('Authentication popup closed. Please login again.');
  });
});

describe('sign-in page with identity providers', () => {
  it('shows no provider button when the server has none configured', async () => {
    installFakeApi({ 'GET /public/oauth/identity-providers': { body: { providers: [] } } });
    renderApp('/app/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
  });

  it('a blocked popup shows the message on the page', async () => {
    installFakeApi({ 'GET /public/oauth/identity-providers': { body: { providers: [{ provider: 'google', name: 'Google' }, { provider: 'xero', name: 'Xero' }] } } });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/app/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Popup blocked by browser. Please enable popups and try again by refreshing the page.');
    expect(screen.getByRole('button', { name: 'Sign in with Xero' })).toBeTruthy();
  });

  it('a new user signed in through the popup lands on account creation, with the provider remembered', async () => {
    installFakeApi({ 'GET /public/oauth/identity-providers': { body: { providers: [{ provider: 'google', name: 'Google' }] } } });
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const { router } = renderApp('/app/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    post({ type: SIGN_IN_MESSAGE, ok: true, result: result(true) }, popup);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/app/switch?account=NEW'));
    expect(readTokenSet()?.accessToken).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.lastLoginProvider)).toBe('GOOGLE');
  });
});

describe('/oauth/firebase opened without a popup opener', () => {
  it("shows the server's refusal and a way back to sign in", async () => {
    installFakeApi({ 'POST /public/oauth/identity-providers/finish': { status: 400, body: { message: 'Authentication popup closed. Please login again.', code: 'auth.provider-cancelled', httpStatusCode: 400 } } });
    renderApp('/app/oauth/firebase?error=access_denied&state=s1');
    expect((await screen.findByRole('alert')).textContent).toContain('Authentication popup closed. Please login again.');
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('hands the whole answer to the server and, signed in, goes on itself', async () => {
    const fake = installFakeApi({ 'POST /public/oauth/identity-providers/finish': { body: result(false) } });
    const { router } = renderApp('/app/oauth/firebase?code=c1&state=s1&iss=http%3A%2F%2F127.0.0.1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/admin'));
    expect(fake.calls.find((c) => c.path === '/public/oauth/identity-providers/finish')?.body).toEqual({ callbackQuery: '?code=c1&state=s1&iss=http%3A%2F%2F127.0.0.1' });
  });
});
