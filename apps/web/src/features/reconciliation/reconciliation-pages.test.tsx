import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReconciliationReport, ReconciliationRowBody } from '@ledgerport/contract';
import { installFakeApi, merchantFrame, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

function buildReport(over: Partial<ReconciliationReport> = {}): ReconciliationReport {
  return {
    reconciliationReportId: 'rcn_1',
    accountKey: 'acc-amazon',
    kind: 'deposits',
    fileName: 'october.csv',
    format: 'csv',
    start: '2026-10-01',
    end: '2026-10-31',
    daysAfterMin: 0,
    daysAfterMax: 5,
    createdAt: '2026-11-02T09:00:00.000Z',
    createdBy: 'demo@ledgerport.local',
    counts: { settlements: 1, deposits: 2, matched: 1, unmatchedSettlements: 0, unmatchedDeposits: 1, ignored: 1, orders: 0, paidOrders: 0, unpaidOrders: 0 },
    totals: [{ currency: 'USD', settlementTotal: '36.52', depositTotal: '286.52', matchedTotal: '36.52' }],
    ...over,
  };
}

const row = (over: Partial<ReconciliationRowBody>): ReconciliationRowBody => ({
  rowNo: 1,
  kind: 'matched',
  settlementKey: 'stl_1',
  settlementId: '11223344556',
  settlementCurrency: 'USD',
  settlementAmount: '36.52',
  settlementEndDate: '2026-10-15',
  depositRow: 4,
  depositDate: '2026-10-18',
  depositAmount: '36.52',
  depositCurrency: 'USD',
  depositDescription: 'AMAZON 11223344556',
  depositReference: null,
  orderId: null,
  dateDifferenceDays: 3,
  amountDifference: '0.00',
  reason: 'Paid 36.52 USD on 2026-10-18, 3 days after the settlement ended.',
  ...over,
});

const unmatched = row({ rowNo: 2, kind: 'unmatched-deposit', settlementKey: null, settlementId: null, settlementCurrency: null, settlementAmount: null, settlementEndDate: null, depositRow: 5, depositAmount: '250.00', depositDescription: 'Wire', dateDifferenceDays: null, amountDifference: null, reason: 'No settlement of 250.00 USD ended between 2026-10-14 and 2026-10-19.' });

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown }> = {}) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    ...extra,
  });
}

const detail: FakeHandler = ({ url }) => {
  const kind = url.searchParams.get('rowKind');
  const rows = [row({}), unmatched].filter((r) => r.kind === kind);
  return { body: { report: buildReport(), rows, pagination: { perPage: 25, currentPage: 0, cursor: null, totalRows: rows.length, pageOptions: [10, 25, 50, 100] } } };
};

describe('reconciliation reports list', () => {
  it('lists the reports with a link to each, and filters them by text', async () => {
    serve({ 'GET /reconciliation-reports': { body: { reports: [buildReport(), buildReport({ reconciliationReportId: 'rcn_2', fileName: 'orders.csv', kind: 'orders', start: null, end: null })] } } });
    renderApp('/app/reconciliation-reports');
    const table = await screen.findByRole('table', { name: 'Reconciliation reports' });
    const link = await within(table).findByRole('link', { name: 'Open the reconciliation of october.csv' });
    expect(link.getAttribute('href')).toBe('/app/reconciliation-reports/report/rcn_1');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Created', 'File', 'Settlements ended', 'Matched', 'Unmatched', 'By']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter reports' }), 'orders');
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Open the reconciliation of october.csv' })).toBeNull());
    expect(within(table).getByRole('link', { name: 'Open the reconciliation of orders.csv' })).toBeTruthy();
  });
});

describe('one reconciliation report', () => {
  it('opens on the deposits without a settlement, with the reason, and links a match to its settlement', async () => {
    serve({ 'GET /reconciliation-report': detail });
    renderApp('/app/reconciliation-reports/report/rcn_1');
    expect(await screen.findByRole('tab', { name: 'Deposits without settlement (1)', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Deposits without settlement' });
    expect(await within(table).findByText('No settlement of 250.00 USD ended between 2026-10-14 and 2026-10-19.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Totals by currency' })).getByText('$286.52')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Matched (1)' }));
    const matched = await screen.findByRole('table', { name: 'Matched' });
    const link = await within(matched).findByRole('link', { name: 'Open settlement 11223344556' });
    expect(link.getAttribute('href')).toBe('/app/settlement?settlementKey=stl_1');
  });

  it('says a report of another account is not found', async () => {
    serve({ 'GET /reconciliation-report': { status: 404, body: { message: 'This reconciliation report does not exist or you do not have access to it.', code: 'reconciliation.not-found', httpStatusCode: 404 } } });
    renderApp('/app/reconciliation-reports/report/rcn_x');
    expect((await screen.findByRole('alert')).textContent).toContain('does not exist');
  });
});

describe('a new reconciliation', () => {
  const STATEMENT = ['Date,Description,Amount,Currency', '2018-03-14,Office supplies,-84.20,USD', '2018-03-17,AMAZON 11223344556,36.52,USD', '2018-03-19,Stripe transfer,412.90,USD', ''].join('\n');

  it('takes the settlement dates from the chosen statement, so Reconcile is ready at once', async () => {
    serve({ 'POST /spanner-settlements-with-pagination': { body: { settlements: [], pagination: { perPage: 1, currentPage: 0, cursor: null, totalRows: 0, pageOptions: [10, 25, 50, 100] } } } });
    renderApp('/app/reconciliation-reports/report');
    const reconcile = await screen.findByRole('button', { name: 'Reconcile' });
    expect(reconcile.hasAttribute('disabled')).toBe(true);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([STATEMENT], 'checking-2018-03.csv', { type: 'text/csv' }));
    // Deposits booked 14 to 19 March, 0 to 5 days after the settlement ended: settlements that ended 9 to 19 March.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Settlements that ended between' }).textContent).toBe('Mar 09 2018 – Mar 19 2018'));
    expect(screen.getByLabelText('Where the dates come from').textContent).toContain('Mar 14 2018 – Mar 19 2018');
    expect(screen.getByRole('button', { name: 'Reconcile' }).hasAttribute('disabled')).toBe(false);
  });
});
