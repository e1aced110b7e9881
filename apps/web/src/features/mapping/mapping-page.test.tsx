import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MappingRow, Mappings } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const row = (over: Partial<MappingRow>): MappingRow => ({
  channel: 'AMAZON',
  typeKey: 'Order|ItemPrice|Principal',
  label: 'Amazon Sales - Principal',
  category: 'sales',
  isKnownType: true,
  accountCode: '4000',
  taxRateCode: 'NONE',
  source: 'category',
  isUnmapped: false,
  suggestedAccountCode: null,
  suggestedTaxRateCode: null,
  lineCount: 10,
  amounts: [{ currency: 'USD', amount: '100.0000' }],
  ...over,
});

function mappings(rows: MappingRow[]): Mappings {
  return {
    accountKey: 'acc-amazon',
    version: 3,
    system: 'MANUAL',
    chartSource: 'default',
    accounts: [
      { code: '4000', name: 'Sales', kind: 'revenue', path: 'Income:Sales', role: null },
      { code: '6100', name: 'Selling fees', kind: 'expense', path: 'Expenses:Fees', role: null },
    ],
    taxRates: [
      { code: 'NONE', name: 'No tax' },
      { code: 'STD', name: 'Standard' },
    ],
    roleAccounts: [
      {
        role: 'clearing',
        channel: 'AMAZON',
        accountCode: '1250',
        accountName: 'Amazon Clearing',
        isMissingInSystem: false,
      },
    ],
    defaultTaxRateCode: 'NONE',
    isUnmappedToSuspense: false,
    isNewFeeTypeToFees: false,
    rows,
    unmappedCount: rows.filter((r) => r.isUnmapped).length,
    mappingsCompleted: rows.every((r) => !r.isUnmapped),
    copiedFrom: null,
  };
}

const initial = mappings([
  row({}),
  row({
    typeKey: 'Order|ItemFees|Commission',
    label: 'Amazon Fees - Commission',
    category: 'fees',
    accountCode: '6100',
    source: 'explicit',
    amounts: [{ currency: 'USD', amount: '-15.0000' }],
  }),
  row({
    typeKey: 'Other|Mystery',
    label: 'Mystery adjustment',
    category: 'other',
    accountCode: null,
    taxRateCode: null,
    source: 'unmapped',
    isUnmapped: true,
    isKnownType: false,
    lineCount: 2,
    amounts: [{ currency: 'USD', amount: '3.2100' }],
  }),
]);

function serve(saved: { body?: unknown } = {}) {
  signIn();
  return installFakeApi({
    ...merchantFrame(),
    'GET /mappings': { body: initial },
    'GET /account/copy-mappings': { body: { accounts: [] } },
    'PUT /mappings': ({ body }) => {
      saved.body = body;
      return {
        body: mappings([
          initial.rows[0]!,
          initial.rows[1]!,
          {
            ...initial.rows[2]!,
            accountCode: '6100',
            taxRateCode: 'NONE',
            isUnmapped: false,
            source: 'explicit',
          },
        ]),
      };
    },
  });
}

describe('mappings screen', () => {
  it('groups the types by category with the unmapped ones first, with counts and amounts', async () => {
    serve();
    renderApp('/app/mapping');
    await screen.findByRole('heading', { name: 'Account and Tax Rate Mappings' });
    const sections = await screen.findAllByRole('region', { name: /^Category / });
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Category Other',
      'Category Fees',
      'Category Sales',
    ]);
    const other = within(sections[0]!);
    expect(other.getByText('Mystery adjustment')).toBeTruthy();
    expect(other.getByText('1 unmapped')).toBeTruthy();
    expect(other.getByText('$3.21')).toBeTruthy();
    expect(screen.getByText('1 transaction type to map')).toBeTruthy();
  });

  it('saves a chosen account and tax rate as a new mapping version', async () => {
    const saved: { body?: unknown } = {};
    serve(saved);
    renderApp('/app/mapping');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Account for Mystery adjustment' }));
    await userEvent.click(await screen.findByRole('option', { name: '6100 · Selling fees' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save mappings (1)' }));
    await waitFor(() =>
      expect(saved.body).toEqual({
        entries: [{ channel: 'AMAZON', typeKey: 'Other|Mystery', accountCode: '6100', taxRateCode: 'NONE' }],
        remove: [],
      }),
    );
    expect(await screen.findByText('Everything is mapped')).toBeTruthy();
  });

  it('refreshes the chart from the connected system, then offers its accounts and chooses a posting account', async () => {
    const connected: Mappings = {
      ...initial,
      system: 'QBO',
      chartSource: 'connected',
      accounts: [...initial.accounts, { code: '77', name: 'Undeposited Funds', kind: 'asset', path: 'asset:Undeposited Funds', role: null }],
      roleAccounts: [{ role: 'suspense', channel: null, accountCode: '9998', accountName: 'Suspense', isMissingInSystem: true }],
    };
    const calls: { refresh?: unknown; save?: unknown } = {};
    let current = initial;
    signIn();
    installFakeApi({
      ...merchantFrame(),
      'GET /mappings': () => ({ body: current }),
      'GET /account/copy-mappings': { body: { accounts: [] } },
      'POST /accounting/reference-data/refresh': ({ body }) => {
        calls.refresh = body;
        current = connected;
        return { body: { system: 'QBO', fetchedAt: '2026-11-23T16:00:00.000Z', accounts: [], bankAccounts: [], taxRates: [], trackingCategories: [], currencies: [] } };
      },
      'PUT /mappings': ({ body }) => {
        calls.save = body;
        return { body: connected };
      },
    });
    renderApp('/app/mapping');
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh from QuickBooks Online' }));
    expect(await screen.findByText('Accounts and tax rates from your QuickBooks Online file.', { exact: false })).toBeTruthy();
    expect(calls.refresh).toEqual({ accountKey: 'acc-amazon' });
    const posting = screen.getByRole('region', { name: 'Posting accounts' });
    expect(within(posting).getByText('1 not in QuickBooks Online')).toBeTruthy();
    await userEvent.click(within(posting).getByRole('combobox', { name: 'Account for Suspense' }));
    await userEvent.click(await screen.findByRole('option', { name: '77 · Undeposited Funds' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save mappings (1)' }));
    await waitFor(() => expect(calls.save).toEqual({ entries: [], remove: [], roles: [{ role: 'suspense', channel: null, accountCode: '77' }] }));
  });

  it('pre-fills a new type with its category account, flagged, so one save confirms it; the new-fee setting saves alone', async () => {
    const newFee = row({
      typeKey: 'Order|ShipmentFees|FBA transportation fee',
      label: 'Amazon - Order / ShipmentFees / FBA transportation fee',
      category: 'fees',
      accountCode: null,
      taxRateCode: null,
      source: 'unmapped',
      isUnmapped: true,
      isKnownType: false,
      suggestedAccountCode: '6100',
      suggestedTaxRateCode: 'NONE',
      lineCount: 1,
      amounts: [{ currency: 'CAD', amount: '-12.5000' }],
    });
    const bodies: unknown[] = [];
    signIn();
    installFakeApi({
      ...merchantFrame(),
      'GET /mappings': { body: mappings([initial.rows[0]!, newFee]) },
      'GET /account/copy-mappings': { body: { accounts: [] } },
      'PUT /mappings': ({ body }) => {
        bodies.push(body);
        const saved = (body as { entries: unknown[] }).entries.length > 0;
        return { body: { ...mappings([initial.rows[0]!, saved ? { ...newFee, accountCode: '6100', taxRateCode: 'NONE', isUnmapped: false, source: 'explicit' as const } : newFee]), isNewFeeTypeToFees: !saved } };
      },
    });
    renderApp('/app/mapping');
    const fees = await screen.findByRole('region', { name: 'Category Fees' });
    expect(within(fees).getByRole('combobox', { name: `Account for ${newFee.label}` })).toHaveProperty('value', '6100 · Selling fees');
    expect(within(fees).getByText('New type')).toBeTruthy();
    expect(within(fees).getByText('Unmapped')).toBeTruthy();
    expect(screen.getByText('1 transaction type to map')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Post fees of new transaction types to the fees account until they are mapped' }));
    await waitFor(() => expect(bodies).toEqual([{ entries: [], remove: [], isNewFeeTypeToFees: true }]));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Post fees of new transaction types to the fees account until they are mapped' })).toHaveProperty('checked', true));

    await userEvent.click(screen.getByRole('button', { name: 'Save mappings (1)' }));
    await waitFor(() =>
      expect(bodies[1]).toEqual({ entries: [{ channel: 'AMAZON', typeKey: newFee.typeKey, accountCode: '6100', taxRateCode: 'NONE' }], remove: [] }),
    );
    expect(await screen.findByText('Everything is mapped')).toBeTruthy();
  });
});
