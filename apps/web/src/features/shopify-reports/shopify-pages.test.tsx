import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const shopify = buildAccount({ accountKey: 'acc-shop', accountName: 'Acme Shop', salesChannel: 'SHOPIFY', salesChannelStoreName: 'acme', requiresReauthentication: true });
const base = {
  'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
  'GET /user-meta': { body: buildUserMeta(shopify) },
  'GET /res/whats-new.json': { body: [] },
};

describe('Shopify reconnect and orders', () => {
  it('reconnects the connected store by its address', async () => {
    signIn();
    const fake = installFakeApi({ ...base, 'POST /sales-channel/connect': { status: 400, body: { message: 'Stop here.', code: 'request.invalid', httpStatusCode: 400 } } });
    renderApp('/app/shopify/reconnect');
    const input = await screen.findByLabelText<HTMLInputElement>(/Shopify store address/, undefined, { timeout: 5000 });
    expect(input.value).toBe('acme.myshopify.com');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect Shopify' }));
    await screen.findByText('Stop here.');
    expect(fake.calls.find((c) => c.path === '/sales-channel/connect')?.body).toEqual({ accountKey: 'acc-shop', channel: 'SHOPIFY', shop: 'acme.myshopify.com' });
  });

  it('lists orders with their status, and sorts by a column when its header is clicked', async () => {
    signIn();
    const order = { orderId: '#5002', date: '2026-02-03', currency: 'USD', gross: '50.0000', fees: '-0.8800', refunds: '-10.0000', other: '0.0000', net: '39.1200', status: 'partly-refunded', payouts: [{ settlementKey: 's1', settlementId: '2026-02-05' }] };
    const fake = installFakeApi({ ...base, 'GET /shopify/orders': { body: { orders: [order], pagination: { perPage: 25, currentPage: 0, cursor: null, totalRows: 1, pageOptions: [10, 25, 50, 100] } } } });
    renderApp('/app/shopify/order');
    const table = await screen.findByRole('table', { name: 'Orders' }, { timeout: 5000 });
    expect(within(table).getByRole('link', { name: '#5002' }).getAttribute('href')).toBe('/app/shopify/order/%235002');
    expect(within(table).getByText('Partly refunded')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2026-02-05' }).getAttribute('href')).toBe('/app/settlement?settlementKey=s1');
    fireEvent.click(screen.getByRole('button', { name: /^Gross/ }));
    await screen.findByRole('columnheader', { name: /Gross ▼/ }, { timeout: 5000 });
    const last = fake.calls.filter((c) => c.path === '/shopify/orders').at(-1)!;
    expect([last.query.get('sort'), last.query.get('direction')]).toEqual(['gross', 'desc']);
  });
});
