import { describe, expect, it } from 'vitest';
import { checkNewLedgerAccount, inactiveChoices, newLedgerAccount, whyAccountCannotBeDeleted, whyAccountMustStayActive } from './built-in-chart';
import { builtInTaxSetup, checkRatePercent } from './built-in-tax-rates';
import { defaultMappings } from './default-mappings';

const set = defaultMappings('MANUAL', { channels: ['AMAZON'] });

describe('the chart of accounts of the built-in ledger', () => {
  it('starts with the 14 accounts of the default chart', () => {
    expect(set.chart.accounts).toHaveLength(14);
  });

  it('refuses a code another account has (case-insensitively), and a blank name', () => {
    expect(checkNewLedgerAccount(set.chart, { code: 'income:amazon:sales', name: 'X' }).map((p) => p.field)).toEqual(['code']);
    expect(checkNewLedgerAccount(set.chart, { code: '8400', name: '  ' }).map((p) => p.field)).toEqual(['name']);
    expect(checkNewLedgerAccount(set.chart, { code: '8400', name: 'Erlöse 19 %' })).toEqual([]);
  });

  it('gives a new account a path under its kind, unique in the chart', () => {
    expect(newLedgerAccount(set.chart, { code: '8400', name: 'erlöse 19 %', kind: 'income' }).path).toBe('Income:Erlose19');
    const taken = { accounts: [...set.chart.accounts, { code: 'a', name: 'Bank', kind: 'asset' as const, path: 'Assets:Bank' }] };
    expect(newLedgerAccount(taken, { code: '1200', name: 'Bank', kind: 'asset' }).path).toBe('Assets:Bank2');
  });

  it('keeps role accounts and the account of an active tax rate active; never deletes a posted account', () => {
    const clearing = set.chart.accounts.find((a) => a.role === 'clearing')!;
    expect(whyAccountMustStayActive(clearing, [])).toMatch(/stays active/);
    const setup = builtInTaxSetup('DE')!;
    expect(whyAccountMustStayActive(setup.account, setup.rates)).toMatch(/posts to VAT/);
    const sales = set.chart.accounts.find((a) => a.code === 'Income:Amazon:Sales')!;
    expect(whyAccountCannotBeDeleted(sales, { isPosted: true, isMapped: false, taxRates: [] })).toMatch(/deactivate it instead/);
    expect(whyAccountCannotBeDeleted({ ...sales, code: 'x' }, { isPosted: false, isMapped: false, taxRates: [] })).toBeNull();
  });

  it('a deactivated account cannot be chosen anew, but keeps the mappings that had it', () => {
    const chart = { ...set.chart, accounts: set.chart.accounts.map((a) => (a.code === 'Expenses:Amazon:OtherCharges' ? { ...a, isInactive: true } : a)) };
    expect(inactiveChoices(chart, set, set)).toEqual([]);
    const next = { ...set, entries: [{ channel: 'AMAZON' as const, typeKey: 'Order|ItemFees|Commission', accountCode: 'Expenses:Amazon:OtherCharges', taxRateCode: 'NONE' }] };
    expect(inactiveChoices(chart, set, next).map((p) => p.field)).toEqual(['entries.0']);
  });

  it('a rate is a percentage from 0 to 100 with at most 4 places', () => {
    expect([checkRatePercent('19'), checkRatePercent('5.5'), checkRatePercent('0')]).toEqual([null, null, null]);
    expect([checkRatePercent('19,5'), checkRatePercent('101'), checkRatePercent('-1'), checkRatePercent('1.23456')].every((p) => p !== null)).toBe(true);
  });
});
