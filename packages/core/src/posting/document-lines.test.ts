import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import { buildPostings } from './build-postings';
import { documentLineCount, forEachLine, someLine } from './document-lines';
import type { DocumentLine, PostingDocument, PostingSettings } from './model';
import { postingSink } from './posting-sink';
import { describeTestType, makeSettlement } from './test-support/settlement-arbitraries';

const settings: PostingSettings = { describeType: describeTestType, groupBy: 'sku', isTrackedByMarketplace: true };
// Two months, two marketplaces, a mapped and an unmapped type, SKUs out of order: every kind of grouped line.
const settlement = makeSettlement(
  [
    { type: 'Order|ItemPrice|Principal', amount: '10.005', sku: 'MUG-1', marketplace: 'Amazon.de', at: '2026-04-29T10:00:00' },
    { type: 'Order|ItemPrice|Principal', amount: '10.005', sku: 'CUP-1', marketplace: 'Amazon.de', at: '2026-04-29T11:00:00' },
    { type: 'Order|ItemPrice|Principal', amount: '20', sku: 'BOOK-1', marketplace: 'Amazon.fr', at: '2026-05-03T10:00:00' },
    { type: 'Mystery|Fee|Thing', amount: '-3.10', sku: 'BOOK-1', marketplace: 'Amazon.fr', at: '2026-05-04T10:00:00' },
    { type: 'Order|ItemPrice|Principal', amount: '5', sku: 'BOOK-1', marketplace: 'Amazon.fr', at: '2026-05-05T10:00:00' },
  ],
  { startDate: Date.UTC(2026, 3, 28), endDate: Date.UTC(2026, 4, 12), total: '41.92' },
);
const post = (): PostingDocument[] => buildPostings(settlement, defaultMappings('XERO', { isUnmappedToSuspense: true }), settings).documents;
const isAccessor = (doc: PostingDocument) => Object.getOwnPropertyDescriptor(doc, 'lines')!.get !== undefined;
/** What forEachLine hands out, copied (the cursor must not be kept). */
const visited = (doc: PostingDocument) => {
  const lines: DocumentLine[] = [];
  forEachLine(doc, (l) => lines.push({ role: l.role, account: l.account, taxRateCode: l.taxRateCode, description: l.description, side: l.side, amount: l.amount, tracking: l.tracking, sources: l.sources }));
  return lines;
};

describe('the lines of a grouped document', () => {
  it('read the same through forEachLine as through doc.lines, without making them', () => {
    for (const doc of post()) {
      const seen = visited(doc);
      expect(isAccessor(doc)).toBe(true);
      expect(documentLineCount(doc)).toBe(seen.length);
      expect(someLine(doc, (l) => l.role === 'unmapped')).toBe(doc.part.index === 2);
      expect(isAccessor(doc)).toBe(true);
      expect(doc.lines).toEqual(seen);
    }
  });

  it('are one line per group between the clearing line and the role lines', () => {
    const [april, may] = post();
    expect(april!.lines.map((l) => [l.role, l.description])).toEqual([
      ['transaction', 'Order ItemPrice Principal · SKU CUP-1 · Amazon.de'],
      ['transaction', 'Order ItemPrice Principal · SKU MUG-1 · Amazon.de'],
      ['rounding', 'Rounding difference'],
      ['carried-forward', 'Split month settlement: balance of this part carried forward'],
    ]);
    expect(may!.lines.map((l) => l.role)).toEqual(['clearing', 'unmapped', 'transaction', 'carried-forward', 'unreconciled-difference']);
    expect(may!.lines[1]).toMatchObject({ description: 'Unmapped transaction type: Mystery Fee Thing · SKU BOOK-1 · Amazon.fr', side: 'debit', tracking: [{ name: 'Marketplace', option: 'Amazon.fr' }] });
    expect(may!.lines[1]!.sources).toMatchObject({ selector: { typeKey: 'Mystery|Fee|Thing', month: '2026-05', sku: 'BOOK-1', marketplace: 'Amazon.fr' }, lineCount: 1 });
  });

  it('become a plain array in the same place among the keys once read, as JSON, a spread and a clone read them', () => {
    const doc = post()[1]!;
    const keys = Object.keys(doc);
    const json = JSON.parse(JSON.stringify(doc, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))) as { lines: unknown[] };
    expect(json.lines).toHaveLength(5);
    expect(Object.keys(doc)).toEqual(keys);
    expect(Object.getOwnPropertyDescriptor(doc, 'lines')).toMatchObject({ writable: true, enumerable: true });
    expect({ ...doc }.lines).toBe(doc.lines);
    expect(structuredClone(post()[1]!)).toEqual(doc);
  });

  it('once read, are what forEachLine walks, changes included; assigned, they replace the column', () => {
    const doc = post()[1]!;
    doc.lines[1]!.description = 'changed';
    expect(visited(doc)[1]!.description).toBe('changed');
    const other = post()[1]!;
    other.lines = other.lines.slice(0, 1);
    expect(documentLineCount(other)).toBe(1);
  });

  it('of a frozen document are made once and kept', () => {
    const doc = Object.freeze(post()[1]!);
    expect(doc.lines).toBe(doc.lines);
    expect(visited(doc)).toEqual(doc.lines);
  });

  it('are in type order, then SKU, however few groups share the types', () => {
    const order = (specs: { type: string; sku: string }[]) => {
      const s = makeSettlement(specs.map((x) => ({ ...x, amount: '1' })));
      const doc = buildPostings(s, defaultMappings('QBO', { isUnmappedToSuspense: true }), { groupBy: 'sku' }).documents[0]!;
      return doc.lines.filter((l) => l.role === 'unmapped').map((l) => `${l.sources.selector.typeKey} ${l.sources.selector.sku}`);
    };
    const skus = ['S9', 'S3', 'S7', 'S1', 'S5'];
    // Every SKU with its own type (few groups among many type and SKU pairs) and every SKU with every type.
    const sparse = skus.map((sku, i) => ({ type: `T|${String.fromCharCode(70 - i)}|x`, sku }));
    const dense = skus.flatMap((sku) => ['T|B|x', 'T|A|x'].map((type) => ({ type, sku })));
    expect(order(sparse)).toEqual([...order(sparse)].sort());
    expect(order(sparse)[0]).toBe('T|B|x S5');
    expect(order(dense)).toEqual([...order(dense)].sort());
    expect(order(dense)).toHaveLength(10);
  });
});

describe('an aggregator whose documents were built', () => {
  it('refuses another line', () => {
    const sink = postingSink(defaultMappings('QBO'), { describeType: describeTestType });
    const { lines, ...header } = makeSettlement([{ type: 'Order|ItemPrice|Principal', amount: '10' }]);
    sink.settlement(header);
    sink.line(header.settlementId, lines[0]!);
    expect(sink.result().documents).toHaveLength(1);
    expect(() => sink.line(header.settlementId, lines[0]!)).toThrow('settlement 7293436482: a line or header came after its documents were built');
  });
});
