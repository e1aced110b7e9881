import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import { buildPostings } from '../posting/build-postings';
import { describeTestType, makeSettlement } from '../posting/test-support/settlement-arbitraries';
import { journalFromDocument, reverseJournal } from './journal-from-document';
import { accountLedger, trialBalance } from './trial-balance';

const settlement = makeSettlement([
  { type: 'Order|ItemPrice|Principal', amount: '100.00' },
  { type: 'Order|ItemFees|Commission', amount: '-15.00' },
]);
const [doc] = buildPostings(settlement, defaultMappings('MANUAL'), { describeType: describeTestType }).documents;
const journal = journalFromDocument(doc!, 'j1');

describe('built-in ledger', () => {
  it('turns a document into a journal that records its settlement and mapping version', () => {
    expect([journal.settlementId, journal.mappingVersion, journal.lines.length]).toEqual(['7293436482', 'default@v1', 3]);
  });

  it('refuses a journal that does not balance', () => {
    expect(() => journalFromDocument({ ...doc!, lines: doc!.lines.slice(1) }, 'x')).toThrow(/does not balance/);
  });

  it('a reversal swaps every side and brings the trial balance back to zero', () => {
    const reversal = reverseJournal(journal, { id: 'j2', date: '2026-06-01' });
    expect(reversal.reversesId).toBe('j1');
    expect(trialBalance([journal, reversal]).every((r) => r.balance === 0n)).toBe(true);
  });

  it('does not reverse a reversal', () => {
    const reversal = reverseJournal(journal, { id: 'j2', date: '2026-06-01' });
    expect(() => reverseJournal(reversal, { id: 'j3', date: '2026-06-02' })).toThrow(/itself a reversal/);
  });

  it('the trial balance sums debits and credits per account and balances to zero', () => {
    const rows = trialBalance([journal]);
    expect(rows.map((r) => [r.accountCode, r.balance])).toEqual([
      ['Assets:Clearing:Amazon', 850_000n],
      ['Expenses:Amazon:SellerFees', 150_000n],
      ['Income:Amazon:Sales', -1_000_000n],
    ]);
    expect(rows.reduce((a, r) => a + r.balance, 0n)).toBe(0n);
  });

  it('the trial balance can stop at a date', () => {
    expect(trialBalance([journal], { throughDate: '2026-01-01' })).toEqual([]);
  });

  it('the account ledger lists movements in date order with a running balance', () => {
    const later = { ...journal, id: 'j9', date: '2026-07-01' };
    const entries = accountLedger([later, journal], 'Assets:Clearing:Amazon', 'USD');
    expect(entries.map((e) => [e.journalId, e.runningBalance])).toEqual([
      ['j1', 850_000n],
      ['j9', 1_700_000n],
    ]);
  });
});
