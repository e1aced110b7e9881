import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SettlementLine } from '../settlements/model';
import { defaultMappings } from '../mapping/default-mappings';
import { aggregationOptionsFor } from './build-postings';
import type { GroupBy } from './model';
import { SettlementAggregator, type LineGroup } from './settlement-aggregator';
import { makeSettlement } from './test-support/settlement-arbitraries';

const header = makeSettlement([]);
const options = (groupBy: GroupBy) => aggregationOptionsFor(defaultMappings('MANUAL'), { groupBy });
/** A new string instance with the same text, as a parser cutting fields out of another chunk makes. */
const copy = (s: string) => s.split('').join('');

function line(typeKey: string, sku: string | null, amount: bigint, file: string, row: number, at = Date.UTC(2026, 4, 10)): SettlementLine {
  return { postedAt: at, typeKey, orderId: null, sku, quantity: null, marketplace: null, fulfilmentChannel: null, amount, source: { file, row } };
}

const keyOf = (g: LineGroup) => `${g.month}/${g.selector.sku ?? ''}/${g.typeKey}`;

describe('SettlementAggregator', () => {
  it('sums, counts and locates the lines of every SKU and type group exactly as a line-by-line reference', () => {
    const lineArb = fc.record({
      type: fc.integer({ min: 0, max: 39 }),
      sku: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
      // Up to 2^62 per line, so the 64-bit running sums must hand over to exact bigints.
      amount: fc.oneof(fc.bigInt({ min: -10_000_000n, max: 10_000_000n }), fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n })),
      file: fc.constantFrom('a.txt', 'b.txt'),
      month: fc.constantFrom(Date.UTC(2026, 3, 30), Date.UTC(2026, 4, 2)),
      isNewInstance: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 60, maxLength: 300 }), (specs) => {
        const agg = new SettlementAggregator(header, options('sku'));
        const expected = new Map<string, { amount: bigint; rows: Set<string>; count: number }>();
        specs.forEach((s, i) => {
          const typeKey = `Order|ItemFees|Fee${s.type}`;
          const sku = s.sku === null ? null : `SKU-${s.sku}`;
          const month = s.month === Date.UTC(2026, 3, 30) ? '2026-04' : '2026-05';
          agg.add(line(s.isNewInstance ? copy(typeKey) : typeKey, sku !== null && s.isNewInstance ? copy(sku) : sku, s.amount, s.file, i + 2, s.month));
          const key = `${month}/${sku ?? ''}/${typeKey}`;
          const e = expected.get(key) ?? { amount: 0n, rows: new Set<string>(), count: 0 };
          e.amount += s.amount;
          e.count++;
          e.rows.add(`${s.file}:${i + 2}`);
          expected.set(key, e);
        });
        const groups = agg.groups;
        expect(new Set(groups.map(keyOf))).toEqual(new Set(expected.keys()));
        expect(groups.length).toBe(expected.size);
        for (const g of groups) {
          const e = expected.get(keyOf(g))!;
          expect(g.amount).toBe(e.amount);
          expect(g.sources.lineCount).toBe(e.count);
          const covered = g.sources.rows.flatMap((r) => Array.from({ length: r.last - r.first + 1 }, (_, k) => `${r.file}:${r.first + k}`));
          // Ranges only ever name the group's own rows, and all of them while the list is complete.
          for (const row of covered) expect(e.rows.has(row)).toBe(true);
          if (g.sources.isComplete) expect(covered.length).toBe(e.count);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never stretches a row range over rows of other groups once its list of ranges is cut', () => {
    const agg = new SettlementAggregator(header, options('type'));
    // Nine scattered rows fill the eight ranges; rows 40 and 41 then follow each other but must not extend range 8.
    for (const row of [2, 4, 6, 8, 10, 12, 14, 16, 18, 40, 41]) agg.add(line('Order|ItemPrice|Principal', null, 100n, 'f.txt', row));
    const [group] = agg.groups;
    expect(group!.sources.isComplete).toBe(false);
    expect(group!.sources.lineCount).toBe(11);
    expect(group!.sources.rows.at(-1)).toEqual({ file: 'f.txt', first: 16, last: 16 });
  });

  it('keeps an undated line apart from dated lines of the same SKU and type, whichever comes first', () => {
    for (const first of [null, Date.UTC(2026, 4, 10)]) {
      const agg = new SettlementAggregator(header, options('sku'));
      agg.add({ ...line('Order|ItemPrice|Principal', 'A', 5n, 'f.txt', 2), postedAt: first });
      agg.add({ ...line('Order|ItemPrice|Principal', copy('A'), 7n, 'f.txt', 3), postedAt: first === null ? Date.UTC(2026, 4, 10) : null });
      agg.add(line('Order|ItemPrice|Principal', copy('A'), 1n, 'f.txt', 4, Date.UTC(2026, 3, 10)));
      expect(agg.groups.map((g) => [g.month, g.amount])).toEqual(first === null ? [['', 5n], ['2026-05', 7n], ['2026-04', 1n]] : [['2026-05', 5n], ['', 7n], ['2026-04', 1n]]);
    }
  });

  it('cuts the list of ranges at a row number beyond what a range holds, still counting the line', () => {
    const agg = new SettlementAggregator(header, options('type'));
    for (const row of [3, 2 ** 31, 2 ** 31 + 1]) agg.add(line('Order|ItemPrice|Principal', null, 1n, 'f.txt', row));
    const [group] = agg.groups;
    expect(group!.sources.lineCount).toBe(3);
    expect(group!.sources.isComplete).toBe(false);
    expect(group!.sources.rows).toEqual([{ file: 'f.txt', first: 3, last: 3 }]);
  });

  it('joins consecutive rows of a group into one range', () => {
    const agg = new SettlementAggregator(header, options('type'));
    for (const row of [3, 4, 5, 9]) agg.add(line('Order|ItemPrice|Principal', null, 1n, 'f.txt', row));
    const [group] = agg.groups;
    expect(group!.sources).toEqual({
      settlementId: header.settlementId,
      selector: { typeKey: 'Order|ItemPrice|Principal', month: '2026-05' },
      lineCount: 4,
      rows: [{ file: 'f.txt', first: 3, last: 5 }, { file: 'f.txt', first: 9, last: 9 }],
      isComplete: true,
    });
  });

  it('hands out sources that read like plain objects and keep the ranges of the moment they were made', () => {
    const agg = new SettlementAggregator(header, options('sku'));
    for (const row of [3, 4, 9]) agg.add(line('Order|ItemPrice|Principal', 'A', 1n, 'f.txt', row));
    const before = agg.groups[0]!.sources;
    // More lines grow the last range and add others: sources already handed out do not change.
    for (const row of [10, 11]) agg.add(line('Order|ItemPrice|Principal', 'A', 1n, 'f.txt', row));
    for (const row of [20, 30]) agg.add(line('Order|ItemPrice|Principal', 'A', 1n, 'g.txt', row));
    for (let sku = 0; sku < 100; sku++) agg.add(line('Order|ItemPrice|Principal', `S${sku}`, 1n, 'f.txt', 100 + sku));
    const plain = {
      settlementId: header.settlementId,
      selector: { typeKey: 'Order|ItemPrice|Principal', month: '2026-05', sku: 'A' },
      lineCount: 3,
      rows: [{ file: 'f.txt', first: 3, last: 4 }, { file: 'f.txt', first: 9, last: 9 }],
      isComplete: true,
    };
    expect(before).toEqual(plain);
    expect(JSON.stringify(before)).toBe(JSON.stringify(plain));
    expect(Object.keys(before)).toEqual(Object.keys(plain));
    expect({ ...before }).toStrictEqual(plain);
    expect(structuredClone(before)).toStrictEqual(plain);
    expect(before.rows).toBe(before.rows);
    expect(agg.groups[0]!.sources.rows).toEqual([{ file: 'f.txt', first: 3, last: 4 }, { file: 'f.txt', first: 9, last: 11 }, { file: 'g.txt', first: 20, last: 20 }, { file: 'g.txt', first: 30, last: 30 }]);
    before.rows = [];
    expect(before.rows).toEqual([]);
  });

  it('returns the same group objects on every read and brings them up to date after more lines', () => {
    const agg = new SettlementAggregator(header, options('sku'));
    agg.add(line('Order|ItemPrice|Principal', 'A', 5n, 'f.txt', 2));
    const first = agg.groups;
    expect(agg.groups).toBe(first);
    agg.add(line('Order|ItemPrice|Principal', 'A', 7n, 'f.txt', 3));
    agg.add(line('Order|ItemPrice|Principal', 'B', 1n, 'f.txt', 4));
    const again = agg.groups;
    expect(again[0]).toBe(first[0]);
    expect(again.map((g) => [g.selector.sku, g.amount, g.sources.lineCount])).toEqual([
      ['A', 12n, 2],
      ['B', 1n, 1],
    ]);
  });
});
