import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, B2bInvoiceReportBody, ShopifyB2bSettingsBody } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const off: ShopifyB2bSettingsBody = { accountKey: 'acc-shop', isEnabled: false, orderTag: 'A2XB2B', gateways: [], settlementCount: 0, canEdit: true };
const invoice = (orderName: string, total: string, isPaid: boolean, customerName: string | null) => ({
  settlementKey: `s-${orderName}`, orderName, poNumber: `PO-${orderName}`, customerName, payoutId: '2025-07-01', date: '2025-06-29', currency: 'USD', total, postingStatus: 'NOT_POSTED', isPaid,
});
const report: B2bInvoiceReportBody = {
  accountKey: 'acc-shop',
  invoices: [invoice('#1', '100.0000', true, 'Alder Ltd'), invoice('#2', '25.5000', false, 'Birch Co'), invoice('#3', '990.0000', true, null)],
  totals: [{ currency: 'USD', total: '1115.5000', open: '25.5000' }],
};

function serve(handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>, account: Partial<Account> = {}) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(buildAccount({ accountKey: 'acc-shop', accountName: 'Acme Shop', salesChannel: 'SHOPIFY', accountingSystem: 'XERO', planCode: 'STANDARD', ...account })) },
    'GET /res/whats-new.json': { body: [] },
    'GET /account-settings/shopify-b2b': { body: off },
    'GET /shopify/b2b-invoices': { body: report },
    ...handlers,
  });
}

describe('Settings > Shopify B2B Invoice', () => {
  it('saves the switch with the tag and the gateways typed, and says how many B2B settlements there are', async () => {
    const fake = serve({ 'POST /account-settings/shopify-b2b': ({ body }) => ({ body: { ...off, ...(body as object), settlementCount: 2 } }) });
    renderApp('/app/account-settings/shopify-b2b');
    expect(await screen.findByText('What are B2B invoices?')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'B2B order tag' }).value).toBe('A2XB2B');
    await userEvent.click(screen.getByRole('switch', { name: /Post B2B orders as their own invoices/ }));
    await userEvent.type(screen.getByLabelText('B2B payment gateways', { selector: 'input' }), 'Net 30{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save B2B settings' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/account-settings/shopify-b2b')).toBe(true));
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/account-settings/shopify-b2b')!;
    expect(post.query.get('accountKey')).toBe('acc-shop');
    expect(post.body).toEqual({ isEnabled: true, orderTag: 'A2XB2B', gateways: ['Net 30'] });
    expect(await screen.findByText('B2B invoices are on: 2 B2B settlements.')).toBeTruthy();
  });

  it('says the setting is for Shopify accounts only on another channel, without asking the server', async () => {
    const fake = serve({}, { salesChannel: 'AMAZON' });
    renderApp('/app/account-settings/shopify-b2b');
    expect(await screen.findByText('Shopify accounts only')).toBeTruthy();
    expect(fake.calls.some((c) => c.path === '/account-settings/shopify-b2b')).toBe(false);
  });
});

describe('B2B Invoice Report', () => {
  const orders = () => screen.getAllByRole('row').slice(1).map((r) => r.querySelector('a')?.textContent);

  it('lists the invoices newest first, sorts by amount and filters by text and by paid or open', async () => {
    serve({});
    renderApp('/app/shopify/b2b-invoice-report');
    expect(await screen.findByRole('table', { name: 'B2B invoices' })).toBeTruthy();
    expect(screen.getByText('Open: $25.50')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    expect(orders()).toEqual(['#2', '#1', '#3']);
    await userEvent.click(screen.getByRole('radio', { name: 'Open' }));
    expect(orders()).toEqual(['#2']);
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search invoices' }), 'alder');
    expect(orders()).toEqual(['#1']);
  });
});
