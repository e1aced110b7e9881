import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SummaryReportBody } from '@ledgerport/contract';
import { buildAccount, buildUserMeta, installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const summary: SummaryReportBody = {
  accountKey: 'acme-amazon-us', start: '2025-12-01', end: '2026-11-26', timeZoneId: 'UTC',
  settlementCount: 2, inconsistentCount: 0, openCount: 0,
  currencies: [{
    currency: 'USD', total: '85.0000',
    months: [{ month: '2026-10', byCategory: { sales: '100.0000', fees: '-15.0000' }, net: '85.0000', feeRatePercent: '15.00' }],
    categories: [{ category: 'sales', total: '100.0000' }, { category: 'fees', total: '-15.0000' }],
    types: [{ typeKey: 'Order|ItemPrice|Principal', label: 'Product sales', category: 'sales', total: '100.0000', lineCount: 2, byMonth: { '2026-10': '100.0000' } }],
    marketplaces: [{ marketplace: 'Amazon.com', total: '85.0000' }],
  }],
};

describe('summary report', () => {
  it('shows the report tables and then its charts, which load on their own', { timeout: 30_000 }, async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    signIn();
    const fake = installFakeApi({
      ...merchantFrame(buildUserMeta(buildAccount({ accountKey: 'acme-amazon-us' }))),
      'GET /amazon/summary-report': { body: summary },
      'POST /spanner-settlements-with-pagination': { body: { content: [], totalElements: 0 } },
    });
    renderApp('/app/amazon/date-range-summary-report');
    const categories = await screen.findByRole('table', { name: 'By month and category (USD)' }, { timeout: 15_000 });
    expect(within(categories).getByRole('row', { name: /^Sales/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'By transaction type (USD)' })).getByRole('button', { name: 'Product sales: show sources' })).toBeTruthy();
    expect(screen.getByText(/^2 closed settlements ending 2025-12-01 to 2026-11-26/)).toBeTruthy();
    expect(await screen.findByRole('figure', { name: 'Sales, fees, refunds and net by month (USD)' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Fee rate by month (USD)' })).toBeTruthy();
    expect(fake.calls.find((c) => c.path === '/amazon/summary-report')?.query.get('accountKey')).toBe('acme-amazon-us');
  });
});
