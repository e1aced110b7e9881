import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AmazonPaySettingsBody, PayPalSettingsBody } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const paypal: PayPalSettingsBody = {
  accountKey: 'acc-paypal',
  version: 0,
  paypalAccounts: [{ accountId: 'EZ782AXEUJUW8', name: 'PayPal account EZ782AXEUJUW8', isConnected: true, isImported: true, statementCount: 2 }],
  currencies: [{ currency: 'USD', isImported: true, clearingAccount: null, statementCount: 2 }],
  defaultClearingAccount: { code: '1210', name: 'PayPal Clearing' },
  canEdit: true,
  updatedAt: null,
  updatedBy: null,
};
const amazonPay: AmazonPaySettingsBody = {
  accountKey: 'acc-amazon',
  version: 0,
  isEnabled: false,
  clearingAccount: null,
  isSeparate: false,
  marketplaceClearingAccount: { code: 'AMZCLR', name: 'Amazon Clearing' },
  lineCount: 2,
  settlementCount: 1,
  canEdit: true,
  updatedAt: null,
  updatedBy: null,
};

function serve(account: Parameters<typeof buildAccount>[0], handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>, accessLevel: 'manage' | 'read' = 'manage') {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(buildAccount(account)), accessLevel } },
    'GET /res/whats-new.json': { body: [] },
    ...handlers,
  });
}

describe('Settings > PayPal', () => {
  it('turns a currency off, adds one with its own clearing account, and saves both; existing statements stay, it says', async () => {
    const fake = serve({ accountKey: 'acc-paypal', salesChannel: 'PAYPAL' }, { 'GET /account-settings/paypal': { body: paypal }, 'PUT /account-settings/paypal': { body: { ...paypal, version: 1, currencies: [{ ...paypal.currencies[0]!, isImported: false }] } } });
    renderApp('/app/account-settings/paypal');
    expect(await screen.findByText(/Statements already imported stay in your settlements list; nothing is\s+deleted/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'PayPal accounts' }).textContent).toContain('PayPal account EZ782AXEUJUW8 (connected)');
    await userEvent.click(screen.getByRole('switch', { name: 'Import USD' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Currency to add' }), 'eur');
    await userEvent.click(screen.getByRole('button', { name: 'Add currency' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Clearing account code for EUR' }), '1216');
    await userEvent.type(screen.getByRole('textbox', { name: 'Clearing account name for EUR' }), 'PayPal EUR');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      paypalAccounts: [{ accountId: 'EZ782AXEUJUW8', isImported: true }],
      currencies: [
        { currency: 'EUR', isImported: true, clearingAccount: { code: '1216', name: 'PayPal EUR' } },
        { currency: 'USD', isImported: false, clearingAccount: null },
      ],
    });
    expect(await screen.findByText('PayPal settings saved: USD not imported.')).toBeTruthy();
  });
});

describe('Settings > Amazon Pay', () => {
  it('asks for the clearing account under its field before saving, then saves it kept separate', async () => {
    const fake = serve({ salesChannel: 'AMAZON', accountFeatures: { ...buildAccount().accountFeatures, enableAmazonPay: true } }, {
      'GET /account-settings/amazon-pay': { body: amazonPay },
      'PUT /account-settings/amazon-pay': { body: { ...amazonPay, version: 1, isEnabled: true, isSeparate: true, clearingAccount: { code: '1290', name: 'Amazon Pay Clearing' } } },
    });
    renderApp('/app/account-settings/amazon-pay');
    expect(await screen.findByText('2 Amazon Pay lines in 1 settlement.')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Post Amazon Pay to its own clearing account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the clearing account Amazon Pay transactions post to.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amazon Pay clearing account code' }), '1290');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amazon Pay clearing account name' }), 'Amazon Pay Clearing');
    await userEvent.click(screen.getByRole('switch', { name: /Keep Amazon Pay separate/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({ isEnabled: true, clearingAccount: { code: '1290', name: 'Amazon Pay Clearing' }, isSeparate: true });
  });

  it('tells an Amazon account without Amazon Pay to ask support where billing is on', async () => {
    serve({ salesChannel: 'AMAZON' }, { 'GET /user-meta': { body: { ...buildUserMeta(buildAccount({ salesChannel: 'AMAZON' })), paymentProviderEnabled: true } } });
    renderApp('/app/account-settings/amazon-pay');
    expect(await screen.findByText('Amazon Pay is not turned on for this account. Ask support to enable it.')).toBeTruthy();
  });

  it('never sends a self-hosted owner (billing off) to support', async () => {
    serve({ salesChannel: 'AMAZON' }, {});
    renderApp('/app/account-settings/amazon-pay');
    expect(await screen.findByText('Amazon Pay is not turned on for this account.')).toBeTruthy();
    expect(screen.queryByText(/support/i)).toBeNull();
  });

  it('shows a view-only member the settings without a way to change them', async () => {
    serve({ salesChannel: 'AMAZON', accountFeatures: { ...buildAccount().accountFeatures, enableAmazonPay: true } }, { 'GET /account-settings/amazon-pay': { body: { ...amazonPay, canEdit: false } } }, 'read');
    renderApp('/app/account-settings/amazon-pay');
    expect(await screen.findByText('You have view-only access to this account.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });
});
