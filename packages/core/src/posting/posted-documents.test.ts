import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import type { AccountingSystem } from '../mapping/model';
import { buildPostings } from './build-postings';
import type { DocumentKind } from './model';
import { documentClassOf, documentKindLabel, documentKindsOf, documentLinesTotal, DOCUMENT_CLASSES, remoteDocumentLink } from './posted-documents';
import { describeTestType, settlementArbitrary } from './test-support/settlement-arbitraries';

const systems: AccountingSystem[] = ['QBO', 'XERO', 'SAGE', 'NETSUITE', 'MANUAL'];

describe('documentLinesTotal', () => {
  it("sums every built document's lines (clearing line aside, seller-signed) to its total exactly", () => {
    fc.assert(
      fc.property(settlementArbitrary(), fc.constantFrom(...systems), fc.boolean(), (c, system, isSplitByMonth) => {
        const { documents } = buildPostings(c.settlement, defaultMappings(system), { describeType: describeTestType, isSplitByMonth });
        for (const doc of documents) expect(documentLinesTotal(doc)).toBe(doc.total);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a credit as money to the seller and leaves the clearing line out', () => {
    const lines = [
      { role: 'transaction', side: 'credit' as const, amount: 1_000_000n },
      { role: 'transaction', side: 'debit' as const, amount: 150_000n },
      { role: 'clearing', side: 'debit' as const, amount: 850_000n },
    ];
    expect(documentLinesTotal({ lines })).toBe(850_000n);
  });
});

describe('document classes', () => {
  it('puts every kind in exactly one class, and each class lists its kinds', () => {
    const all = DOCUMENT_CLASSES.flatMap((c) => documentKindsOf(c));
    expect(new Set(all).size).toBe(all.length);
    for (const c of DOCUMENT_CLASSES) for (const k of documentKindsOf(c)) expect(documentClassOf(k)).toBe(c);
    expect(documentKindsOf('bill').sort()).toEqual<DocumentKind[]>(['sage-purchase-invoice', 'xero-bill']);
  });

  it('names a kind it does not know by itself, as a journal', () => {
    expect(documentKindLabel('cogs-journal')).toBe('cogs-journal');
    expect(documentClassOf('cogs-journal')).toBe('journal');
  });
});

describe('remoteDocumentLink', () => {
  const base = { storedUrl: null, remoteId: 'abc-123' };
  it('opens a Xero invoice, bill and manual journal on their own pages', () => {
    expect(remoteDocumentLink({ ...base, system: 'XERO', kind: 'xero-invoice' })).toBe('https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=abc-123');
    expect(remoteDocumentLink({ ...base, system: 'XERO', kind: 'xero-bill' })).toBe('https://go.xero.com/AccountsPayable/View.aspx?InvoiceID=abc-123');
  });

  it('opens a QuickBooks journal entry by its id, and a NetSuite one on the account host', () => {
    expect(remoteDocumentLink({ ...base, remoteId: '42', system: 'QBO', kind: 'qbo-journal-entry' })).toBe('https://app.qbo.intuit.com/app/journal?txnId=42');
    expect(remoteDocumentLink({ ...base, remoteId: '7', system: 'NETSUITE', kind: 'netsuite-journal-entry', netsuiteAccountId: '1234567_SB1' })).toBe(
      'https://1234567-sb1.app.netsuite.com/app/accounting/transactions/journal.nl?id=7',
    );
  });

  it('has no link for the built-in ledger, Sage, NetSuite without its account, or a document not posted', () => {
    expect(remoteDocumentLink({ ...base, system: 'MANUAL', kind: 'manual-journal' })).toBeNull();
    expect(remoteDocumentLink({ ...base, system: 'SAGE', kind: 'sage-sales-invoice' })).toBeNull();
    expect(remoteDocumentLink({ ...base, system: 'NETSUITE', kind: 'netsuite-journal-entry', netsuiteAccountId: 'evil.example/x' })).toBeNull();
    expect(remoteDocumentLink({ ...base, remoteId: null, system: 'QBO', kind: 'qbo-journal-entry' })).toBeNull();
  });

  it("prefers the link the system itself returned", () => {
    expect(remoteDocumentLink({ ...base, system: 'SAGE', kind: 'sage-sales-invoice', storedUrl: 'https://app.example/1' })).toBe('https://app.example/1');
  });
});
