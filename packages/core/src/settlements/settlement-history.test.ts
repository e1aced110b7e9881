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

  it('shows a hold with its reason, and a release with who released it', () => {
    const held = buildSettlementHistory({ ...base, settlement: { ...base.settlement!, onHoldAt: t(1), onHoldReason: 'Its lines differ from its total by 0.01 USD.' } });
    expect(held.at(-1)).toMatchObject({ kind: 'held', detail: 'Its lines differ from its total by 0.01 USD.' });
    expect(rows({ ...base, audits: [{ action: 'settlement.hold-released', at: t(9), actor: maria, after: {} }] }).at(-1)).toEqual(['released', 'Released from hold', 'Maria Berger']);
  });
});
