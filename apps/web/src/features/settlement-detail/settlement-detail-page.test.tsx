import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementDetail, SettlementDocument } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement } from '../settlements/build-settlement';

const doc = (over: Partial<SettlementDocument>): SettlementDocument => ({
  documentId: null,
  status: 'PENDING',
  kind: 'Journal',
  system: 'MANUAL',
  number: 'AMZ-111-1',
  date: '2026-10-31',
  description: 'Amazon settlement 111',
  currency: 'USD',
  part: { index: 1, count: 2, month: '2026-10' },
  total: '100.0000',
  partNet: '80.0000',
  mappingVersion: '3',
  settingsVersion: 2,
  flags: [],
  remoteId: null,
  remoteNumber: null,
  remoteUrl: null,
  postedAt: null,
  error: null,
  lines: [
    {
      role: 'transaction',
      accountCode: '4000',
      accountName: 'Sales',
      taxRateCode: 'NONE',
      description: 'Amazon Sales - Principal',
      side: 'credit',
      amount: '100.0000',
      tracking: [],
      sources: { selector: { month: '2026-10', typeKey: 'Order|ItemPrice|Principal' }, lineCount: 7, rows: [{ file: 'v2.csv', first: 2, last: 9 }], isComplete: true },
    },
    {
      role: 'clearing',
      accountCode: '1210',
      accountName: 'Amazon clearing',
      taxRateCode: '',
      description: 'Net payout',
      side: 'debit',
      amount: '100.0000',
      tracking: [],
      sources: { selector: {}, lineCount: 0, rows: [], isComplete: true },
    },
  ],
  ...over,
});

const detail: SettlementDetail = {
  settlement: buildSettlement({ settlementKey: 'k1', settlementId: '111', badges: ['not-posted', 'inconsistent'], inconsistent: true, difference: '0.0100', inconsistencyReason: 'A rounding difference in the report.' }),
  documents: [doc({}), doc({ number: 'AMZ-111-2', part: { index: 2, count: 2, month: '2026-11' } })],
  problems: [{ code: 'mapping.unmapped', message: 'Mystery adjustment has no account.', typeKey: 'Other|Mystery', amount: '3.2100' }],
  byType: [
    { typeKey: 'Order|ItemPrice|Principal', typeLabel: 'Amazon Sales - Principal', category: 'sales', amount: '100.0000', lineCount: 7 },
    { typeKey: 'Order|ItemFees|Commission', typeLabel: 'Amazon Fees - Commission', category: 'fees', amount: '-15.0000', lineCount: 7 },
  ],
  canRedownload: false,
};

function serve(answer: SettlementDetail = detail) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    'GET /settlement/detail': ({ url }) => (url.searchParams.get('settlementKey') === 'k1' ? { body: answer } : { status: 404, body: { message: 'This settlement does not exist or you do not have access to it.', code: 'settlement.not-found', httpStatusCode: 404 } }),
    'GET /settlement/history': ({ url }) =>
      url.searchParams.get('settlementKey') === 'k1'
        ? { body: { settlementKey: 'k1', isDeleted: false, entries: [
            { at: '2026-11-01T09:00:00.000Z', kind: 'imported', title: 'Imported', detail: 'Loaded from the file v2.csv.', by: 'Maria Berger' },
            { at: '2026-11-01T09:10:00.000Z', kind: 'sent', title: 'Sent', detail: 'Queued for the accounting system.', by: 'Maria Berger' },
            { at: '2026-11-01T09:11:00.000Z', kind: 'failed', title: 'Sending AMZ-111-1 failed', detail: 'Xero refused the account 200.', by: 'Maria Berger' },
          ] } }
        : url.searchParams.get('settlementKey') === 'gone'
          ? { body: { settlementKey: 'gone', isDeleted: true, entries: [{ at: '2026-11-02T10:00:00.000Z', kind: 'deleted', title: 'Deleted', detail: null, by: 'Sam Lee' }] } }
          : { status: 404, body: { message: 'This settlement does not exist or you do not have access to it.', code: 'settlement.not-found', httpStatusCode: 404 } },
    'GET /settlement/lines': {
      body: {
        lines: [{ lineNo: 1, postedAt: '2026-10-02T00:00:00Z', typeKey: 'Order|ItemPrice|Principal', typeLabel: 'Amazon Sales - Principal', category: 'sales', orderId: '113-1', sku: 'TENT-1', quantity: 1, marketplace: 'Amazon.com', fulfilmentChannel: 'AFN', amount: '14.2900', description: null, sourceFile: 'v2.csv', sourceRow: 2 }],
        pagination: { perPage: 25, currentPage: 0, cursor: null, totalRows: 1, pageOptions: [] },
      },
    },
  });
}

describe('settlement detail', () => {
  it('shows the header, status badges, what stops posting and the documents per month part', async () => {
    serve();
    renderApp('/app/settlement?settlementKey=k1');
    expect(await screen.findByText('Settlement 111 · Amazon.com · from v2.csv')).toBeTruthy();
    const status = screen.getAllByRole('list', { name: 'Status' })[0]!;
    expect(within(status).getAllByRole('listitem').map((b) => b.textContent)).toEqual(['Not posted', 'Inconsistent']);
    expect(screen.getByText('The lines do not add up to the deposit')).toBeTruthy();
    expect(screen.getByText(/Mystery adjustment has no account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Map the transaction types' }).getAttribute('href')).toBe('/app/mapping');
    expect(screen.getByText('Part 1 of 2: October 2026')).toBeTruthy();
    expect(screen.getByText('Part 2 of 2: November 2026')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Lines of AMZ-111-1' });
    expect(within(lines).getByText('Sales')).toBeTruthy();
    expect(within(lines).getAllByText('NONE')).toHaveLength(1);
    expect(screen.getByRole('figure', { name: 'Amounts by transaction type' }).textContent).toContain('-$15.00');
  });

  it('drills down from a document line to the source rows it summarises', async () => {
    const fake = serve();
    renderApp('/app/settlement?settlementKey=k1');
    const lines = await screen.findByRole('table', { name: 'Lines of AMZ-111-1' });
    await userEvent.click(within(lines).getByRole('button', { name: 'Source rows of Amazon Sales - Principal' }));
    const rows = await screen.findByRole('table', { name: 'Source rows' });
    await within(rows).findByText('v2.csv · row 2');
    const call = fake.calls.find((c) => c.path === '/settlement/lines');
    expect(call?.query.get('settlementKey')).toBe('k1');
    expect(call?.query.get('typeKey')).toBe('Order|ItemPrice|Principal');
    expect(call?.query.get('month')).toBe('2026-10');
  });

  it('shows where each posted document lives in the accounting system: its number and id there', async () => {
    const posted = doc({ status: 'POSTED', system: 'XERO', kind: 'xero-invoice', remoteId: 'a3f1c2d4-0000-4e5f-9a8b-7c6d5e4f3a2b', remoteNumber: 'AMZ-111-1', postedAt: '2026-11-02T10:00:00.000Z' });
    const pending = doc({ number: 'AMZ-111-2', part: { index: 2, count: 2, month: '2026-11' } });
    serve({ ...detail, documents: [posted, pending] });
    renderApp('/app/settlement?settlementKey=k1');
    const remote = await screen.findByLabelText('Remote document of AMZ-111-1');
    expect(remote.textContent).toBe('Posted to Xero as AMZ-111-1 · ID a3f1c2d4-0000-4e5f-9a8b-7c6d5e4f3a2b');
    expect(screen.queryByLabelText('Remote document of AMZ-111-2')).toBeNull();
  });

  it("says so when the settlement is another account's or does not exist", async () => {
    serve();
    renderApp('/app/settlement?settlementKey=other');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This settlement does not exist or you do not have access to it.'));
  });

  it('shows its history: what happened, who did it and when', async () => {
    serve();
    renderApp('/app/settlement?settlementKey=k1');
    const history = await screen.findByRole('region', { name: 'History of this settlement' });
    await waitFor(() => expect(within(history).getByText('Sending AMZ-111-1 failed')).toBeTruthy());
    expect(within(history).getByText('Imported')).toBeTruthy();
    expect(within(history).getByText('Xero refused the account 200.')).toBeTruthy();
    expect(within(history).getAllByText(/^Maria Berger · 2026-11-01/)).toHaveLength(3);
  });

  it('still tells who deleted a deleted settlement, and when', async () => {
    serve();
    renderApp('/app/settlement?settlementKey=gone');
    expect((await screen.findByRole('alert')).textContent).toContain('does not exist');
    const history = await screen.findByRole('region', { name: 'History of this settlement' });
    expect(within(history).getByText('Deleted')).toBeTruthy();
    expect(within(history).getByText(/^Sam Lee · 2026-11-02/)).toBeTruthy();
  });
});
