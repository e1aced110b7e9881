import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendUserDetail } from '@ledgerport/contract';
import { buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const dana: BackendUserDetail = {
  user: { userId: 'user-demo', email: 'demo@ledgerport.local', name: 'Dana Demo', staffRoles: [], partnerCode: null, accountCount: 1, createdAt: '2026-01-02T00:00:00.000Z', currentAccountKey: 'acme-ebay', isEmailVerified: true, timeZone: 'UTC' },
  accounts: [{ accountKey: 'acme-ebay', accountName: 'Acme Outdoor eBay', salesChannel: 'EBAY', accountingSystem: 'QBO', organizationId: 'org-acme', accountRole: null, organizationRole: 'admin', isPartnerClient: false }],
  organizations: [{ organizationId: 'org-acme', name: 'Acme Outdoor Co', role: 'admin' }],
  featureFlags: [],
  signIns: [
    { attemptedAt: '2026-11-20T10:00:00.000Z', ip: '203.0.113.7', succeeded: true },
    { attemptedAt: '2026-11-19T10:00:00.000Z', ip: '203.0.113.8', succeeded: false },
  ],
};

function serve(impersonateAnswer: { status: number; body: unknown }) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: true } },
    'GET /user-meta': { body: buildUserMeta() },
    'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-demo', email: 'support@ledgerport.local', rootAdmin: false, supportLead: false, supportAdmin: true, developer: false, permissions: [] } } },
    'GET /res/whats-new.json': { body: [] },
    'GET /backend/user/user-demo': { body: dana },
    'POST /backend/user/user-demo/impersonate': impersonateAnswer,
  });
}

afterEach(() => sessionStorage.clear());

describe('backend user page', () => {
  it("shows the user's accounts with how they reach them, and the sign-in history", async () => {
    serve({ status: 200, body: {} });
    renderApp('/app/backend/user/user-demo');
    const accounts = await screen.findByRole('table', { name: 'Accounts of this user' });
    expect(within(accounts).getByRole('row', { name: /Acme Outdoor eBay/ }).textContent).toContain('admin of its organization');
    const history = screen.getByRole('table', { name: 'Sign-in history' });
    expect(within(history).getAllByRole('row').map((r) => r.textContent)).toEqual([expect.stringContaining('When'), expect.stringContaining('Signed in'), expect.stringContaining('Refused')]);
  });

  it("says why when the server refuses to open the account as the user, and stays on the page", async () => {
    const fake = serve({ status: 404, body: { message: 'demo@ledgerport.local cannot open account acme-ebay: pick one of the accounts listed for this user.', code: 'account.not-found', httpStatusCode: 404 } });
    renderApp('/app/backend/user/user-demo');
    await userEvent.click(await screen.findByRole('button', { name: 'Open Acme Outdoor eBay as demo@ledgerport.local' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not open the account as this user');
    expect(alert.textContent).toContain('cannot open account acme-ebay');
    expect(fake.calls.find((c) => c.path === '/backend/user/user-demo/impersonate')?.body).toEqual({ accountKey: 'acme-ebay' });
  });
});
