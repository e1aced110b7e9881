import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountReportDetail, AccountReportRow, StuckWork } from '@ledgerport/contract';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../../test-support/fake-api';
import { renderApp } from '../../../test-support/render-app';

const amazon = buildAccount({ accountKey: 'acme-amazon-us', accountName: 'Acme Outdoor US', salesChannel: 'AMAZON' });
const ebay = buildAccount({ accountKey: 'acme-ebay', accountName: 'Acme Outdoor eBay', salesChannel: 'EBAY' });

const report: AccountReportRow = {
  reportId: '9001',
  source: 'api',
  channel: 'AMAZON',
  format: 'amazon-v2',
  periodStart: '2030-01-01',
  periodEnd: '2030-01-15',
  receivedAt: '2030-01-16T08:00:00.000Z',
  rowCount: 42,
  status: 'STORED',
  settlementCount: 1,
  settlementKey: 'sk-9001',
  settlementId: '9001',
  message: null,
};

function serve(account: ReturnType<typeof buildAccount>, extra: Record<string, FakeHandler | { status?: number; body?: unknown }>) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: true } },
    'GET /user-meta': { body: buildUserMeta() },
    'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-sam', email: 'support@ledgerport.local', rootAdmin: false, supportLead: false, supportAdmin: true, developer: false, permissions: [] } } },
    'GET /res/whats-new.json': { body: [] },
    'GET /account': { body: account },
    ...extra,
  });
}

afterEach(() => sessionStorage.clear());

describe('internal account area: raw transactions', () => {
  it('lists the received reports, each linked to its transactions and its settlement, and filters on the server', async () => {
    const fake = serve(amazon, { 'GET /backend/account/acme-amazon-us/reports': { body: { reports: [report], total: 1 } } });
    renderApp('/app/account/acme-amazon-us/transactions/raw');
    const table = await screen.findByRole('table', { name: 'Reports received by Acme Outdoor US' });
    const row = await within(table).findByRole('row', { name: /9001/ });
    expect(within(row).getByRole('link', { name: 'Open report 9001' }).getAttribute('href')).toBe('/app/account/acme-amazon-us/transactions/9001');
    expect(within(row).getByRole('link', { name: 'Open settlement 9001 of report 9001' }).getAttribute('href')).toContain('settlementKey=sk-9001');
    expect(row.textContent).toContain('42');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search reports' }), '900');
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/backend/account/acme-amazon-us/reports' && c.query.get('search') === '900')).toBe(true));
  });
});

describe('internal account area: one report', () => {
  it('shows the totals by type in exact money and the settlement it produced', async () => {
    const detail: AccountReportDetail = {
      reportId: '9001',
      source: 'api',
      settlements: [{ settlementKey: 'sk-9001', settlementId: '9001', currency: 'USD', startDate: '2030-01-01', endDate: '2030-01-15', total: '10.0100', linesTotal: '10.0100', lineCount: 2, status: 'closed', postingStatus: 'NOT_POSTED', isInconsistent: false, duplicateOf: null }],
      totalsByType: [
        { typeKey: 'Order/ItemPrice/Principal', currency: 'USD', amount: '20.0200', lineCount: 1 },
        { typeKey: 'Order/ItemFees/Commission', currency: 'USD', amount: '-10.0100', lineCount: 1 },
      ],
      files: [],
      lines: [{ settlementKey: 'sk-9001', lineNo: 1, postedAt: '2030-01-02T00:00:00.000Z', typeKey: 'Order/ItemPrice/Principal', amount: '20.0200', currency: 'USD', orderId: '111-222', sku: 'TENT-1', quantity: 1, marketplace: 'Amazon.com', description: null }],
      lineTotal: 2,
    };
    serve(amazon, { 'GET /backend/account/acme-amazon-us/report/9001': { body: detail } });
    renderApp('/app/account/acme-amazon-us/transactions/9001');
    const totals = await screen.findByRole('table', { name: 'Totals by type' });
    expect(within(totals).getByRole('row', { name: /Commission/ }).textContent).toMatch(/-\$?10\.01|\(\$?10\.01\)|−\$?10\.01/);
    expect(screen.getByRole('link', { name: 'Open settlement 9001' }).getAttribute('href')).toContain('settlementKey=sk-9001');
    expect(within(screen.getByRole('table', { name: 'Transactions of this report' })).getByRole('row', { name: /111-222/ }).textContent).toContain('TENT-1');
  });
});

describe('internal account area: utilities', () => {
  it('asks for confirmation, then runs the utility and says what it did', async () => {
    const stuck: StuckWork = { imports: [], sends: [{ settlementKey: 'sk-9001', settlementId: '9001', sendState: 'SENDING', updatedAt: '2030-01-16T08:00:00.000Z', hasJob: false }] };
    const fake = serve(amazon, {
      'GET /backend/account/acme-amazon-us/utilities': { body: stuck },
      'POST /backend/account/acme-amazon-us/utilities': { body: { utility: 'resume-stuck-send', count: 1, message: 'The send of settlement 9001 was queued again.' } },
    });
    renderApp('/app/account/acme-amazon-us/utilities');
    await userEvent.click(await screen.findByRole('button', { name: 'Resume the send of 9001' }));
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Resume the send of settlement 9001?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run it' }));
    expect(await screen.findByText('The send of settlement 9001 was queued again.')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ utility: 'resume-stuck-send', settlementKey: 'sk-9001' });
  });

  it("says why when the server refuses, in the server's words", async () => {
    serve(amazon, {
      'GET /backend/account/acme-amazon-us/utilities': { body: { imports: [], sends: [] } },
      'POST /backend/account/acme-amazon-us/utilities': { status: 400, body: { message: 'Settlement 9001 still has its send job queued or running; wait for it to finish.', code: 'request.invalid', httpStatusCode: 400 } },
    });
    renderApp('/app/account/acme-amazon-us/utilities');
    await userEvent.click(await screen.findByRole('button', { name: 'Recompute' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run it' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('still has its send job');
  });
});

describe('internal account area: channel pages', () => {
  it('tells a non-Amazon account that it has no Amazon data, without asking the server', async () => {
    const fake = serve(ebay, {});
    renderApp('/app/account/acme-ebay/amazon/data-state');
    expect(await screen.findByText(/sells on eBay, not Amazon/)).toBeTruthy();
    expect(fake.calls.some((c) => c.path.includes('data-state'))).toBe(false);
  });

  it('tells a non-Walmart account that the Walmart utilities do not apply', async () => {
    serve(ebay, {});
    renderApp('/app/account/acme-ebay/walmart/utilities');
    expect(await screen.findByText(/not Walmart, so the Walmart utilities do not apply/)).toBeTruthy();
  });

  it("marks the Walmart tab, not Utilities, on a Walmart account's Walmart utilities", async () => {
    serve(buildAccount({ accountKey: 'birch-walmart', accountName: 'Birch Home Goods', salesChannel: 'WALMART' }), {
      'GET /connections': { body: { connections: [] } },
      'GET /backend/account/birch-walmart/reports': { body: { reports: [], total: 0 } },
      'GET /sales-channel/history': { body: { requestHistoryBlocked: false, requests: [] } },
    });
    renderApp('/app/account/birch-walmart/walmart/utilities');
    expect(await screen.findByText('This account has no Walmart connection yet; reports can only be uploaded.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Walmart' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Utilities' }).getAttribute('aria-selected')).toBe('false');
  });

  it('shows the Amazon gaps of an Amazon account', async () => {
    serve(amazon, {
      'GET /backend/account/acme-amazon-us/amazon/data-state': {
        body: {
          connection: null,
          kinds: [{ kind: 'settlement-report', count: 3, lastReceivedAt: '2030-02-24T00:00:00.000Z', firstStart: '2030-01-01', lastEnd: '2030-02-23' }],
          openGroups: [],
          historyRequests: [],
          gaps: [{ currency: 'USD', marketplace: 'Amazon.com', afterSettlementId: '9002', beforeSettlementId: '9003', fromAt: '2030-01-29T00:00:00.000Z', toAt: '2030-02-09T00:00:00.000Z', days: 11 }],
        },
      },
    });
    renderApp('/app/account/acme-amazon-us/amazon/data-state');
    const gaps = await screen.findByRole('table', { name: 'Gaps in the settlement sequence' });
    expect(within(gaps).getByRole('row', { name: /9002 and 9003/ }).textContent).toContain('11');
    expect(screen.getByRole('tab', { name: 'Amazon data' })).toBeTruthy();
  });
});
