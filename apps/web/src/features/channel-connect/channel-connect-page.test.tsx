import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildAccountingSettings, buildUserMeta, installFakeApi, merchantFrame, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const QBO_SETTINGS = buildAccountingSettings({
  organizationName: 'Birch Books',
  bankAccounts: [
    { code: '35', name: 'Checking' },
    { code: '36', name: 'Savings' },
  ],
});

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown }>, account = buildAccount()) {
  signIn();
  return installFakeApi({
    ...merchantFrame(buildUserMeta(account)),
    ...extra,
  });
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('/admin/auth-token', () => {
  it('hands the authorization the channel sent back to the server and says which store is connected', async () => {
    const fake = serve({ 'POST /sales-channel/callback': { body: { channel: 'SHOPIFY', storeName: 'birch-home.myshopify.com', redirectAfter: null } } });
    renderApp('/app/admin/auth-token?channel=shopify&state=st-1&code=c-1');
    expect((await heading()).textContent).toBe('Connecting Shopify');
    expect(await screen.findByRole('status', { name: 'Shopify is connected' })).toBeTruthy();
    expect(screen.getByText('Connected to birch-home.myshopify.com. Your settlements are being fetched now.')).toBeTruthy();
    const call = fake.calls.find((c) => c.path === '/sales-channel/callback');
    expect(call?.body).toEqual({ channel: 'SHOPIFY', query: { channel: 'shopify', state: 'st-1', code: 'c-1' } });
  });

  it('refuses a link without an authorization, without asking the server', async () => {
    const fake = serve({});
    renderApp('/app/admin/auth-token');
    expect((await heading()).textContent).toBe('Connecting your sales channel');
    expect(screen.getByRole('alert', { name: 'Could not connect to sales source.' }).textContent).toContain('this link carries no authorization');
    expect(fake.calls.some((c) => c.path === '/sales-channel/callback')).toBe(false);
  });
});

describe('/admin/sales-channel/:channel steps', () => {
  it('access-token finishes the connection, and a refusal says why with a way to try again', async () => {
    const fake = serve({ 'POST /sales-channel/callback': { status: 400, body: { message: 'eBay refused the authorization code.', code: 'channel.refused', httpStatusCode: 400 } } });
    renderApp('/app/admin/sales-channel/ebay/access-token?code=c-2&state=st-2');
    expect((await heading()).textContent).toBe('Connecting eBay');
    expect((await screen.findByRole('alert', { name: 'Could not connect to sales source.' })).textContent).toContain('eBay refused the authorization code.');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/app/admin/sales-channel/ebay');
    expect(fake.calls.find((c) => c.path === '/sales-channel/callback')?.body).toEqual({ channel: 'EBAY', query: { code: 'c-2', state: 'st-2' } });
  });

  it('bank-account-settings chooses the accounting system bank account the payouts are deposited to, and saves it', async () => {
    const fake = serve({ 'GET /accounting/settings': { body: QBO_SETTINGS }, 'PUT /accounting/settings': { body: { ...QBO_SETTINGS, bankAccountId: '36' } } });
    renderApp('/app/admin/sales-channel/amazon/bank-account-settings');
    expect((await heading()).textContent).toBe('Amazon bank account settings');
    expect(await screen.findByText(/^Connected to Birch Books\. Choose the QuickBooks Online bank account your Amazon payouts are deposited to\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Bank account' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Savings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status', { name: 'Settings saved' })).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'PUT' && c.path === '/accounting/settings')?.body).toEqual({ accountKey: 'acc-amazon', bankAccountId: '36' });
  });

  it('financial-settings sends the seller to connect an accounting system first when there is none', async () => {
    const fake = serve({}, buildAccount({ accountingSystem: 'MANUAL', accountingSystemConnected: false }));
    renderApp('/app/admin/sales-channel/amazon/financial-settings');
    expect((await heading()).textContent).toBe('Amazon financial settings');
    const alert = screen.getByRole('alert', { name: 'No accounting system is connected' });
    expect(alert.textContent).toContain('The financial settings of your Amazon payouts come from your accounting system.');
    expect(screen.getByRole('link', { name: 'Connect your accounting system' }).getAttribute('href')).toBe('/app/admin/accounting/choose');
    expect(fake.calls.some((c) => c.path === '/accounting/settings')).toBe(false);
  });

  it('access-token of a channel connected with typed keys asks for them (BigCommerce: its Braintree keys)', async () => {
    const fake = serve({ 'POST /sales-channel/connect-keys': { body: { redirectAfter: '/admin' } } });
    renderApp('/app/admin/sales-channel/bigcommerce/access-token');
    expect((await heading()).textContent).toBe('Connect BigCommerce');
    await userEvent.type(screen.getByLabelText(/Braintree Merchant ID/), 'm-1');
    await userEvent.type(screen.getByLabelText(/Braintree Public Key/), 'pub-1');
    await userEvent.type(screen.getByLabelText(/Braintree Private Key/), 'priv-1');
    await userEvent.click(screen.getByRole('button', { name: 'Connect BigCommerce' }));
    await waitFor(() => expect(fake.calls.find((c) => c.path === '/sales-channel/connect-keys')?.body).toEqual({ accountKey: 'acc-amazon', channel: 'BIGCOMMERCE', fields: { merchantId: 'm-1', publicKey: 'pub-1', privateKey: 'priv-1' } }));
    expect(fake.calls.some((c) => c.path === '/sales-channel/callback')).toBe(false);
  });
});
