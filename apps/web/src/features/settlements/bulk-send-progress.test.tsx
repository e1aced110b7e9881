import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendProgress } from '@ledgerport/contract';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement, buildSettlementPage } from './build-settlement';
import { readBulkSendKeys } from './bulk-send-progress';

const three = [
  buildSettlement({ settlementKey: 'k1', settlementId: '111' }),
  buildSettlement({ settlementKey: 'k2', settlementId: '222' }),
  buildSettlement({ settlementKey: 'k3', settlementId: '333' }),
];

const progress = (over: Partial<SendProgress>): SendProgress => ({ total: 3, posted: 0, failed: 0, queued: 3, sending: 0, idle: 0, isRunning: true, ...over });

/** The server's answers to successive progress polls: the send moves on, then stays finished. */
function serve(steps: SendProgress[]) {
  signIn();
  let asked = 0;
  return installFakeApi({
    ...merchantFrame(),
    'GET /account-channels-or-gateways': { body: { channels: ['Amazon.com'], gateways: [] } },
    'GET /account-currencies': { body: { currencies: ['USD'] } },
    'GET /spanner-settlements-available': { body: { available: true, count: 3 } },
    'POST /spanner-settlements-with-pagination': { body: buildSettlementPage(three) },
    'POST /bulkActionSettlement': { body: { bulkAction: 'send', queued: ['k1', 'k2', 'k3'], done: [], skipped: [], message: '3 of 3 settlements queued for sending.', downloadUrl: null } },
    'GET /settlementSendProgress': () => ({ body: steps[Math.min(asked++, steps.length - 1)] }),
  });
}

afterEach(() => sessionStorage.clear());

describe('bulk send progress', () => {
  it('shows a labelled progress bar that follows the send until every settlement is posted or failed, then stops asking', async () => {
    const fake = serve([progress({}), progress({ posted: 1, queued: 1, sending: 1 }), progress({ posted: 2, failed: 1, queued: 0, isRunning: false })]);
    renderApp('/app/settlements');
    for (const id of ['111', '222', '333']) await userEvent.click(await screen.findByRole('checkbox', { name: `Select settlement ${id}` }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Send selected' }));

    const meter = await within(bar).findByRole('progressbar', { name: 'Bulk send progress' });
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(within(bar).getByRole('status', { name: 'Bulk send status' }).textContent).toBe('0 of 3 posted, 3 waiting');
    await waitFor(() => expect(within(bar).getByRole('status', { name: 'Bulk send status' }).textContent).toBe('1 of 3 posted, 2 waiting'), { timeout: 5000 });
    expect(within(bar).getByRole('progressbar', { name: 'Bulk send progress' }).getAttribute('aria-valuenow')).toBe('33');
    await waitFor(() => expect(within(bar).getByRole('status', { name: 'Bulk send status' }).textContent).toBe('2 of 3 posted, 1 failed'), { timeout: 5000 });
    expect(within(bar).getByRole('progressbar', { name: 'Bulk send progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(within(bar).getByText('Bulk send finished')).toBeTruthy();

    const polls = fake.calls.filter((c) => c.path === '/settlementSendProgress');
    expect(polls[0]!.query.getAll('settlementKey')).toEqual(['k1', 'k2', 'k3']);
    // Finished: no more polling, and the list was asked again for the new statuses.
    const asked = polls.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.calls.filter((c) => c.path === '/settlementSendProgress')).toHaveLength(asked);
    expect(readBulkSendKeys('acc-amazon')).toEqual([]);
  }, 20_000);

  it('picks up a bulk send still running after the page is loaded again', async () => {
    sessionStorage.setItem('ledgerport.bulkSend.acc-amazon', JSON.stringify(['k2', 'k3']));
    const fake = serve([progress({ total: 2, posted: 1, queued: 0, sending: 1 })]);
    renderApp('/app/settlements');
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect((await within(bar).findByRole('status', { name: 'Bulk send status' })).textContent).toBe('1 of 2 posted, 1 waiting');
    expect(within(bar).getByRole('progressbar', { name: 'Bulk send progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(fake.calls.find((c) => c.path === '/settlementSendProgress')!.query.getAll('settlementKey')).toEqual(['k2', 'k3']);
  });
});
