import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Posting, SettlementDocument } from '@ledgerport/contract';
import { installFakeApi, merchantFrame, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

function buildPosting(over: Partial<Posting> = {}): Posting {
  return {
    documentId: 'doc_1',
    number: 'AMZ-11223344556',
    date: '2026-10-31',
    kind: 'xero-invoice',
    kindLabel: 'Invoice',
    documentClass: 'invoice',
    status: 'POSTED',
    statusLabel: 'Posted',
    settlementKey: 'k1',
    settlementId: '11223344556',
    channel: 'Amazon.com',
    salesSource: 'AMAZON',
    currency: 'USD',
    total: '36.5200',
    part: { index: 1, count: 1, month: '2026-10' },
    system: 'XERO',
    systemName: 'Xero',
    remoteId: 'inv-uuid-1',
    remoteNumber: 'INV-0001',
    remoteType: 'Invoice',
    remoteUrl: 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=inv-uuid-1',
    ledgerJournalId: null,
    reversalJournalId: null,
    postedAt: '2026-11-01T10:00:00.000Z',
    reversedAt: null,
    error: null,
    ...over,
  };
}

const page = (postings: Posting[], totalRows = postings.length, hasAny = true) => ({
  postings,
  pagination: { perPage: 10, currentPage: 0, cursor: null, totalRows, pageOptions: [10, 25, 50, 100] },
  currencies: ['USD'],
  hasAny,
});

const line = (over: Partial<SettlementDocument['lines'][number]>): SettlementDocument['lines'][number] => ({
  role: 'transaction',
  accountCode: '200',
  accountName: 'Sales',
  taxRateCode: 'NONE',
  description: 'Amazon Sales - Principal',
  side: 'credit',
  amount: '40.0000',
  tracking: [],
  sources: { selector: { typeKey: 'Order|ItemPrice|Principal' }, lineCount: 2, rows: [], isComplete: false },
  ...over,
});

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown }> = {}) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    ...extra,
  });
}

describe('postings list', () => {
  it('lists the documents with where they live and a link to each, asking for the newest first', async () => {
    const fake = serve({ 'GET /postings': { body: page([buildPosting(), buildPosting({ documentId: 'doc_2', number: 'AMZ-2', total: '-5.0000', status: 'FAILED', statusLabel: 'Failed', remoteId: null, remoteNumber: null, remoteUrl: null, postedAt: null })], 12) } });
    renderApp('/app/invoices');
    const table = await screen.findByRole('table', { name: 'Postings' });
    await within(table).findByRole('link', { name: 'Open posting AMZ-11223344556' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Document', 'Settlement', 'Total', 'Status', 'Where it lives', 'Posted at']);
    expect(within(table).getByRole('link', { name: 'Open posting AMZ-11223344556' }).getAttribute('href')).toBe('/app/invoice?documentId=doc_1');
    expect(within(table).getByRole('link', { name: 'Open AMZ-11223344556 in Xero' }).getAttribute('href')).toBe('https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=inv-uuid-1');
    expect(within(table).getByText('Not in Xero yet')).toBeTruthy();
    expect(within(table).getByText('$36.52')).toBeTruthy();
    expect(screen.getByText('12 postings match')).toBeTruthy();
    const call = fake.calls.find((c) => c.path === '/postings');
    expect(call?.query.get('accountKey')).toBe('acc-amazon');
    expect(call?.query.get('sort')).toBe('date,desc');
    expect(call?.query.get('size')).toBe('10');
  });

  it('filters by status and kind, searches and sorts on the server', async () => {
    const fake = serve({ 'GET /postings': { body: page([buildPosting()]) } });
    renderApp('/app/invoices');
    await screen.findByRole('link', { name: 'Open posting AMZ-11223344556' });
    const filters = screen.getByRole('search', { name: 'Posting filters' });
    await userEvent.click(within(filters).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await userEvent.type(within(filters).getByRole('textbox', { name: 'Search' }), 'INV-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Total' }));
    await waitFor(() => {
      const last = fake.calls.filter((c) => c.path === '/postings').at(-1);
      expect(last?.query.get('status')).toBe('FAILED');
      expect(last?.query.get('text')).toBe('INV-1');
      expect(last?.query.get('sort')).toMatch(/^total,/);
    });
  });

  it('says to post a settlement when the account has posted nothing', async () => {
    serve({ 'GET /postings': { body: page([], 0, false) } });
    renderApp('/app/invoices');
    const empty = await screen.findByRole('status', { name: 'No postings yet' });
    expect(empty.textContent).toContain('Open a settlement and send it');
    expect(within(empty).getByRole('link', { name: 'Open settlements' }).getAttribute('href')).toBe('/app/settlements');
  });
});

describe('one posting', () => {
  const document: SettlementDocument = {
    documentId: 'doc_1',
    status: 'POSTED',
    kind: 'xero-invoice',
    system: 'XERO',
    number: 'AMZ-11223344556',
    date: '2026-10-31',
    description: 'Amazon settlement 11223344556',
    currency: 'USD',
    part: { index: 1, count: 1, month: '2026-10' },
    total: '36.5200',
    partNet: '36.5200',
    mappingVersion: 'acc-amazon@v2',
    settingsVersion: 1,
    flags: [],
    remoteId: 'inv-uuid-1',
    remoteNumber: 'INV-0001',
    remoteUrl: 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=inv-uuid-1',
    postedAt: '2026-11-01T10:00:00.000Z',
    error: null,
    lines: [
      line({}),
      line({ description: 'Amazon Fees', accountCode: '404', accountName: 'Fees', side: 'debit', amount: '3.4800', sources: { selector: { typeKey: 'Order|ItemFees|Commission' }, lineCount: 1, rows: [], isComplete: true } }),
      line({ role: 'clearing', description: 'Net payout', accountCode: '610', accountName: 'Amazon Clearing', side: 'debit', amount: '36.5200', sources: { selector: {}, lineCount: 3, rows: [], isComplete: false } }),
    ],
  };

  it('shows the document, its lines and where it lives, and drills down to the source rows of a line', async () => {
    const fake = serve({
      'GET /posting': { body: { posting: buildPosting(), document, linesTotal: '36.5200' } },
      'GET /settlement/lines': {
        body: {
          lines: [{ lineNo: 1, postedAt: null, typeKey: 'Order|ItemFees|Commission', typeLabel: 'Amazon Fees', category: 'fees', orderId: '111-1', sku: 'SKU-1', quantity: 1, marketplace: null, fulfilmentChannel: null, amount: '-3.4800', description: null, sourceFile: 'us.txt', sourceRow: 7 }],
          pagination: { perPage: 25, currentPage: 0, cursor: null, totalRows: 1, pageOptions: [10, 25, 50, 100] },
        },
      },
    });
    renderApp('/app/invoice?documentId=doc_1');
    const header = await screen.findByRole('region', { name: 'Posting AMZ-11223344556' });
    expect(within(header).getByRole('heading', { name: 'Invoice AMZ-11223344556' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Open AMZ-11223344556 in Xero' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Open settlement 11223344556' }).getAttribute('href')).toBe('/app/settlement?settlementKey=k1');
    const lines = screen.getByRole('table', { name: 'Lines of AMZ-11223344556' });
    expect(within(lines).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText(/sum to/).textContent).toContain("$36.52: the document's total");
    await userEvent.click(within(lines).getByRole('button', { name: 'Source rows of Amazon Fees' }));
    const rows = await screen.findByRole('table', { name: 'Source rows' });
    await within(rows).findByText('us.txt · row 7');
    const call = fake.calls.find((c) => c.path === '/settlement/lines');
    expect(call?.query.get('settlementKey')).toBe('k1');
    expect(call?.query.get('typeKey')).toBe('Order|ItemFees|Commission');
    expect(fake.calls.find((c) => c.path === '/posting')?.query.get('documentId')).toBe('doc_1');
  });

  it("says so when the document is another account's or gone", async () => {
    serve({ 'GET /posting': { status: 404, body: { message: 'This posting does not exist or you do not have access to it.', code: 'posting.not-found', httpStatusCode: 404 } } });
    renderApp('/app/invoice?documentId=doc_x');
    expect((await screen.findByRole('alert')).textContent).toBe('This posting does not exist or you do not have access to it.');
  });
});
