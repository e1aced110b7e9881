import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import { reviseMappings } from '../mapping/copy-mappings';
import { describeTypeByShape } from '../mapping/type-describers';
import { formatUnits } from '../money/money';
import { buildPostings } from './build-postings';
import { postingSink } from './posting-sink';
import type { PostingDocument, PostingSettings } from './model';
import { describeTestType, makeSettlement } from './test-support/settlement-arbitraries';

const settings: PostingSettings = { describeType: describeTestType };
const lineOf = (d: PostingDocument, role: string) => d.lines.find((l) => l.role === role);
const amountText = (d: PostingDocument, role: string) => {
  const l = lineOf(d, role);
  return l ? `${l.side} ${formatUnits(l.amount, 2)}` : undefined;
};

describe('month split', () => {
  const settlement = makeSettlement(
    [
      { type: 'Order|ItemPrice|Principal', amount: '4041.97', at: '2026-04-29T10:00:00' },
      { type: 'Order|ItemPrice|Principal', amount: '42745.40', at: '2026-05-03T10:00:00' },
    ],
    { startDate: Date.UTC(2026, 3, 28), endDate: Date.UTC(2026, 4, 12) },
  );

  it('splits a settlement spanning two months into two parts dated in their months', () => {
    const { documents } = buildPostings(settlement, defaultMappings('QBO'), settings);
    expect(documents.map((d) => [d.number, d.date, formatUnits(d.partNet, 2)])).toEqual([
      ['AMZ-7293436482-1', '2026-04-30', '4041.97'],
      ['AMZ-7293436482-2', '2026-05-12', '42745.40'],
    ]);
  });

  it('carries the first part forward so only the last part reaches the clearing account', () => {
    const [april, may] = buildPostings(settlement, defaultMappings('QBO'), settings).documents;
    expect(amountText(april!, 'carried-forward')).toBe('debit 4041.97');
    expect(lineOf(april!, 'clearing')).toBeUndefined();
    expect(amountText(may!, 'carried-forward')).toBe('credit 4041.97');
    expect(amountText(may!, 'clearing')).toBe('debit 46787.37');
  });

  it('finds month boundaries in the account time zone', () => {
    const s = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10', at: '2026-05-01T03:00:00' }]);
    const utcDocs = buildPostings(s, defaultMappings('QBO'), settings).documents;
    const laDocs = buildPostings(s, defaultMappings('QBO'), { ...settings, timeZoneId: 'America/Los_Angeles', isSplitByMonth: true }).documents;
    expect(utcDocs[0]!.part.month).toBe('2026-05');
    expect(laDocs[0]!.part.month).toBe('2026-04');
  });

  it('keeps one document when splitting is off', () => {
    const { documents } = buildPostings(settlement, defaultMappings('QBO'), { ...settings, isSplitByMonth: false });
    expect(documents).toHaveLength(1);
    expect(lineOf(documents[0]!, 'carried-forward')).toBeUndefined();
  });
});

describe('document types per system', () => {
  const negative = makeSettlement([
    { type: 'Order|ItemPrice|Principal', amount: '10.00' },
    { type: 'ServiceFee|Cost of Advertising|TransactionTotalAmount', amount: '-50.00' },
  ]);
  const positive = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10.00' }]);

  it('posts a Xero invoice, or a bill when the total is negative', () => {
    expect(buildPostings(positive, defaultMappings('XERO'), settings).documents[0]!.kind).toBe('xero-invoice');
    expect(buildPostings(negative, defaultMappings('XERO'), settings).documents[0]!.kind).toBe('xero-bill');
  });

  it('posts a Sage sales invoice, or a purchase invoice when the total is negative', () => {
    expect(buildPostings(positive, defaultMappings('SAGE'), settings).documents[0]!.kind).toBe('sage-sales-invoice');
    expect(buildPostings(negative, defaultMappings('SAGE'), settings).documents[0]!.kind).toBe('sage-purchase-invoice');
  });

  it('posts journal entries for QBO, NetSuite and the built-in ledger', () => {
    expect(buildPostings(negative, defaultMappings('QBO'), settings).documents[0]!.kind).toBe('qbo-journal-entry');
    expect(buildPostings(negative, defaultMappings('NETSUITE'), settings).documents[0]!.kind).toBe('netsuite-journal-entry');
    expect(buildPostings(negative, defaultMappings('MANUAL'), settings).documents[0]!.kind).toBe('manual-journal');
  });

  it('books a negative settlement as a credit to the clearing account', () => {
    expect(amountText(buildPostings(negative, defaultMappings('QBO'), settings).documents[0]!, 'clearing')).toBe('credit 40.00');
  });
});

describe('special lines', () => {
  it('posts Amazon reserves to the reserved-balances account', () => {
    const s = makeSettlement([
      { type: 'Order|ItemPrice|Principal', amount: '100' },
      { type: 'other-transaction|other-transaction|Current Reserve Amount', amount: '-30' },
    ]);
    const reserve = buildPostings(s, defaultMappings('XERO'), settings).documents[0]!.lines.find((l) => l.description.includes('Reserve'))!;
    expect([reserve.account.name, reserve.side, formatUnits(reserve.amount, 2)]).toEqual(['Amazon Reserved Balances', 'debit', '30.00']);
  });

  it('posts marketplace-facilitator tax in and out of the same account', () => {
    const s = makeSettlement([
      { type: 'Order|ItemPrice|Tax', amount: '8.25' },
      { type: 'Order|ItemWithheldTax|MarketplaceFacilitatorTax-Principal', amount: '-8.25' },
    ]);
    const taxLines = buildPostings(s, defaultMappings('QBO'), settings).documents[0]!.lines.filter((l) => l.role === 'transaction');
    expect(new Set(taxLines.map((l) => l.account.code)).size).toBe(1);
    expect(taxLines.map((l) => l.side).sort()).toEqual(['credit', 'debit']);
  });

  it('adds no rounding line when the rounded lines already make the total', () => {
    const s = makeSettlement(
      [
        { type: 'Order|ItemPrice|Principal', amount: '10.004' },
        { type: 'Order|ItemFees|Commission', amount: '-1.004' },
      ],
      { total: '9.00' },
    );
    const doc = buildPostings(s, defaultMappings('QBO'), settings).documents[0]!;
    expect(lineOf(doc, 'rounding')).toBeUndefined();
    expect(amountText(doc, 'clearing')).toBe('debit 9.00');
  });

  it('books a rounding line when the rounded lines miss the rounded total', () => {
    const s = makeSettlement(
      [
        { type: 'Order|ItemPrice|Principal', amount: '10.005' },
        { type: 'Order|ItemPrice|Shipping', amount: '0.005' },
      ],
      { total: '10.01' },
    );
    const doc = buildPostings(s, defaultMappings('QBO'), settings).documents[0]!;
    // 10.01 + 0.01 rounded per line = 10.02 against a deposit of 10.01.
    expect(amountText(doc, 'rounding')).toBe('debit 0.01');
    expect(amountText(doc, 'clearing')).toBe('debit 10.01');
  });

  it('keeps JPY amounts in whole yen and KWD in fils', () => {
    const yen = buildPostings(makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '1200.4' }], { currency: 'JPY', total: '1200' }), defaultMappings('QBO'), settings);
    const kwd = buildPostings(makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '1.2345' }], { currency: 'KWD', total: '1.235' }), defaultMappings('QBO'), settings);
    expect(formatUnits(yen.documents[0]!.total, 0)).toBe('1200');
    expect(formatUnits(kwd.documents[0]!.total, 3)).toBe('1.235');
    expect(yen.problems).toEqual([]);
  });
});

describe('bad input', () => {
  const inconsistent = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '50.00' }], { total: '53.44' });

  it('posts an inconsistent settlement with its difference on a flagged suspense line and a problem', () => {
    const { documents, problems } = buildPostings(inconsistent, defaultMappings('MANUAL'), settings);
    const line = lineOf(documents[0]!, 'unreconciled-difference')!;
    expect([line.account.path, line.side, formatUnits(line.amount, 2)]).toEqual(['Assets:Suspense', 'credit', '3.44']);
    expect(documents[0]!.flags).toContain('inconsistent');
    expect(amountText(documents[0]!, 'clearing')).toBe('debit 53.44');
    expect(problems.map((p) => p.code)).toEqual(['inconsistent']);
  });

  it('holds an inconsistent settlement when the account asks for it', () => {
    const { documents, problems } = buildPostings(inconsistent, defaultMappings('MANUAL'), { ...settings, inconsistentSettlements: 'hold' });
    expect(documents).toEqual([]);
    expect(problems[0]!.code).toBe('held');
  });

  it('reports each unmapped type once and posts nothing', () => {
    const s = makeSettlement([
      { type: 'Mystery|Fee|X', amount: '-1' },
      { type: 'Mystery|Fee|X', amount: '-2' },
      { type: 'Order|ItemPrice|Principal', amount: '10' },
    ]);
    const { documents, problems } = buildPostings(s, defaultMappings('QBO'), settings);
    expect(documents).toEqual([]);
    expect(problems.map((p) => [p.code, p.typeKey, p.lineCount])).toEqual([['unmapped-type', 'Mystery|Fee|X', 2]]);
  });

  it("names an unmapped type and its channel in words, never by the type's key", () => {
    const s = makeSettlement([{ type: 'other-transaction|other-transaction|New Mystery Fee', amount: '-1' }]);
    const { problems } = buildPostings(s, defaultMappings('QBO'), settings);
    expect(problems[0]!.message).toMatch(/^Transaction type "Amazon - New Mystery Fee" of Amazon \(1 line, /);
    expect(problems[0]!.message).not.toContain('|');
  });

  it('posts unmapped types to suspense when the account allows it, still reporting them', () => {
    const s = makeSettlement([
      { type: 'Mystery|Fee|X', amount: '-1' },
      { type: 'Order|ItemPrice|Principal', amount: '10' },
    ]);
    const { documents, problems } = buildPostings(s, defaultMappings('QBO', { isUnmappedToSuspense: true }), settings);
    expect(lineOf(documents[0]!, 'unmapped')!.account.name).toBe('Suspense');
    expect(documents[0]!.flags).toContain('unmapped-to-suspense');
    expect(problems).toHaveLength(1);
  });

  it('posts a new type to the account of its shape\'s category and lists it, flagged, with that account', () => {
    const s = makeSettlement([
      { type: 'Order|ShipmentFees|FBA transportation fee', amount: '-1.50' },
      { type: 'Order|ShipmentFees|FBA transportation fee', amount: '-2' },
      { type: 'Order|ItemPrice|Principal', amount: '10' },
    ]);
    const { documents, problems, newTypes } = buildPostings(s, defaultMappings('QBO'), { describeType: describeTypeByShape });
    expect(problems).toEqual([]);
    expect(documents[0]!.flags).toContain('new-type');
    const line = documents[0]!.lines.find((l) => l.description.includes('FBA transportation fee'))!;
    expect([line.account.name, line.description]).toEqual(['Amazon Seller Fees', 'Amazon - Order / ShipmentFees / FBA transportation fee (new type)']);
    expect(newTypes!.map((n) => [n.typeKey, formatUnits(n.amount, 2), n.lineCount, n.account.name])).toEqual([
      ['Order|ShipmentFees|FBA transportation fee', '-3.50', 2, 'Amazon Seller Fees'],
    ]);
  });

  it('refuses a settlement in a currency the ledger does not hold', () => {
    const s = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10' }], { currency: 'EUR' });
    const { documents, problems } = buildPostings(s, defaultMappings('XERO', { currencies: ['USD'] }), settings);
    expect(documents).toEqual([]);
    expect(problems[0]!.message).toBe('Settlement 7293436482 is in EUR, but the ledger only holds USD: enable EUR in the accounting system first.');
  });

  it('reports an unknown time zone instead of throwing', () => {
    const s = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10' }]);
    expect(buildPostings(s, defaultMappings('QBO'), { ...settings, timeZoneId: 'Mars/Olympus' }).problems[0]!.code).toBe('invalid-time-zone');
  });
});

describe('grouping and references', () => {
  const s = makeSettlement([
    { type: 'Order|ItemPrice|Principal', amount: '10', sku: 'BOOK-1', marketplace: 'Amazon.de', fulfilment: 'AFN' },
    { type: 'Order|ItemPrice|Principal', amount: '20', sku: 'MUG-1', marketplace: 'Amazon.fr', fulfilment: 'MFN' },
    { type: 'Order|ItemPrice|Principal', amount: '5', sku: 'BOOK-1', marketplace: 'Amazon.de', fulfilment: 'AFN' },
  ]);
  const sales = (extra: PostingSettings) =>
    buildPostings(s, defaultMappings('XERO'), { ...settings, ...extra }).documents[0]!.lines.filter((l) => l.role === 'transaction').map((l) => [l.description, formatUnits(l.amount, 2)]);

  it('summarises by transaction type by default', () => {
    expect(sales({})).toEqual([['Order ItemPrice Principal', '35.00']]);
  });

  it('summarises by SKU', () => {
    expect(sales({ groupBy: 'sku' })).toEqual([
      ['Order ItemPrice Principal · SKU BOOK-1', '15.00'],
      ['Order ItemPrice Principal · SKU MUG-1', '20.00'],
    ]);
  });

  it("summarises by product type, with 'Unassigned' for SKUs no rule names", () => {
    expect(sales({ groupBy: 'product-type', productTypes: [{ name: 'Books', pattern: '^BOOK-' }] })).toEqual([
      ['Order ItemPrice Principal · Books', '15.00'],
      ['Order ItemPrice Principal · Unassigned', '20.00'],
    ]);
  });

  it('summarises by country and by fulfilment channel', () => {
    expect(sales({ groupBy: 'country' }).map((x) => x[0])).toEqual(['Order ItemPrice Principal · DE', 'Order ItemPrice Principal · FR']);
    expect(sales({ groupBy: 'fulfilment' }).map((x) => x[0])).toEqual(['Order ItemPrice Principal · AFN', 'Order ItemPrice Principal · MFN']);
  });

  it('tags lines with a tracking category per marketplace', () => {
    const doc = buildPostings(s, defaultMappings('XERO'), { ...settings, isTrackedByMarketplace: true }).documents[0]!;
    expect(doc.lines.filter((l) => l.role === 'transaction').map((l) => l.tracking)).toEqual([
      [{ name: 'Marketplace', option: 'Amazon.de' }],
      [{ name: 'Marketplace', option: 'Amazon.fr' }],
    ]);
  });

  it('references the source rows each line summarises as compact ranges', () => {
    const line = buildPostings(s, defaultMappings('XERO'), settings).documents[0]!.lines.find((l) => l.role === 'transaction')!;
    expect(line.sources).toEqual({
      settlementId: '7293436482',
      selector: { typeKey: 'Order|ItemPrice|Principal', month: '2026-05' },
      lineCount: 3,
      rows: [{ file: 'test.txt', first: 3, last: 5 }],
      isComplete: true,
    });
  });

  it('uses a tax-variant rule for lines of that country', () => {
    const mappings = reviseMappings(defaultMappings('XERO'), {
      upsert: [{ channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', taxVariant: 'DE', accountCode: 'AMZOTH', taxRateCode: 'NONE' }],
    });
    const lines = buildPostings(s, mappings, settings).documents[0]!.lines.filter((l) => l.role === 'transaction');
    expect(lines.map((l) => [l.sources.selector.country, l.account.code])).toEqual([
      ['DE', 'AMZOTH'],
      ['FR', 'AMZSALES'],
    ]);
  });

  it('records the mapping version used', () => {
    const mappings = reviseMappings(defaultMappings('XERO', { ownerKey: 'acme' }), {});
    expect(buildPostings(s, mappings, settings).documents[0]!.mappingVersion).toBe('acme@v2');
  });
});

describe('open settlements and streaming', () => {
  it('posts an open settlement (no stated deposit) at the sum of its lines, flagged open', () => {
    const s = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '12.34' }], { total: null, status: 'open' });
    const { documents, problems } = buildPostings(s, defaultMappings('QBO'), settings);
    expect([formatUnits(documents[0]!.total, 2), documents[0]!.flags, problems]).toEqual(['12.34', ['open'], []]);
  });

  it('the posting sink posts a settlement met again in another file only once, with a problem', () => {
    const s = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10' }]);
    const sink = postingSink(defaultMappings('QBO'), settings);
    const { lines, ...header } = s;
    for (const file of ['a.txt', 'b.txt']) {
      sink.settlement({ ...header, sourceFile: file });
      for (const l of lines) sink.line(header.settlementId, { ...l, source: { file, row: l.source.row } });
    }
    const r = sink.result();
    expect(r.documents.map((d) => formatUnits(d.total, 2))).toEqual(['10.00']);
    expect(r.parseProblems[0]!.message).toBe('Settlement 7293436482 was already read from a.txt: the same settlement is loaded twice, so it is posted once.');
  });
});

describe('exact sums', () => {
  it('sums beyond 64 bits stay exact', () => {
    const huge = '900000000000000.0000'; // 9e18 units: two of them overflow a 64-bit integer
    const s = makeSettlement([
      { type: 'Order|ItemPrice|Principal', amount: huge },
      { type: 'Order|ItemPrice|Principal', amount: huge },
      { type: 'Order|ItemPrice|Principal', amount: '0.01' },
    ]);
    const doc = buildPostings(s, defaultMappings('QBO'), settings).documents[0]!;
    expect(formatUnits(doc.total, 2)).toBe('1800000000000000.01');
  });
});
