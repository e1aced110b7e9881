import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findSettlementGaps, SETTLEMENT_GAP_TOLERANCE_MS } from './settlement-gaps';

const DAY = 24 * 3600 * 1000;
const p = (settlementId: string, startDay: number, endDay: number) => ({ settlementId, startMs: startDay * DAY, endMs: endDay * DAY });

describe('findSettlementGaps', () => {
  it('finds no gap in a contiguous sequence, whatever its order', () => {
    expect(findSettlementGaps([p('b', 14, 28), p('a', 0, 14), p('c', 28, 42)])).toEqual([]);
  });

  it('names the settlements on both sides of a missing period', () => {
    expect(findSettlementGaps([p('a', 0, 14), p('c', 28, 42)])).toEqual([{ afterSettlementId: 'a', beforeSettlementId: 'c', fromMs: 14 * DAY, toMs: 28 * DAY }]);
  });

  it('ignores differences within the tolerance and overlaps', () => {
    const a = { settlementId: 'a', startMs: 0, endMs: 14 * DAY };
    const b = { settlementId: 'b', startMs: 14 * DAY + SETTLEMENT_GAP_TOLERANCE_MS, endMs: 28 * DAY };
    expect(findSettlementGaps([a, b, p('c', 20, 30)])).toEqual([]);
  });

  it('measures a gap from the furthest end reached so far', () => {
    expect(findSettlementGaps([p('long', 0, 30), p('short', 5, 10), p('next', 40, 50)])).toEqual([{ afterSettlementId: 'long', beforeSettlementId: 'next', fromMs: 30 * DAY, toMs: 40 * DAY }]);
  });

  it('every day between the first start and the last end is covered by a settlement or a gap', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 30 })), { minLength: 1, maxLength: 20 }), (spans) => {
        const periods = spans.map(([start, len], i) => p(`s${i}`, start, start + len));
        const gaps = findSettlementGaps(periods);
        const first = Math.min(...periods.map((x) => x.startMs));
        const last = Math.max(...periods.map((x) => x.endMs));
        for (let t = first + DAY / 2; t < last; t += DAY) {
          const covered = periods.some((x) => x.startMs <= t && t <= x.endMs) || gaps.some((g) => g.fromMs <= t && t <= g.toMs);
          expect(covered).toBe(true);
        }
        for (const g of gaps) expect(periods.some((x) => x.startMs < g.toMs && x.endMs > g.fromMs)).toBe(false);
      }),
    );
  });
});
