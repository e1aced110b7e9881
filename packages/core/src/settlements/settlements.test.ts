import { describe, expect, it } from 'vitest';
import { checkConsistency } from './check-consistency';
import { collectSettlements } from './collect-settlements';
import { describeTransactionType } from './describe-transaction-type';
import { duplicateKey } from './duplicate-key';
import type { SettlementHeader } from './model';
import { formatIsoUtc, summarizeSettlement, summaryToJson } from './settlement-json';

const header: SettlementHeader = {
  channel: 'AMAZON', settlementId: ' 7293436482', format: 'amazon-v2', marketplace: 'Amazon.de', currency: 'EUR',
  startDate: Date.UTC(2018, 4, 3, 9, 10, 7), endDate: null, depositDate: null, total: 534_400n, status: 'closed', sellerId: null, sourceFile: 'a.txt',
};
const base = { channel: 'AMAZON' as const, currency: 'EUR', lineCount: 2 };

describe('checkConsistency', () => {
  it('is consistent when the lines sum to the stated total', () => {
    expect(checkConsistency({ ...base, total: 100n, linesTotal: 100n, byType: new Map() })).toEqual({ isConsistent: true, difference: 0n, reason: null });
  });
  it('suspects a missing reserve when lines exceed the total and there is no reserve line', () => {
    const c = checkConsistency({ ...base, total: 200_000n, linesTotal: 255_000n, byType: new Map([['Order|ItemPrice|Principal', 255_000n]]) });
    expect(c.difference).toBe(-55_000n);
    expect(c.reason).toContain('a reserve line may be missing');
    expect(c.reason).toContain('-5.50 EUR');
  });
  it('says the file looks truncated when its last row is incomplete', () => {
    expect(checkConsistency({ ...base, total: 1n, linesTotal: 0n, byType: new Map(), isTruncated: true }).reason).toContain('looks truncated');
  });
  it('points at the lines of a type the total does not include when the difference equals their sum', () => {
    const c = checkConsistency({ ...base, total: 130_000n, linesTotal: 100_000n, byType: new Map([['Order|ItemPrice|Principal', 130_000n], ['other-transaction|other-transaction|Current Reserve Amount', -30_000n]]) });
    expect(c.reason).toContain('Amazon Reserve - Current reserve amount');
  });
  it('treats an open settlement as consistent', () => {
    expect(checkConsistency({ ...base, total: null, linesTotal: 5n, byType: new Map() }).isConsistent).toBe(true);
  });
});

describe('duplicateKey', () => {
  it('is channel, settlement id and currency, lower-cased and trimmed, independent of the file', () => {
    expect(duplicateKey(header)).toBe('amazon:7293436482:eur');
    const sameFromAnotherFile: SettlementHeader = { ...header, sourceFile: 'other.txt', total: 1n };
    expect(duplicateKey(sameFromAnotherFile)).toBe(duplicateKey(header));
  });
});

describe('describeTransactionType', () => {
  it('labels known Amazon types as accountants see them', () => {
    expect(describeTransactionType('AMAZON', 'Order|ItemPrice|Principal')).toEqual({ key: 'Order|ItemPrice|Principal', label: 'Amazon Sales - Principal', category: 'sales', known: true });
    expect(describeTransactionType('AMAZON', 'Order|ItemFees|FBAPerUnitFulfillmentFee').label).toBe('Amazon Fees - FBA fulfilment fee');
  });
  it('keeps an unknown type, labelled from its raw keys, guessed category, flagged', () => {
    expect(describeTransactionType('AMAZON', 'Order|ItemFees|BrandNewFee')).toEqual({ key: 'Order|ItemFees|BrandNewFee', label: 'Amazon - Order / ItemFees / BrandNewFee', category: 'fees', known: false });
  });
  it("leaves Amazon's 'other-transaction' out of an unknown type's label", () => {
    expect(describeTransactionType('AMAZON', 'other-transaction|other-transaction|New Mystery Fee').label).toBe('Amazon - New Mystery Fee');
  });
  it('describes a key the channel catalogue does not know as unknown, from its raw parts', () => {
    expect(describeTransactionType('AFTERPAY', 'Quantum Adjustment')).toMatchObject({
      label: 'Afterpay - Quantum Adjustment',
      category: 'other',
      known: false,
    });
  });
  it('describes every channel from its own catalogue', () => {
    expect(describeTransactionType('SHOPIFY', 'payout')).toMatchObject({ label: 'Shopify Payout Transfer', category: 'transfers', known: true });
  });
});

describe('collectSettlements', () => {
  it('does not return a settlement that had a problem', () => {
    const sink = collectSettlements();
    sink.settlement(header);
    sink.problem({ file: 'a.txt', row: 3, column: 'amount', message: 'bad' }, header.settlementId);
    expect(sink.result()).toMatchObject({ settlements: [], invalidSettlementIds: [header.settlementId] });
  });
  it('refuses a line for a settlement never announced (a parser bug)', () => {
    const sink = collectSettlements();
    expect(() => sink.line('x', { postedAt: null, typeKey: 'k', orderId: null, sku: null, quantity: null, marketplace: null, fulfilmentChannel: null, amount: 1n, source: { file: 'f', row: 1 } })).toThrow(/parser bug/);
  });
});

describe('settlement JSON', () => {
  it('writes dates ISO 8601 UTC and amounts with the currency minor digits', () => {
    const json = summaryToJson(summarizeSettlement({ ...header, currency: 'JPY', total: 12_000_000n, lines: [
      { postedAt: null, typeKey: 'Order|ItemPrice|Principal', orderId: null, sku: null, quantity: null, marketplace: null, fulfilmentChannel: null, amount: 12_000_000n, source: { file: 'a', row: 3 } },
    ] }));
    expect(json).toMatchObject({ startDate: '2018-05-03T09:10:07Z', total: '1200', linesTotal: '1200', consistent: true, byType: { 'Order|ItemPrice|Principal': '1200' }, lineCount: 1 });
    expect(formatIsoUtc(Date.UTC(2026, 0, 1, 0, 0, 0, 5))).toBe('2026-01-01T00:00:00.005Z');
  });
});
