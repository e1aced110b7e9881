import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../lib/track';
import { installFakeApi, merchantFrame, signIn } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';
import { findRouteMeta } from './route-table';

vi.mock('../lib/track', () => ({ track: vi.fn(() => Promise.resolve()) }));

function spyOnPreload(path: string) {
  const page = findRouteMeta(path)?.page;
  if (!page) throw new Error(`no page at ${path}`);
  return vi.spyOn(page, 'preload');
}

afterEach(() => vi.restoreAllMocks());

describe('a route page', () => {
  it('renders the page its route-table entry names, with that entry title', async () => {
    renderApp('/app/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(document.title).toContain('Page Not Found');
  });

  it('renders a public page of the table without the signed-in start-up', async () => {
    renderApp('/app/oauth/firebase');
    expect(await screen.findByRole('link', { name: 'Go to sign in' })).toBeTruthy();
    expect(document.title).toContain('Sign in');
  });

  it('downloads the pages the sign-in page links to once it has shown, and no others', async () => {
    const signUp = spyOnPreload('signup');
    const reset = spyOnPreload('forgot-password');
    const admin = spyOnPreload('admin');
    renderApp('/app/login');
    await screen.findByLabelText(/Email/);
    await waitFor(() => expect(signUp).toHaveBeenCalled());
    await waitFor(() => expect(reset).toHaveBeenCalled());
    expect(admin).not.toHaveBeenCalled();
  });

  it('downloads nothing more on a page that declares no links', async () => {
    const signUp = spyOnPreload('signup');
    renderApp('/app/404');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(signUp).not.toHaveBeenCalled();
  });
});

describe('a route page and navigation analytics (spec section 7)', () => {
  it("sends page_viewed once per route-table entry shown, with its path and the account's sales channel and accounting system", async () => {
    signIn();
    installFakeApi({
      ...merchantFrame(),
      'GET /notifications/unread-count': { body: { count: 0 } },
    });
    const { router } = renderApp('/app/user/settings/profile');
    const views = () => vi.mocked(track).mock.calls.filter(([event]) => event === 'page_viewed');
    await waitFor(() => expect(views().at(-1)).toEqual(['page_viewed', { route: 'user/settings/profile', salesChannel: 'AMAZON', accountingSystem: 'QBO' }]));
    const before = views().length;
    await act(() => router.navigate('/app/notifications'));
    await waitFor(() => expect(views().at(-1)).toEqual(['page_viewed', { route: 'notifications', salesChannel: 'AMAZON', accountingSystem: 'QBO' }]));
    expect(views().slice(before).map(([, tags]) => tags?.route)).toEqual(['notifications']);
  });

  it('sends page_viewed without account tags on a public page', async () => {
    renderApp('/app/404');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(vi.mocked(track)).toHaveBeenCalledWith('page_viewed', { route: '404', salesChannel: undefined, accountingSystem: undefined });
  });
});
