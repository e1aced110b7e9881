import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AmazonEventGroup, AmazonEventList, BackendChannelConnection, PayPalRawTransaction } from '@ledgerport/contract';
import { buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../../test-support/fake-api';
import { renderApp } from '../../../test-support/render-app';

const connection: BackendChannelConnection = { accountKey: 'acme-ebay', accountName: 'Acme Outdoor eBay', badge: 'Connected', storeName: 'PayPal', lastSyncedAt: '2026-11-20T10:00:00.000Z', lastError: null };
const txn = (id: string, eventCode: string, typeName: string, gross: string): PayPalRawTransaction => ({
  transactionId: id, initiatedAt: '2026-11-18T10:00:00.000Z', eventCode, typeName, status: 'S', currency: 'USD', gross, fee: '-1.0000', fetchedAt: '2026-11-20T10:00:00.000Z',
});

function serve(handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: true } },
    'GET /user-meta': { body: buildUserMeta() },
    'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-support', email: 'support@ledgerport.local', rootAdmin: false, supportLead: false, supportAdmin: true, developer: false, permissions: [] } } },
    'GET /res/whats-new.json': { body: [] },
    ...handlers,
  });
}

afterEach(() => sessionStorage.clear());

describe('backend PayPal raw transactions page', () => {
  it('lists the transactions, filters by type on the server, and shows one raw JSON', async () => {
    const fake = serve({
      'GET /backend/acme-ebay/paypal/transactions-raw': ({ url }) => ({
        body: {
          connection,
          transactions: url.searchParams.get('eventCode') === 'T1107' ? [txn('1AA3', 'T1107', 'Payment Refund', '-20.0000')] : [txn('1AA1', 'T0006', 'Express Checkout Payment', '120.0000'), txn('1AA3', 'T1107', 'Payment Refund', '-20.0000')],
          total: url.searchParams.get('eventCode') === 'T1107' ? 1 : 2,
          types: [{ eventCode: 'T0006', typeName: 'Express Checkout Payment' }, { eventCode: 'T1107', typeName: 'Payment Refund' }],
        },
      }),
      'GET /backend/acme-ebay/paypal/transactions-raw/1AA1': { body: { transaction: txn('1AA1', 'T0006', 'Express Checkout Payment', '120.0000'), raw: { transaction_info: { transaction_id: '1AA1', transaction_amount: { value: '120.00' } } } } },
    });
    renderApp('/app/backend/acme-ebay/paypal/transactions-raw');
    const table = await screen.findByRole('table', { name: 'PayPal transactions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /1AA1/ }).textContent).toContain('$120.00');
    expect(screen.getByText('Acme Outdoor eBay (acme-ebay)')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Payment Refund (T1107)' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const lastRead = () => fake.calls.filter((c) => c.path === '/backend/acme-ebay/paypal/transactions-raw').at(-1);
    expect(lastRead()?.query.get('eventCode')).toBe('T1107');
    // The page's own last read (the page_viewed analytics event may follow it as a later call).
    expect(lastRead()?.query.get('offset')).toBe('0');

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Express Checkout Payment (T0006)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'View raw JSON of 1AA1' }));
    const json = await screen.findByLabelText('Raw JSON of 1AA1');
    expect(json.textContent).toContain('"transaction_id": "1AA1"');
    expect(json.textContent).toContain('"value": "120.00"');
  });

  it('says plainly when the account has no PayPal connection', async () => {
    serve({ 'GET /backend/acme-shopify/paypal/transactions-raw': { status: 409, body: { message: 'Acme Outdoor Shop (acme-shopify) has no PayPal connection, so there is nothing from PayPal to show.', code: 'channel.not-connected', httpStatusCode: 409 } } });
    renderApp('/app/backend/acme-shopify/paypal/transactions-raw');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No PayPal connection');
    expect(alert.textContent).toContain('has no PayPal connection');
  });
});

describe('backend PayPal settlements refresh page', () => {
  it('requests a refresh for the period and shows it in the list', async () => {
    let requests: unknown[] = [];
    const fake = serve({
      'GET /backend/acme-ebay/paypal/settlements-refresh': () => ({ body: { connection, requestHistoryBlocked: false, requests } }),
      'POST /backend/acme-ebay/paypal/settlements-refresh': ({ body }) => {
        const b = body as { fromDate: string; toDate: string };
        requests = [{ requestId: 'r-1', fromDate: b.fromDate, toDate: b.toDate, status: 'DONE', requestedAt: '2026-11-21T10:00:00.000Z', finishedAt: '2026-11-21T10:00:05.000Z', settlementCount: 0, message: null }];
        return { body: requests[0] };
      },
    });
    renderApp('/app/backend/acme-ebay/paypal/settlements-refresh');
    await screen.findByRole('table', { name: 'Statement refreshes' });
    fireEvent.change(screen.getByLabelText(/From date/), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(/To date/), { target: { value: '2026-11-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh statements' }));
    const table = screen.getByRole('table', { name: 'Statement refreshes' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /2026-11-01 to 2026-11-10/ }).textContent).toContain('Done'));
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ fromDate: '2026-11-01', toDate: '2026-11-10' });
  });
});

describe('backend Amazon finance-API pages', () => {
  const group = (groupId: string, held: boolean): AmazonEventGroup => ({
    groupId, processingStatus: 'Closed', fundTransferStatus: 'Succeeded', startAt: '2026-10-01T00:00:00.000Z', endAt: '2026-10-15T00:00:00.000Z', fundTransferAt: null,
    originalTotal: { currency: 'USD', amount: '1234.5600' }, beginningBalance: null,
    settlement: held ? { settlementKey: 's-1', settlementId: '91000000001', status: 'closed', postingStatus: 'POSTED' } : null,
  });

  it('lists the event groups with what Ledgerport holds, filters them, and links each to its events', async () => {
    serve({ 'GET /backend/acme-amazon-us/amazon/finance-api-settlements': { body: { connection: { ...connection, accountKey: 'acme-amazon-us', accountName: 'Acme Outdoor US' }, fromDate: '2026-08-24', toDate: '2026-11-22', groups: [group('G-1', true), group('G-2', false)] } } });
    renderApp('/app/backend/acme-amazon-us/amazon/finance-api-settlements');
    const table = await screen.findByRole('table', { name: 'Financial event groups' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /G-1/ }).textContent).toContain('Settlement 91000000001');
    expect(within(table).getByRole('row', { name: /G-1/ }).textContent).toContain('$1,234.56');
    expect(within(table).getByRole('row', { name: /G-2/ }).textContent).toContain('Not held');
    expect(screen.getByRole('link', { name: 'Open the events of group G-2' }).getAttribute('href')).toBe('/app/backend/acme-amazon-us/amazon/financial-events/G-2');
    await userEvent.click(screen.getByRole('combobox', { name: 'In Ledgerport' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Not held' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it("shows a group's events by type with exact totals and the raw events", async () => {
    const lists: AmazonEventList[] = [
      { list: 'ShipmentEventList', label: 'Shipment', count: 2, currency: 'USD', total: '0.2800', isItemized: true, events: [{ AmazonOrderId: '111-1' }, { AmazonOrderId: '111-2' }] },
      { list: 'RemovalShipmentEventList', label: 'Removal Shipment', count: 1, currency: null, total: null, isItemized: false, events: [{ OrderId: 'R-1' }] },
    ];
    serve({ 'GET /backend/acme-amazon-us/amazon/financial-events/G-1': { body: { connection, groupId: 'G-1', lists } } });
    renderApp('/app/backend/acme-amazon-us/amazon/financial-events/G-1');
    const table = await screen.findByRole('table', { name: 'Events by type' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /Shipment ShipmentEventList/ }).textContent).toContain('$0.28');
    expect(within(table).getByRole('row', { name: /Removal Shipment/ }).textContent).toContain('Not itemized by Ledgerport');
    await userEvent.click(screen.getByRole('button', { name: 'View the raw Shipment events' }));
    expect((await screen.findByLabelText('Raw Shipment events')).textContent).toContain('"AmazonOrderId": "111-2"');
  });
});
