import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementCogsBody, SettlementDetail } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement } from '../settlements/build-settlement';

const settlement = buildSettlement({ settlementKey: 'k1', settlementId: '111' });
const detail: SettlementDetail = { settlement, documents: [], problems: [], byType: [], canRedownload: false };
const cell = { month: '2026-10', productType: 'Unassigned', marketplace: 'Amazon.com', soldUnits: 2, soldCost: '25.0000', restockedUnits: 0, restockedCost: '0.0000', writtenOffUnits: 0 };
const cogs: SettlementCogsBody = {
  settlementKey: 'k1', isEnabled: true, method: 'standard', currency: 'USD', total: '25.0000', computedAt: '2026-11-01T00:00:00.000Z',
  cells: [cell], missing: [{ sku: 'SKU-B', currency: 'USD', units: 1, firstDate: '2026-10-02' }], lots: [], documents: [], postingStatus: 'NOT_POSTED', lockAdjustments: [],
};

describe('the COGS of a settlement', () => {
  it('shows its COGS lines, flags the SKU with no cost and saves that cost where it is flagged', async () => {
    signIn();
    const fake = installFakeApi({
      ...merchantFrame(),
      'GET /settlement/detail': { body: detail },
      'GET /settlement/cogs': { body: cogs },
      'PUT /cost-admin/costs': { body: { sku: 'SKU-B', currency: 'USD', effectiveDate: '2026-10-02', unitCost: '8.00', updatedAt: '2026-11-01T00:00:00.000Z' } },
    });
    renderApp('/app/settlement?settlementKey=k1');
    await screen.findByText('Settlement 111 · Amazon.com · from v2.csv', {}, { timeout: 15_000 });
    const card = await screen.findByLabelText('Cost of goods sold', { selector: 'div' }, { timeout: 5000 });
    expect(within(card).getByRole('table', { name: 'Cost of goods sold lines' }).textContent).toContain('$25.00');
    const missing = within(card).getByRole('alert');
    expect(missing.textContent).toContain('SKU-B: 1 unit from 2026-10-02');
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Send COGS' }).disabled).toBe(true);
    await userEvent.type(within(missing).getByRole('textbox', { name: 'Unit cost of SKU-B (USD)' }), '8.00');
    await userEvent.click(within(missing).getByRole('button', { name: 'Save cost of SKU-B' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT' && c.path === '/cost-admin/costs')).toBe(true));
    const put = fake.calls.find((c) => c.method === 'PUT' && c.path === '/cost-admin/costs')!;
    expect(put.body).toEqual({ sku: 'SKU-B', currency: 'USD', effectiveDate: '2026-10-02', unitCost: '8.00' });
  }, 30_000);

  it('shows the FIFO lock adjustments it carries and which posted month each corrects', async () => {
    signIn();
    const fifo: SettlementCogsBody = {
      ...cogs, method: 'fifo', missing: [], total: '30.0000',
      lockAdjustments: [{ month: '2026-10', amount: '-50.0000', corrections: [{ month: '2026-09', amount: '-50.0000' }] }],
    };
    installFakeApi({
      ...merchantFrame(),
      'GET /settlement/detail': { body: detail },
      'GET /settlement/cogs': { body: fifo },
    });
    renderApp('/app/settlement?settlementKey=k1');
    const card = await screen.findByLabelText('Cost of goods sold', { selector: 'div' }, { timeout: 15_000 });
    const table = await within(card).findByRole('table', { name: 'FIFO lock adjustments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'September 2026',
      'October 2026',
      'Less (credit COGS, debit Inventory)',
      '-$50.00',
    ]);
  }, 30_000);
});
