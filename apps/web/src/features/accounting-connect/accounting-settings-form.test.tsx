import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountingConnectionSettings } from '@ledgerport/contract';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const settings = (over: Partial<AccountingConnectionSettings>): AccountingConnectionSettings => ({
  system: 'QBO',
  organizationName: 'Sandbox Company_US_1',
  isConnected: true,
  state: 'connected',
  isSandbox: false,
  bankAccountId: null,
  lineAmountTypes: 'auto',
  businessId: null,
  subsidiaryId: null,
  bankAccounts: [{ code: '35', name: 'Checking' }],
  ...over,
});

function serve(answer: AccountingConnectionSettings) {
  signIn();
  installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(buildAccount({ accountingConnectionState: answer.state, accountingSystemConnected: answer.isConnected, isAccountingSandbox: answer.isSandbox })) },
    'GET /res/whats-new.json': { body: [] },
    'GET /accounting/settings': { body: answer },
  });
}

describe('QuickBooks bank-account settings', () => {
  it('says connected, naming the sandbox on this machine, and never "not connected" beside it', async () => {
    serve(settings({ isSandbox: true }));
    renderApp('/app/admin/accounting/qbo/bank-account-settings');
    expect(await screen.findByText(/^Connected to Sandbox Company_US_1\. Choose the QuickBooks Online \(sandbox on this machine\) bank account/)).toBeTruthy();
    expect(screen.queryByText(/is not connected/)).toBeNull();
  });

  it('says not connected, and only that, when the connection is gone', async () => {
    serve(settings({ isConnected: false, state: 'disconnected', organizationName: null, bankAccounts: [] }));
    renderApp('/app/admin/accounting/qbo/bank-account-settings');
    expect(await screen.findByRole('alert', { name: /QuickBooks Online is not connected/ })).toBeTruthy();
    expect(screen.queryByText(/^Connected to/)).toBeNull();
  });
});
