import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountingConnectionSettings } from '@ledgerport/contract';
import { buildAccount, buildAccountingSettings, buildUserMeta, installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const settings = buildAccountingSettings;

function serve(answer: AccountingConnectionSettings) {
  signIn();
  installFakeApi({
    ...merchantFrame(buildUserMeta(buildAccount({ accountingConnectionState: answer.state, accountingSystemConnected: answer.isConnected, isAccountingSandbox: answer.isSandbox }))),
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
