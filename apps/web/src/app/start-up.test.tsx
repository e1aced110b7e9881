import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUser, buildUserMeta, installFakeApi, signIn } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';

const merchantApi = (meta = buildUserMeta(), extra = {}) =>
  installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: meta },
    'GET /res/whats-new.json': { body: [] },
    'GET /organization/list': { body: { organizations: [] } },
    ...extra,
  });

describe('start-up', () => {
  it('sends a visitor without tokens to /login with a continue parameter', async () => {
    const { router } = renderApp('/app/settlements?from=2026-01-01');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(router.state.location.search).toBe(`?continue=${encodeURIComponent('/app/settlements?from=2026-01-01')}`);
  });

  it('mounts the admin page with the account name in the title', async () => {
    signIn();
    merchantApi();
    renderApp('/app/admin');
    expect(await screen.findByRole('heading', { name: 'Acme Outdoor Co Amazon US' })).toBeTruthy();
    expect(document.title).toBe('Acme Outdoo… - Admin | Ledgerport');
    expect(document.body.classList.contains('page-admin')).toBe(true);
  });

  it('shows the general error page when the start-up load fails', async () => {
    signIn();
    merchantApi(buildUserMeta(), { 'GET /user-meta': { status: 500, body: { message: 'Database unavailable.', code: 'internal', httpStatusCode: 500 } } });
    renderApp('/app/admin');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Database unavailable\./)).toBeTruthy();
  });

  it('goes to /404 when the user meta is empty', async () => {
    signIn();
    merchantApi(undefined, { 'GET /user-meta': { body: {} } });
    const { router } = renderApp('/app/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/404'));
  });

  it('ignores the override for a user without admin rights', async () => {
    signIn();
    const fake = merchantApi();
    window.history.replaceState(null, '', '/app/admin?accountKey=acc-other');
    renderApp('/app/admin?accountKey=acc-other');
    expect(await screen.findByRole('heading', { name: 'Acme Outdoor Co Amazon US' })).toBeTruthy();
    expect(fake.calls.find((c) => c.path === '/user-meta')?.query.get('accountKey')).toBeNull();
  });

  it('lets an admin override the account with the accountKey query parameter', async () => {
    signIn();
    const fake = installFakeApi({
      'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: true } },
      'GET /user-meta': { body: buildUserMeta(buildAccount({ accountKey: 'acc-other', accountName: 'Other Seller Ltd' })) },
      'GET /res/whats-new.json': { body: [] },
    });
    window.history.replaceState(null, '', '/app/admin?accountKey=acc-other'); // start-up reads the address bar
    renderApp('/app/admin?accountKey=acc-other');
    expect(await screen.findByRole('heading', { name: 'Other Seller Ltd' })).toBeTruthy();
    expect(fake.calls.find((c) => c.path === '/user-meta')?.query.get('accountKey')).toBe('acc-other');
  });
});

describe('admin-only routes', () => {
  it('send a non-admin opening /backend to /404', async () => {
    signIn();
    merchantApi(undefined, { 'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-demo', email: 'demo@ledgerport.local', rootAdmin: false, supportLead: false, supportAdmin: false, developer: false, permissions: [] } } } });
    const { router } = renderApp('/app/backend');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/404'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('open for a root admin', async () => {
    signIn();
    merchantApi(buildUserMeta(buildAccount(), buildUser({ rootAdmin: true })), {
      'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-admin', email: 'admin@ledgerport.local', rootAdmin: true, supportLead: false, supportAdmin: false, developer: false, permissions: [] } } },
    });
    renderApp('/app/afterpay');
    expect(await screen.findByRole('heading', { name: 'Afterpay', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Acme Outdoo… - Afterpay | Ledgerport');
  });
});

describe('Clarity view-only users', () => {
  const clarity = buildUser({ userId: 'u-clarity', email: 'clarity@ledgerport.local', permissions: ['CLARITY_VIEW_ONLY'] });
  const orgs = {
    organizations: [
      { id: 'org-acme', name: 'Acme Outdoor Co', adminPermissions: false, clarityOrganizationId: null, partnerCode: null, featureFlags: ['CLARITY'], accountsThatCanBeAccessedByTheUser: [{ accountKey: 'acc-amazon', name: 'Acme Amazon US', salesChannel: 'AMAZON', isCurrent: true, organizationId: 'org-acme' }] },
    ],
  };

  it('are sent from the admin page to their organization dashboard', async () => {
    signIn({ userId: 'u-clarity' });
    merchantApi(buildUserMeta(buildAccount(), clarity), { 'GET /organization/list': { body: orgs } });
    const { router } = renderApp('/app/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization/org-acme/dashboard'));
    expect(await screen.findByRole('list', { name: 'Organization accounts' })).toBeTruthy();
  });

  it('see only Logout: no settings, account switcher or notifications', async () => {
    signIn({ userId: 'u-clarity' });
    merchantApi(buildUserMeta(buildAccount(), clarity), { 'GET /organization/list': { body: orgs } });
    renderApp('/app/organization/org-acme/dashboard');
    const userMenu = await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Current account/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Notifications' })).toBeNull();
    await userEvent.click(userMenu);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Logout']);
  });
});
