import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MappingRow, Mappings } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { codeOfTyped } from './mapping-opt-page';

const row = (n: number, over: Partial<MappingRow> = {}): MappingRow => ({
  channel: 'AMAZON',
  typeKey: `Other|Type${n}`,
  label: `Type ${n}`,
  category: 'other',
  isKnownType: true,
  accountCode: null,
  taxRateCode: null,
  source: 'unmapped',
  isUnmapped: true,
  suggestedAccountCode: null,
  suggestedTaxRateCode: null,
  lineCount: 1,
  amounts: [{ currency: 'USD', amount: '1.0000' }],
  ...over,
});

const ACCOUNTS = [
  { code: '4000', name: 'Sales', kind: 'revenue', path: 'Income:Sales', role: null },
  { code: '6100', name: 'Selling fees', kind: 'expense', path: 'Expenses:Fees', role: null },
];
const TAX_RATES = [
  { code: 'NONE', name: 'No tax' },
  { code: 'STD', name: 'Standard' },
];

function mappings(rows: MappingRow[], version = 3): Mappings {
  return {
    accountKey: 'acc-amazon',
    version,
    system: 'MANUAL',
    chartSource: 'default',
    accounts: ACCOUNTS,
    taxRates: TAX_RATES,
    roleAccounts: [],
    defaultTaxRateCode: 'NONE',
    isUnmappedToSuspense: false,
    isNewFeeTypeToFees: false,
    rows,
    unmappedCount: rows.filter((r) => r.isUnmapped).length,
    mappingsCompleted: rows.every((r) => !r.isUnmapped),
    copiedFrom: null,
  };
}

// Hundreds of types, the page's reason to be.
const ROWS = Array.from({ length: 150 }, (_, i) => row(i + 1, i === 0 ? { accountCode: '4000', taxRateCode: 'NONE', source: 'explicit', isUnmapped: false, label: 'Type 1 sales' } : {}));

function serve(saved: { body?: unknown }) {
  signIn();
  installFakeApi({
    ...merchantFrame(),
    'GET /mappings': { body: mappings(ROWS) },
    'PUT /mappings': ({ body }) => {
      saved.body = body;
      return { body: mappings(ROWS.map((r) => (r.typeKey === 'Other|Type2' ? { ...r, accountCode: '6100', taxRateCode: 'NONE', isUnmapped: false, source: 'explicit' } : r)), 4) };
    },
  });
}

describe('mapping options (the optimized mapping view)', () => {
  it('reads a typed code or "code · name" as the account, case-insensitively, and nothing else', () => {
    expect(codeOfTyped('6100', ACCOUNTS)).toBe('6100');
    expect(codeOfTyped('6100 · selling FEES', ACCOUNTS)).toBe('6100');
    expect(codeOfTyped('Selling', ACCOUNTS)).toBeUndefined();
    expect(codeOfTyped('  ', ACCOUNTS)).toBeUndefined();
  });

  it('moves between rows with the arrow keys, takes a typed account code, and saves the change as one entry with Ctrl+S', async () => {
    const saved: { body?: unknown } = {};
    serve(saved);
    renderApp('/app/mapping-opt');
    const first = await screen.findByRole('combobox', { name: 'Account for Type 1 sales' });
    expect(first).toHaveProperty('value', '4000 · Sales');
    expect(screen.getAllByRole('combobox', { name: /^Account for / })).toHaveLength(150);
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    const second = screen.getByRole('combobox', { name: 'Account for Type 2' });
    expect(document.activeElement).toBe(second);
    await userEvent.type(second, '6100');
    expect(screen.getByRole('button', { name: 'Save changes (1)' })).toHaveProperty('disabled', false);
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(saved.body).toEqual({ entries: [{ channel: 'AMAZON', typeKey: 'Other|Type2', accountCode: '6100', taxRateCode: 'NONE' }], remove: [] }));
    expect(await screen.findByText(/version 4$/)).toBeTruthy();
  });

  it('refuses to save an account the chart does not have, naming the type and the value', async () => {
    const saved: { body?: unknown } = {};
    serve(saved);
    renderApp('/app/mapping-opt');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Account for Type 3' }), '9999');
    expect((await screen.findByRole('alert')).textContent).toContain('Type 3: no account "9999"');
    expect(screen.getByRole('button', { name: 'Save changes (0)' })).toHaveProperty('disabled', true);
  });

  it('finds types with "/" and the filter, and shows only unmapped ones on request', async () => {
    serve({});
    renderApp('/app/mapping-opt');
    await screen.findByRole('combobox', { name: 'Account for Type 1 sales' });
    await userEvent.keyboard('/');
    const find = screen.getByRole('textbox', { name: 'Find a transaction type' });
    expect(document.activeElement).toBe(find);
    await userEvent.type(find, 'Type 14');
    // Type 14 and Type 140..149.
    expect(screen.getAllByRole('combobox', { name: /^Account for / })).toHaveLength(11);
    await userEvent.clear(find);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only unmapped types' }));
    expect(screen.getAllByRole('combobox', { name: /^Account for / })).toHaveLength(149);
  });

  it('pre-fills a new fee type with the fees account, as /mapping does, so one save confirms it', async () => {
    const newFee = row(900, {
      typeKey: 'Order|ShipmentFees|FBA transportation fee',
      label: 'FBA transportation fee',
      category: 'fees',
      isKnownType: false,
      suggestedAccountCode: '6100',
      suggestedTaxRateCode: 'NONE',
    });
    let saved: unknown;
    signIn();
    installFakeApi({
      ...merchantFrame(),
      'GET /mappings': { body: mappings([ROWS[0]!, newFee]) },
      'PUT /mappings': ({ body }) => {
        saved = body;
        return { body: mappings([ROWS[0]!, { ...newFee, accountCode: '6100', taxRateCode: 'NONE', isUnmapped: false, source: 'explicit' }], 4) };
      },
    });
    renderApp('/app/mapping-opt');
    expect(await screen.findByRole('combobox', { name: 'Account for FBA transportation fee' })).toHaveProperty('value', '6100 · Selling fees');
    expect(screen.getByRole('combobox', { name: 'Tax rate for FBA transportation fee' })).toHaveProperty('value', 'NONE · No tax');
    const feeRow = screen.getByRole('combobox', { name: 'Account for FBA transportation fee' }).closest('tr')!;
    expect(within(feeRow).getByText('Unmapped')).toBeTruthy();
    expect(within(feeRow).getByTitle("Pre-filled with its category's account: save to confirm").textContent).toBe('New type');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes (1)' }));
    await waitFor(() => expect(saved).toEqual({ entries: [{ channel: 'AMAZON', typeKey: newFee.typeKey, accountCode: '6100', taxRateCode: 'NONE' }], remove: [] }));
    expect(await screen.findByText(/version 4$/)).toBeTruthy();
  });
});
