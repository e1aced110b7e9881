import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccountOverviewBody } from '@ledgerport/contract';
import { buildAccount, buildUserMeta, installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { readSavedListState } from '../settlements/settlement-filters';

const f = (sales: string, fees: string, net: string) => ({ sales, fees, net });
const overview: AccountOverviewBody = {
  accountKey: 'acme-amazon-us', start: '2025-12-01', end: '2026-11-26', timeZoneId: 'UTC',
  counts: { closed: 3, open: 1, inconsistent: 0, posted: 2, partiallyPosted: 0, notPosted: 2, duplicates: 0 },
  currencies: [{
    currency: 'USD', ...f('300.0000', '-45.0000', '255.0000'),
    months: [
      { month: '2026-09', ...f('100.0000', '-15.0000', '85.0000'), feeRatePercent: '15.00', byChannel: { 'Amazon.com': f('100.0000', '-15.0000', '85.0000') } },
      { month: '2026-10', ...f('200.0000', '-30.0000', '170.0000'), feeRatePercent: '15.00', byChannel: { 'Amazon.com': f('200.0000', '-30.0000', '170.0000') } },
    ],
    channels: [{ channel: 'Amazon.com', ...f('300.0000', '-45.0000', '255.0000') }],
  }],
};

describe('account overview', () => {
  it('shows the counts, charts and sortable tables, and a number opens the settlements list filtered to it', { timeout: 30_000 }, async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    signIn();
    const fake = installFakeApi({
      ...merchantFrame(buildUserMeta(buildAccount({ accountKey: 'acme-amazon-us' }))),
      'GET /reports/account-overview': { body: overview },
      'POST /spanner-settlements-with-pagination': { body: { content: [], totalElements: 0 } },
    });
    renderApp('/app/overview-settlements');
    const counts = await screen.findByRole('group', { name: 'Settlements by status' }, { timeout: 15_000 });
    expect(within(counts).getByRole('link', { name: 'Posted: 2 settlements, open the list' })).toBeTruthy();
    // The charts come in their own chunk, after the counts (ChartsSlot).
    expect(await screen.findByRole('figure', { name: 'Sales, fees and net by month (USD)' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Fee rate by month (USD)' })).toBeTruthy();
    const months = screen.getByRole('table', { name: 'By month (USD)' });
    expect(within(months).getAllByRole('row')).toHaveLength(3);
    const call = fake.calls.find((c) => c.path === '/reports/account-overview');
    expect(call?.query.get('accountKey')).toBe('acme-amazon-us');
    fireEvent.click(within(months).getByRole('link', { name: /Sales 2026-10: \$200\.00/ }));
    expect(readSavedListState('acme-amazon-us', 'standard').filters).toMatchObject({ range: { start: '2026-10-01', end: '2026-10-31' }, currency: 'USD' });
  });
});
