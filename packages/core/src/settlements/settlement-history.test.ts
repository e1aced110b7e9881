import { describe, expect, it } from 'vitest';
import { buildSettlementHistory, type SettlementHistoryFacts } from './settlement-history';

const t = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
const maria = { name: 'Maria Berger', email: 'maria@example.com' };
const sam = { name: null, email: 'sam@example.com' };

const base: SettlementHistoryFacts = {
  settlement: { settlementId: '11223344556', createdAt: t(0), sourceKind: 'file', sourceFile: 'october.txt', channelName: 'Amazon', importedBy: maria, onHoldAt: null, onHoldReason: null },
  audits: [],
  documents: [],
  mappingSaves: [],
};

const rows = (facts: SettlementHistoryFacts) => buildSettlementHistory(facts).map((e) => [e.kind, e.title, e.by]);

describe('buildSettlementHistory', () => {
  it('tells imported, mapped, sent, posted in order, each with who', () => {
    const facts: SettlementHistoryFacts = {
      ...base,
      mappingSaves: [{ action: 'mappings.saved', at: t(5), actor: sam }],
      audits: [{ action: 'settlement.send-queued', at: t(10), actor: maria, after: {} }],
      documents: [{ number: 'AMZ-11223344556', systemName: 'Built-in ledger', status: 'POSTED', createdAt: t(10), postedAt: t(11), reversedAt: null, updatedAt: t(11), error: null }],
    };
    expect(rows(facts)).toEqual([
      ['imported', 'Imported', 'Maria Berger'],
      ['mapped', 'Mapped', 'sam@example.com'],
      ['sent', 'Sent', 'Maria Berger'],
      ['posted', 'Posted AMZ-11223344556', 'Maria Berger'],
    ]);
  });

  it('says a fetched settlement came from its channel and an automatic send came from the automation', () => {
    const facts: SettlementHistoryFacts = {
      ...base,
      settlement: { ...base.settlement!, sourceKind: 'api', importedBy: null },
      audits: [{ action: 'settlement.auto-send-queued', at: t(3), actor: null, after: {} }],
      documents: [{ number: 'D1', systemName: 'Xero', status: 'FAILED', createdAt: t(3), postedAt: null, reversedAt: null, updatedAt: t(4), error: 'Xero refused the account 200.' }],
    };
    const history = buildSettlementHistory(facts);
    expect(history.map((e) => [e.kind, e.by])).toEqual([['imported', 'Amazon'], ['sent', 'Automation'], ['failed', 'Automation']]);
    expect(history[2]!.detail).toBe('Xero refused the account 200.');
  });

  it('leaves out mapping saves after the first posting, and keeps a deleted settlement\'s audit history', () => {
    const facts: SettlementHistoryFacts = {
      settlement: null,
      mappingSaves: [{ action: 'mappings.saved', at: t(30), actor: sam }],
      audits: [
        { action: 'settlement.reprocessed', at: t(20), actor: sam, after: {} },
        { action: 'settlement.deleted', at: t(40), actor: maria, after: null },
        { action: 'settlement.unknown-thing', at: t(41), actor: maria, after: null },
      ],
      documents: [{ number: 'D1', systemName: 'Xero', status: 'REVERSED', createdAt: t(1), postedAt: t(2), reversedAt: t(25), updatedAt: t(25), error: null }],
    };
    expect(rows(facts)).toEqual([
      ['posted', 'Posted D1', 'Ledgerport'],
      ['reprocessed', 'Reprocessed', 'sam@example.com'],
      ['reversed', 'Reversed D1', 'Ledgerport'],
      ['deleted', 'Deleted', 'Maria Berger'],
    ]);
  });

  it('keeps what a confirmed reprocess changed with its entry, worded with debit and credit per account', () => {
    const diff = {
      documents: [{ partIndex: 1, month: '2026-05', before: { number: 'AMZ-1', date: '2026-05-31', currency: 'USD' }, after: { number: 'AMZ-1', date: '2026-05-31', currency: 'USD' }, lines: [{ role: 'transaction', description: 'Principal', before: { accountCode: '4000', accountName: 'Sales', taxRateCode: 'NONE', amount: '-49.99', tracking: '' }, after: { accountCode: '6100', accountName: 'Fees', taxRateCode: 'NONE', amount: '-49.99', tracking: '' } }] }],
      accountNets: [
        { currency: 'USD', accountCode: '4000', accountName: 'Sales', before: '-49.99', after: '0', change: '49.99' },
        { currency: 'USD', accountCode: '6100', accountName: 'Fees', before: '0', after: '-49.99', change: '-49.99' },
        { currency: 'USD', accountCode: '1200', accountName: 'Clearing', before: '49.99', after: '49.99', change: '0' },
      ],
      moved: [{ currency: 'USD', amount: '49.99' }],
    };
    const history = buildSettlementHistory({ ...base, audits: [{ action: 'settlement.reprocessed', at: t(9), actor: sam, after: { postingStatus: 'POSTED', diff } }] });
    expect(history.at(-1)).toMatchObject({
      kind: 'reprocessed',
      title: 'Reprocessed and posted again',
      detail: '1 document reversed, 1 document posted, 1 line changed. 49.99 USD moves: Sales (4000) debit 49.99 USD; Fees (6100) credit 49.99 USD.',
      diff,
    });
  });

  it('shows a hold with its reason, and a release with who released it', () => {
    const held = buildSettlementHistory({ ...base, settlement: { ...base.settlement!, onHoldAt: t(1), onHoldReason: 'Its lines differ from its total by 0.01 USD.' } });
    expect(held.at(-1)).toMatchObject({ kind: 'held', detail: 'Its lines differ from its total by 0.01 USD.' });
    expect(rows({ ...base, audits: [{ action: 'settlement.hold-released', at: t(9), actor: maria, after: {} }] }).at(-1)).toEqual(['released', 'Released from hold', 'Maria Berger']);
  });
});
