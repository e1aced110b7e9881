/** A small balanced settlement document of each kind, as core's buildPostings makes them (for adapter tests). */
import type { DocumentKind, DocumentLine, PostingDocument } from '@ledgerport/core/posting';
import type { AccountKind } from '@ledgerport/core/mapping';

const line = (code: string, name: string, kind: AccountKind, side: 'debit' | 'credit', amount: bigint, role: DocumentLine['role'] = 'transaction', taxRateCode = ''): DocumentLine => ({
  role,
  account: { code, name, kind, path: `${kind}:${name}` },
  taxRateCode,
  description: name,
  side,
  amount,
  tracking: [],
  sources: { settlementId: 's-1', selector: {}, lineCount: 1, rows: [], isComplete: true },
});

/** Codes: sales, fees, clearing accounts of the system's local stand-in chart. */
export function sampleDocument(kind: DocumentKind, codes: { sales: string; fees: string; clearing: string }, number = 'AMZ-1001'): PostingDocument {
  // Sales 1,000.00 credit; fees 150.25 debit; clearing (the deposit) 849.75 debit.
  const lines = [
    line(codes.sales, 'Amazon Sales', 'income', 'credit', 10_000_000n),
    line(codes.fees, 'Amazon Seller Fees', 'expense', 'debit', 1_502_500n),
    line(codes.clearing, 'Amazon Clearing', 'asset', 'debit', 8_497_500n, 'clearing'),
  ];
  return {
    kind,
    system: kind.startsWith('xero') ? 'XERO' : kind.startsWith('qbo') ? 'QBO' : kind.startsWith('sage') ? 'SAGE' : kind.startsWith('netsuite') ? 'NETSUITE' : 'MANUAL',
    number,
    date: '2026-05-31',
    description: 'Amazon US settlement 12345678901',
    channel: 'AMAZON',
    settlementId: 's-1',
    sourceFile: 'settlement.txt',
    marketplace: 'Amazon.com',
    currency: 'USD',
    part: { index: 1, count: 1, month: '2026-05' },
    total: 8_497_500n,
    partNet: 8_497_500n,
    mappingVersion: 'test@v1',
    flags: [],
    lines,
  };
}
