import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCogsSettings } from './cogs-settings';
import { findChartAccount, resolveCogsAccounts } from './resolve-cogs-accounts';

const sageChart = [
  { code: 'la-1001', name: 'Stock (1001)' },
  { code: 'la-5000', name: 'Cost of sales - goods (5000)' },
];
const xeroChart = [
  { code: '630', name: 'Inventory' },
  { code: '310', name: 'Cost of Goods Sold' },
];

describe('resolveCogsAccounts', () => {
  it("finds Xero's and Sage's default COGS accounts in their standard charts", () => {
    expect(resolveCogsAccounts(defaultCogsSettings('XERO'), xeroChart, 'Xero')).toEqual({ isResolved: true, inventoryAccount: xeroChart[0], cogsAccount: xeroChart[1] });
    // Sage: by the nominal code in brackets; the ledger account id is what a journal line names.
    expect(resolveCogsAccounts(defaultCogsSettings('SAGE'), sageChart, 'Sage')).toEqual({ isResolved: true, inventoryAccount: sageChart[0], cogsAccount: sageChart[1] });
  });

  it('matches by code first, then by name (any case), and refuses an account the chart lacks, naming it', () => {
    expect(findChartAccount({ code: '310', name: 'Inventory' }, xeroChart)).toEqual(xeroChart[1]);
    expect(findChartAccount({ code: 'X', name: ' cost of goods SOLD ' }, xeroChart)).toEqual(xeroChart[1]);
    expect(findChartAccount({ code: '', name: '' }, xeroChart)).toBeUndefined();
    expect(resolveCogsAccounts({ inventoryAccount: { code: '1450', name: 'Stock on hand' }, cogsAccount: { code: '310', name: '' } }, xeroChart, 'Xero')).toEqual({
      isResolved: false,
      message: 'Xero has no account matching the inventory account "1450 Stock on hand" of Settings > Cost of Goods Sold; enter the code of an account in your Xero chart of accounts there, then send again.',
    });
  });

  it('property: a resolved account is always one of the chart', () => {
    const account = fc.record({ code: fc.string({ maxLength: 6 }), name: fc.string({ maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(account, { maxLength: 8 }), account, account, (chart, inventoryAccount, cogsAccount) => {
        const r = resolveCogsAccounts({ inventoryAccount, cogsAccount }, chart, 'Xero');
        if (r.isResolved) {
          expect(chart).toContain(r.inventoryAccount);
          expect(chart).toContain(r.cogsAccount);
        } else expect(r.message).toContain('Settings > Cost of Goods Sold');
      }),
    );
  });
});
