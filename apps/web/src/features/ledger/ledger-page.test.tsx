import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

function serve(account = buildAccount({ accountingSystem: 'MANUAL' })) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(account) },
    'GET /res/whats-new.json': { body: [] },
    'GET /ledger/trial-balance': {
      body: {
        rows: [
          { accountCode: '4000', accountName: 'Sales', currency: 'USD', debits: '0.0000', credits: '49.9900', balance: '-49.9900' },
          { accountCode: '1210', accountName: 'Amazon clearing', currency: 'USD', debits: '36.5200', credits: '0.0000', balance: '36.5200' },
        ],
        journalCount: 1,
      },
    },
    'GET /ledger/journals': { body: { journals: [], pagination: { perPage: 10, currentPage: 0, cursor: null, totalRows: 0, pageOptions: [] } } },
    'GET /ledger/export': ({ url }) => ({ body: {}, headers: { 'x-export-parts': url.searchParams.get('format') === 'xero-invoice-csv' ? '2' : '1' } }),
  });
}

describe('built-in ledger', () => {
  it('shows the trial balance sorted by account, sortable by balance', async () => {
    serve();
    renderApp('/app/ledger');
    const table = await screen.findByRole('table', { name: 'Trial balance' });
    await within(table).findByText('1210 · Amazon clearing');
    const firstCells = () => within(table).getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    expect(firstCells()).toEqual(['1210 · Amazon clearing', '4000 · Sales']);
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Balance' }));
    expect(firstCells()).toEqual(['4000 · Sales', '1210 · Amazon clearing']);
    expect(within(table).getByText('-$49.99')).toBeTruthy();
  });

  it('offers a download in every export format and asks for the chosen one', async () => {
    const fake = serve();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp('/app/ledger');
    const downloads = await screen.findByRole('region', { name: 'Downloads' });
    expect(within(downloads).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'General journal CSV',
      'QuickBooks Desktop IIF',
      'QuickBooks Online CSV',
      'Xero manual journal CSV',
      'Xero invoice CSV',
      'Sage CSV',
      'hledger journal',
      'Beancount',
      'JSON',
    ]);
    await userEvent.click(within(downloads).getByRole('button', { name: 'hledger journal' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(fake.calls.find((c) => c.path === '/ledger/export')?.query.get('format')).toBe('hledger');
  });

  it('downloads every part of a format that comes in several files', async () => {
    const fake = serve();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderApp('/app/ledger');
    await userEvent.click(await screen.findByRole('button', { name: 'Xero invoice CSV' }));
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.path === '/ledger/export').map((c) => c.query.get('part'))).toEqual([null, '2']));
  });

  it('explains that accounts on another accounting system have no built-in ledger', async () => {
    serve(buildAccount({ accountingSystem: 'QBO' }));
    renderApp('/app/ledger');
    expect(await screen.findByText(/This account posts to QBO/)).toBeTruthy();
  });
});
