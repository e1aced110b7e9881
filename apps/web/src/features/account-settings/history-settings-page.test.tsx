import { screen, within } from '@testing-library/react';
import type { HistoryRequest } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const request = (over: Partial<HistoryRequest>): HistoryRequest => ({
  requestId: 'r1',
  fromDate: '2026-09-01',
  toDate: '2026-09-30',
  status: 'DONE',
  requestedAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:01:00.000Z',
  settlementCount: 2,
  message: null,
  ...over,
});

describe('Settings > History', () => {
  it('lists each history request with the settlements it stored, and the open ones fetched again unchanged apart', async () => {
    signIn();
    installFakeApi({
      'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
      'GET /user-meta': { body: buildUserMeta(buildAccount({ accountKey: 'acc-amazon', accountName: 'Acme Amazon' })) },
      'GET /res/whats-new.json': { body: [] },
      'GET /account-settings/history': { body: { entries: [] } },
      'GET /sales-channel/history': {
        body: { requestHistoryBlocked: false, requests: [request({ requestId: 'r2', fromDate: '2026-10-01', toDate: '2026-10-31', settlementCount: 0, unchangedCount: 1 }), request({})] },
      },
    });
    renderApp('/app/account-settings/history');
    const unchanged = await screen.findByText('1 open unchanged');
    const october = unchanged.closest('tr')!;
    expect(october.textContent).toContain('2026-10-01 to 2026-10-31');
    expect(within(october).getByText('0')).toBeTruthy();
    const september = screen.getByText('2026-09-01 to 2026-09-30').closest('tr')!;
    expect(within(september).getByText('2')).toBeTruthy();
    expect(september.textContent).not.toContain('unchanged');
  });
});
