import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, readTokenSet } from '../../lib/token-store';
import { buildTokenSet, installFakeApi } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { resolveContinue } from './login-page';

describe('continue parameter', () => {
  const origin = 'http://127.0.0.1:8070';
  it('returns to a page of the app', () => expect(resolveContinue('/app/mapping?x=1', origin)).toEqual({ inApp: true, path: '/mapping?x=1' }));
  it('refuses another host and lands on admin', () => expect(resolveContinue('https://evil.example/app/mapping', origin)).toEqual({ inApp: true, path: '/admin' }));
  it('lands on admin without a target', () => expect(resolveContinue(null, origin)).toEqual({ inApp: true, path: '/admin' }));
});

describe('sign-in page', () => {
  it('stores the token set and the login provider, then follows continue', async () => {
    installFakeApi({ 'POST /oauth/login': { body: buildTokenSet() } });
    const { router } = renderApp(`/app/login?continue=${encodeURIComponent('/app/whats-new')}`);
    await userEvent.type(screen.getByLabelText(/Email/), 'demo@ledgerport.local');
    await userEvent.type(screen.getByLabelText(/Password/), 'ledgerport-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/whats-new'));
    expect(readTokenSet()?.accessToken).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.lastLoginProvider)).toBe('password');
  });

  it("shows the server's message when the sign-in is refused", async () => {
    installFakeApi({ 'POST /oauth/login': { status: 401, body: { message: 'The email or password is incorrect.', code: 'auth.invalid-credentials', httpStatusCode: 401 } } });
    renderApp('/app/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'demo@ledgerport.local');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is incorrect.');
    expect(readTokenSet()).toBeUndefined();
    expect(document.title).toBe('Sign in | Ledgerport');
  });
});
