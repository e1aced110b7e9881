import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement, buildSettlementPage } from './build-settlement';
import { readSavedListState } from './settlement-filters';
import { preloadBulkReprocessDialog } from './bulk-actions-bar';

beforeAll(async () => {
  await preloadBulkReprocessDialog();
}, 120_000);

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown }> = {}) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    'GET /account-channels-or-gateways': { body: { channels: ['Amazon.com', 'Amazon.ca'], gateways: [] } },
    'GET /account-currencies': { body: { currencies: ['CAD', 'USD'] } },
    'GET /spanner-settlements-available': { body: { available: true, count: 3 } },
    ...extra,
  });
}

const three = [
  buildSettlement({ settlementKey: 'k1', settlementId: '111', badges: ['posted'], postingStatus: 'POSTED' }),
  buildSettlement({ settlementKey: 'k2', settlementId: '222', total: '-10.5000', badges: ['not-posted', 'inconsistent'] }),
  buildSettlement({ settlementKey: 'k3', settlementId: '333', badges: ['on-hold', 'not-posted'], onHold: true, onHoldReason: 'Reserve pending' }),
];

describe('settlements list', () => {
  it('lists the account settlements with date, total, channel and status, asking for the first page sorted by date', async () => {
    const fake = serve({ 'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(three, 57) } });
    renderApp('/app/settlements');
    const table = await screen.findByRole('table', { name: 'Settlements' });
    await within(table).findByRole('link', { name: 'Open settlement 111' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Date', 'Total', 'Channel', 'Status', 'Actions']);
    expect(within(table).getByText('-$10.50')).toBeTruthy();
    expect(within(table).getByText('On hold: Reserve pending')).toBeTruthy();
    expect(screen.getByText('1–3 of 57')).toBeTruthy();
    const call = fake.calls.find((c) => c.path === '/spanner-settlements-with-pagination');
    expect(call?.query.get('page')).toBe('0');
    expect(call?.query.get('size')).toBe('10');
    expect(call?.query.get('sort')).toBe('start,desc');
    expect((call?.body as { paginatedSearchCriteriaClause: unknown[][] }).paginatedSearchCriteriaClause[0]).toEqual([{ filterKey: 'accountKey', operation: 'eq', value: 'acc-amazon' }]);
  });

  it('searches by text and keeps the filter for this account in the browser', async () => {
    const fake = serve({ 'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(three) } });
    renderApp('/app/settlements');
    await screen.findByRole('link', { name: 'Open settlement 111' });
    await userEvent.type(screen.getByPlaceholderText('Search by text'), '222');
    await waitFor(() => {
      const last = fake.calls.filter((c) => c.path === '/spanner-settlements-with-pagination').at(-1);
      expect(JSON.stringify(last?.body)).toContain('{"filterKey":"text","operation":"like","value":"222"}');
    });
    expect(readSavedListState('acc-amazon', 'standard').filters.text).toBe('222');
  });

  it('sorts on the server when a header is clicked', async () => {
    const fake = serve({ 'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(three) } });
    renderApp('/app/settlements');
    await screen.findByRole('link', { name: 'Open settlement 111' });
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Total' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.path === '/spanner-settlements-with-pagination').at(-1)?.query.get('sort')).toMatch(/^total,/));
  });

  it('sends the selected settlements in one form-encoded bulk call with bulkSettlement repeated', async () => {
    const fake = serve({
      'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(three) },
      'POST /bulkActionSettlement': { body: { bulkAction: 'send', queued: ['k2', 'k3'], done: [], skipped: [], message: '2 settlements queued for sending.', downloadUrl: null } },
    });
    renderApp('/app/settlements');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select settlement 222' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select settlement 333' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Send selected' }));
    await within(bar).findByText('2 settlements queued for sending.');
    const form = fake.calls.find((c) => c.path === '/bulkActionSettlement')?.body as URLSearchParams;
    expect(form.get('bulkAction')).toBe('send');
    expect(form.getAll('bulkSettlement')).toEqual(['k2', 'k3']);
  });

  it('reprocesses the selected settlements only after a summary of how many change and by how much, sending back each preview token', async () => {
    const row = (settlementKey: string, settlementId: string, outcome: 'changes' | 'not-posted', previewToken: string | null) => ({
      settlementKey,
      settlementId,
      outcome,
      message: '',
      reverseCount: outcome === 'changes' ? 1 : 0,
      postCount: outcome === 'changes' ? 1 : 0,
      lineCount: outcome === 'changes' ? 2 : 0,
      moved: outcome === 'changes' ? [{ currency: 'USD', amount: '12.50' }] : [],
      previewToken,
    });
    const fake = serve({
      'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(three) },
      'POST /bulkReprocess/preview': {
        body: { settlementCount: 2, changeCount: 1, unchangedCount: 0, notPostedCount: 1, blockedCount: 0, moved: [{ currency: 'USD', amount: '12.50' }], settlements: [row('k2', '222', 'changes', 'token-of-k2-preview'), row('k3', '333', 'not-posted', null)] },
      },
      'POST /bulkReprocess': { body: { done: ['k2', 'k3'], skipped: [], message: '2 of 2 settlements reprocessed.' } },
    });
    renderApp('/app/settlements');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select settlement 222' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select settlement 333' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Reprocess selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reprocess the selected settlements?' });
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      '1 posted settlement of 2 would change, moving $12.50 between accounts in total. 1 settlement not posted yet is built again with the current mappings.',
    );
    expect(within(dialog).getByRole('list', { name: 'Settlements that would change' }).textContent).toContain('Settlement 222: 2 lines in 1 document, $12.50 moves');
    expect(fake.calls.some((c) => c.path === '/bulkReprocess')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reprocess' }));
    await within(screen.getByRole('region', { name: 'Bulk actions' })).findByText('2 of 2 settlements reprocessed.');
    expect(fake.calls.find((c) => c.path === '/bulkReprocess')?.body).toEqual({ settlements: [{ settlementKey: 'k2', previewToken: 'token-of-k2-preview' }, { settlementKey: 'k3', previewToken: null }] });
  });

  it('refuses a bulk action on more than 50 settlements before asking the server', async () => {
    const many = Array.from({ length: 51 }, (_, i) => buildSettlement({ settlementKey: `k${i}`, settlementId: String(1000 + i) }));
    const fake = serve({ 'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(many) } });
    renderApp('/app/settlements');
    await screen.findByRole('link', { name: 'Open settlement 1000' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('alert').textContent).toContain('Choose at most 50 settlements for one bulk action (51 are selected)');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send selected' }).disabled).toBe(true);
    expect(fake.calls.some((c) => c.path === '/bulkActionSettlement')).toBe(false);
  });

  it('invites an account without any settlement to load files', async () => {
    serve({ 'POST /spanner-settlements-with-pagination': { body: buildSettlementPage([]) }, 'GET /spanner-settlements-available': { body: { available: false, count: 0 } } });
    renderApp('/app/settlements');
    const empty = await screen.findByRole('status', { name: 'No settlements yet' });
    expect(within(empty).getByRole('link', { name: 'Load settlement files' }).getAttribute('href')).toBe('/app/settlement-import');
  });

  it('shows the B2B list with the single-order criterion', async () => {
    const fake = serve({ 'POST /spanner-settlements-with-pagination': { body: buildSettlementPage([]) } });
    renderApp('/app/b2b-settlements');
    expect(await screen.findByText(/No settlements yet/)).toBeTruthy();
    const body = fake.calls.find((c) => c.path === '/spanner-settlements-with-pagination')?.body;
    expect(JSON.stringify(body)).toContain('{"filterKey":"isSingleOrder","operation":"eq","value":true}');
    expect(fake.calls.find((c) => c.path === '/account-channels-or-gateways')?.query.get('isSingleOrder')).toBe('true');
  });
});
