import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, EMPTY_FILTERS, buildSearchClause, readSavedListState, writeSavedListState } from './settlement-filters';

describe('settlement search clause', () => {
  it('always starts with the account and, for the standard list, excludes B2B, deferred transactions and deferred revenue', () => {
    const clause = buildSearchClause('acc-1', 'standard', EMPTY_FILTERS);
    expect(clause[0]).toEqual([{ filterKey: 'accountKey', operation: 'eq', value: 'acc-1' }]);
    expect(clause).toContainEqual([{ filterKey: 'isSingleOrder', operation: 'eq', value: false }]);
    expect(clause).toContainEqual([
      { filterKey: 'gateway', operation: 'nu' },
      { filterKey: 'gateway', operation: 'ne', value: 'Deferred Revenue' },
    ]);
  });

  it('selects each special list by its own criterion', () => {
    expect(buildSearchClause('a', 'b2b', EMPTY_FILTERS)[1]).toEqual([{ filterKey: 'isSingleOrder', operation: 'eq', value: true }]);
    expect(buildSearchClause('a', 'deferred-revenue', EMPTY_FILTERS)[1]).toEqual([{ filterKey: 'gateway', operation: 'eq', value: 'Deferred Revenue' }]);
    expect(buildSearchClause('a', 'deferred-transactions', EMPTY_FILTERS)[1]).toEqual([{ filterKey: 'isDeferredTransactionSettlement', operation: 'eq', value: true }]);
    expect(buildSearchClause('a', 'overview', EMPTY_FILTERS)).toHaveLength(1);
  });

  it('counts the end date as the whole day and ORs channels with gateways', () => {
    const clause = buildSearchClause('a', 'overview', {
      ...EMPTY_FILTERS,
      range: { start: '2026-10-01', end: '2026-10-31' },
      statuses: ['POSTED', 'PARTIALLY_POSTED'],
      channels: ['Amazon.com'],
      gateways: ['PayPal'],
      currency: 'USD',
      text: '  1234 ',
    });
    expect(clause.slice(1)).toEqual([
      [{ filterKey: 'start', operation: 'ge', value: '2026-10-01T00:00:00.000Z' }],
      [{ filterKey: 'start', operation: 'le', value: '2026-10-31T23:59:59.999Z' }],
      [{ filterKey: 'postingStatus', operation: 'in', value: ['POSTED', 'PARTIALLY_POSTED'] }],
      [
        { filterKey: 'channel', operation: 'in', value: ['Amazon.com'] },
        { filterKey: 'gateway', operation: 'in', value: ['PayPal'] },
      ],
      [{ filterKey: 'currency', operation: 'eq', value: 'USD' }],
      [{ filterKey: 'text', operation: 'like', value: '1234' }],
    ]);
  });
});

describe('saved settlement filters', () => {
  it('are kept per account and per list', () => {
    const saved = { ...DEFAULT_LIST_STATE, filters: { ...EMPTY_FILTERS, text: 'abc', statuses: ['POSTED' as const] }, pageSize: 50 };
    writeSavedListState('acc-1', 'standard', saved);
    expect(readSavedListState('acc-1', 'standard')).toEqual(saved);
    expect(readSavedListState('acc-2', 'standard')).toEqual(DEFAULT_LIST_STATE);
    expect(readSavedListState('acc-1', 'b2b')).toEqual(DEFAULT_LIST_STATE);
  });

  it('ignore what they cannot read instead of failing', () => {
    localStorage.setItem('ledgerport.settlementFilters.acc-1.standard', '{"filters":{"statuses":["BOGUS","POSTED"],"range":{"start":"nope"}},"pageSize":7}');
    expect(readSavedListState('acc-1', 'standard')).toEqual({ ...DEFAULT_LIST_STATE, filters: { ...EMPTY_FILTERS, statuses: ['POSTED'] } });
    localStorage.setItem('ledgerport.settlementFilters.acc-1.standard', 'not json');
    expect(readSavedListState('acc-1', 'standard')).toEqual(DEFAULT_LIST_STATE);
  });
});
