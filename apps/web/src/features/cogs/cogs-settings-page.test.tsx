import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CogsSettingsBody } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const chart = [
  { code: '310', name: 'Cost of Goods Sold' },
  { code: '630', name: 'Inventory' },
  { code: '200', name: 'Sales' },
];
const settings: CogsSettingsBody = {
  accountKey: 'acc-1', costingMethod: 'standard', refundTreatment: 'restock',
  inventoryAccount: { code: '999', name: 'Stock on the moon' }, cogsAccount: { code: '310', name: 'Cost of Goods Sold' },
  isEnabled: true, canUseFifo: true, fifoRefusal: null, areRefundsCosted: true, canRefreshCogsOnlyInBulk: false, canEdit: true, refusal: null, version: 2, updatedAt: null,
  chartCheck: {
    system: 'Xero', inventoryAccount: null, cogsAccount: { code: '310', name: 'Cost of Goods Sold' },
    message: 'Xero has no account matching the inventory account "999 Stock on the moon" of Settings > Cost of Goods Sold; enter the code of an account in your Xero chart of accounts there, then send again.',
    accounts: chart,
  },
};

describe('Settings > Cost of Goods Sold against the connected chart', () => {
  it('names the account the chart lacks on open, offers the chart to pick from, and shows the account found on save', async () => {
    signIn();
    const fake = installFakeApi({
      ...merchantFrame(),
      'GET /account-settings/cogs': { body: settings },
      'PUT /account-settings/cogs': ({ body }) => {
        const saved = body as Pick<CogsSettingsBody, 'inventoryAccount'>;
        return { body: { ...settings, ...saved, version: 3, chartCheck: { ...settings.chartCheck!, inventoryAccount: saved.inventoryAccount, message: null } } };
      },
    });
    renderApp('/app/account-settings/cogs');
    const check = await screen.findByRole('group', { name: 'Checked against the Xero chart of accounts' }, { timeout: 15_000 });
    expect(within(check).getByText('Inventory account: Xero has no account matching "999 Stock on the moon".')).toBeTruthy();
    expect(within(check).getByText('COGS account: found in Xero as 310 Cost of Goods Sold.')).toBeTruthy();
    expect(within(check).getByRole('alert').textContent).toContain('"999 Stock on the moon"');
    await userEvent.selectOptions(within(check).getByRole('combobox', { name: 'Inventory account from Xero' }), '630');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Inventory account code' }).value).toBe('630');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Inventory account name' }).value).toBe('Inventory');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(check).getByText('Inventory account: found in Xero as 630 Inventory.')).toBeTruthy());
    expect(within(check).queryByRole('alert')).toBeNull();
    const put = fake.calls.find((c) => c.method === 'PUT' && c.path === '/account-settings/cogs')!;
    expect(put.body).toMatchObject({ inventoryAccount: { code: '630', name: 'Inventory' } });
  }, 30_000);
});
