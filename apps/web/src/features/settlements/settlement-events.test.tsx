/** The settlements list's analytics events (spec section 7, decision 0070): a send, a bulk action and the file it exports. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../lib/track';
import { installFakeApi, merchantFrame, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement, buildSettlementPage } from './build-settlement';

vi.mock('../../lib/track', () => ({ track: vi.fn(() => Promise.resolve()) }));

afterEach(() => vi.mocked(track).mockClear());

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown; headers?: Record<string, string> }>) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    'GET /account-channels-or-gateways': { body: { channels: ['Amazon.com'], gateways: [] } },
    'GET /account-currencies': { body: { currencies: ['USD'] } },
    'GET /spanner-settlements-available': { body: { available: true, count: 1 } },
    'POST /spanner-settlements-with-pagination': { body: buildSettlementPage([buildSettlement({ settlementKey: 'k2', settlementId: '222' })]) },
    ...extra,
  });
}

const calls = (event: string) => vi.mocked(track).mock.calls.filter(([name]) => name === event);

describe('settlements list analytics', () => {
  it('sends settlement_sent once a send was accepted, and not when it failed', async () => {
    serve({ 'POST /settlementSend': { status: 500, body: { message: 'The send failed.' } } });
    renderApp('/app/settlements');
    await userEvent.click(await screen.findByRole('button', { name: 'Send 222' }));
    await screen.findByText('The send failed.');
    expect(calls('settlement_sent')).toEqual([]);
    serve({ 'POST /settlementSend': { body: { queued: ['k2'], skipped: [], message: '1 settlement queued for sending.' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Send 222' }));
    await vi.waitFor(() => expect(calls('settlement_sent')).toEqual([['settlement_sent', { feature: 'settlements' }]]));
  });

  it('sends settlement_bulk_action for a bulk export, and export_downloaded once its file is saved', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    serve({
      'POST /bulkActionSettlement': { body: { bulkAction: 'export', queued: [], done: ['k2'], skipped: [], message: '1 settlement exported.', downloadUrl: '/bulk-export?token=t1' } },
      'GET /bulk-export': { body: 'a,b', headers: { 'content-disposition': 'attachment; filename="settlements.csv"' } },
    });
    renderApp('/app/settlements');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select settlement 222' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Export selected' }));
    await screen.findAllByText('1 settlement exported.');
    expect(calls('settlement_bulk_action')).toEqual([['settlement_bulk_action', { feature: 'settlements' }]]);
    // The export takes the feature of the page it was asked from (the sender's page tags).
    expect(calls('export_downloaded')).toEqual([['export_downloaded']]);
  });
});
