import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import type { AccountingSystem } from '../mapping/model';
import { roundToMinor } from '../money/money';
import { assertBalanced } from './assert-balanced';
import { buildPostings } from './build-postings';
import { postingSink } from './posting-sink';
import type { GroupBy, PostingDocument } from './model';
import { describeTestType, settlementArbitrary } from './test-support/settlement-arbitraries';

const systems: AccountingSystem[] = ['QBO', 'XERO', 'SAGE', 'NETSUITE', 'MANUAL'];
const settingsArb = fc.record({
  system: fc.constantFrom(...systems),
  timeZoneId: fc.constantFrom('UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Chatham', 'Asia/Tokyo'),
  groupBy: fc.constantFrom<GroupBy>('type', 'sku', 'product-type', 'country', 'fulfilment'),
  isSplitByMonth: fc.boolean(),
});

const signed = (d: PostingDocument, role: string) =>
  d.lines.filter((l) => l.role === role).reduce((a, l) => a + (l.side === 'debit' ? l.amount : -l.amount), 0n);

interface CaseSettings {
  system: AccountingSystem;
  timeZoneId: string;
  groupBy: GroupBy;
  isSplitByMonth: boolean;
}
const post = (c: { settlement: Parameters<typeof buildPostings>[0] }, s: CaseSettings) =>
  buildPostings(c.settlement, defaultMappings(s.system), {
    timeZoneId: s.timeZoneId,
    groupBy: s.groupBy,
    isSplitByMonth: s.isSplitByMonth,
    describeType: describeTestType,
    productTypes: [{ name: 'Books', pattern: '^BOOK-' }],
  });

describe('buildPostings on generated settlements', () => {
  it('every document balances and every amount is whole minor units', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        const { documents } = post(c, s);
        expect(documents.length).toBeGreaterThan(0);
        for (const d of documents) assertBalanced(d);
      }),
      { numRuns: 1500 },
    );
  });

  it('the month parts sum to the deposit', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        const { documents } = post(c, s);
        const deposit = roundToMinor(c.settlement.total!, c.settlement.currency);
        expect(documents.reduce((a, d) => a + d.partNet, 0n)).toBe(deposit);
      }),
      { numRuns: 1500 },
    );
  });

  it('the clearing account receives exactly the deposit and the carried-forward account nets to zero', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        const { documents } = post(c, s);
        const deposit = roundToMinor(c.settlement.total!, c.settlement.currency);
        expect(documents.reduce((a, d) => a + signed(d, 'clearing'), 0n)).toBe(deposit);
        expect(documents.reduce((a, d) => a + signed(d, 'carried-forward'), 0n)).toBe(0n);
        expect(documents.at(-1)!.total).toBe(deposit);
      }),
      { numRuns: 1500 },
    );
  });

  it('an inconsistent settlement carries its whole difference on one unreconciled-difference line and a problem', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        const { documents, problems } = post(c, s);
        const unreconciled = documents.flatMap((d) => d.lines.filter((l) => l.role === 'unreconciled-difference'));
        expect(unreconciled.length).toBe(c.isConsistent ? 0 : 1);
        expect(problems.some((p) => p.code === 'inconsistent')).toBe(!c.isConsistent);
      }),
      { numRuns: 1000 },
    );
  });

  it('posting twice gives identical documents', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        expect(post(c, s)).toEqual(post(c, s));
      }),
      { numRuns: 500 },
    );
  });

  it('every settlement line is summarised by exactly one document line', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        const { documents } = post(c, s);
        const summarised = documents.flatMap((d) => d.lines.filter((l) => l.role === 'transaction')).reduce((a, l) => a + l.sources.lineCount, 0);
        expect(summarised).toBe(c.settlement.lines.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('postingSink (streaming)', () => {
  it('posting lines streamed through the sink gives the same documents as buildPostings', () => {
    fc.assert(
      fc.property(settlementArbitrary(), settingsArb, (c, s) => {
        const mappings = defaultMappings(s.system);
        const settings = { timeZoneId: s.timeZoneId, groupBy: s.groupBy, isSplitByMonth: s.isSplitByMonth, describeType: describeTestType };
        const sink = postingSink(mappings, settings);
        const { lines, ...header } = c.settlement;
        sink.settlement(header);
        for (const line of lines) sink.line(header.settlementId, line);
        const streamed = sink.result();
        const direct = buildPostings(c.settlement, mappings, settings);
        expect(streamed.documents).toEqual(direct.documents);
        expect(streamed.problems).toEqual(direct.problems);
      }),
      { numRuns: 300 },
    );
  });
});
