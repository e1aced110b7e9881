import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BuiltInLedgerChart } from '@ledgerport/contract';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const account = (code: string, name: string, kind: BuiltInLedgerChart['accounts'][number]['kind'], extra: Partial<BuiltInLedgerChart['accounts'][number]> = {}) => ({
  code, name, kind, path: code, role: null, isActive: true, isPosted: false, mustStayActiveReason: null, ...extra,
});
const chart: BuiltInLedgerChart = {
  accountKey: 'acc-1',
  isSaved: true,
  accounts: [
    account('Assets:Clearing:Amazon', 'Amazon Clearing', 'asset', { role: 'clearing', isPosted: true, mustStayActiveReason: 'Amazon Clearing is the account the postings use for clearing; it stays active.' }),
    account('Income:Amazon:Sales', 'Amazon Sales', 'income', { isPosted: true }),
    account('Liabilities:VAT', 'VAT', 'liability', { mustStayActiveReason: 'The tax rate VAT 19% posts to VAT; deactivate the rate or give it another account first.' }),
  ],
  taxRates: [
    { code: 'VAT19', name: 'VAT 19%', ratePercent: '19', taxAccountCode: 'Liabilities:VAT', taxAccountName: 'VAT', isActive: true },
    { code: 'NONE', name: 'No Tax', ratePercent: '0', taxAccountCode: null, taxAccountName: null, isActive: true },
  ],
};

function serve() {
  const acc = buildAccount({ accountKey: 'acc-1', accountingSystem: 'MANUAL' });
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(acc) },
    'GET /res/whats-new.json': { body: [] },
    'GET /ledger/chart': { body: chart },
    'POST /ledger/chart/accounts': ({ body }) => ({ body: { ...chart, accounts: [...chart.accounts, account((body as { code: string }).code, (body as { name: string }).name, 'asset')] } }),
    'PUT /ledger/chart/account': { body: chart },
    'GET /ledger/lock-date': { body: { accountKey: 'acc-1', closedThrough: null, updatedAt: null, updatedBy: null } },
    'PUT /ledger/lock-date': ({ body }) => ({ body: { accountKey: 'acc-1', closedThrough: (body as { closedThrough: string | null }).closedThrough, updatedAt: '2026-11-28T10:00:00.000Z', updatedBy: 'demo@ledgerport.local' } }),
  });
}

describe('Settings > Built-in ledger', () => {
  it('lists the chart with its types, filters it, and keeps a role account from being deactivated', async () => {
    serve();
    renderApp('/app/account-settings/built-in-ledger');
    const table = await screen.findByRole('table', { name: 'Chart of accounts' }, { timeout: 5000 });
    expect(within(table).getByText('Amazon Sales')).toBeTruthy();
    expect(within(table).getByText('Liability')).toBeTruthy();
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: 'Deactivate Amazon Clearing' }).disabled).toBe(true);
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: 'Deactivate Amazon Sales' }).disabled).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter accounts' }), 'vat');
    expect(within(table).queryByText('Amazon Sales')).toBeNull();
    expect(within(table).getByText('VAT')).toBeTruthy();
    const rates = screen.getByRole('table', { name: 'Tax rates' });
    expect(within(rates).getByText('19%')).toBeTruthy();
    expect(within(rates).getByText('Liabilities:VAT · VAT')).toBeTruthy();
  }, 20_000);

  it('adds an account with a code, a name and a type', async () => {
    const api = serve();
    renderApp('/app/account-settings/built-in-ledger');
    const form = await screen.findByRole('form', { name: 'Add an account' }, { timeout: 5000 });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Code' }), '1800');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Bank');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Asset' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add account' }));
    expect(await within(screen.getByRole('table', { name: 'Chart of accounts' })).findByText('Bank')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/ledger/chart/accounts')?.body).toEqual({ code: '1800', name: 'Bank', kind: 'asset' });
  }, 20_000);

  it('closes the books through a day: the lock date is sent and shown with who set it', async () => {
    const api = serve();
    renderApp('/app/account-settings/built-in-ledger');
    const form = await screen.findByRole('form', { name: 'Lock date' }, { timeout: 5000 });
    expect(within(form).getByText('No closed period: documents of any date post.')).toBeTruthy();
    const day = within(form).getByLabelText('Closed through');
    await userEvent.type(day, '2026-03-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Save lock date' }));
    expect(await screen.findByText('Closed through 2026-03-31, set 2026-11-28 10:00 UTC by demo@ledgerport.local.')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT' && c.path === '/ledger/lock-date')!;
    expect(put.body).toEqual({ closedThrough: '2026-03-31' });
    expect(put.query.get('accountKey')).toBe('acc-1');
  }, 20_000);
});
