import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const REQUEST = { requestId: 'req-1', fromDate: '2026-01-01', toDate: '2026-03-31', status: 'DONE', requestedAt: '2026-04-01T10:00:00.000Z', finishedAt: '2026-04-01T10:05:00.000Z', settlementCount: 4, unchangedCount: 0, message: null };

function serve() {
  signIn();
  installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: true } },
    'GET /user-meta': { body: buildUserMeta() },
    'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-support', email: 'support@ledgerport.local', rootAdmin: false, supportLead: false, supportAdmin: true, developer: false, permissions: [] } } },
    'GET /res/whats-new.json': { body: [] },
    'GET /organization/list': { body: { organizations: [] } },
    'GET /account': { body: buildAccount({ accountKey: 'acme-shopify', accountName: 'Acme Shopify', salesChannel: 'SHOPIFY' }) },
    'GET /sales-channel/history': { body: { requestHistoryBlocked: false, requests: [REQUEST] } },
    'GET /sales-channel/history/request': ({ url }) =>
      url.searchParams.get('requestId') === 'req-1'
        ? { body: REQUEST }
        : { status: 404, body: { message: `This account has no history request ${url.searchParams.get('requestId')}.`, code: 'channel.history-request-not-found', httpStatusCode: 404 } },
  });
}

describe('backend fetch-history/{requestId}', () => {
  it('is the 404 page for an id the account never had, not the list with a sentence about it', async () => {
    serve();
    renderApp('/app/backend/acme-shopify/shopify/fetch-history/request/made-up');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText(/is in the list below/)).toBeNull();
  });
});
