import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './reconciliation-text';
import { settlementRangeForStatement, statementDateSpan } from './statement-settlement-range';

describe('settlementRangeForStatement', () => {
  it('reaches back by the latest delay and stops at the last day less the earliest', () => {
    const rows = [{ date: '2026-10-17' }, { date: '2026-10-14' }, { date: '2026-10-19' }];
    expect(statementDateSpan(rows)).toEqual({ start: '2026-10-14', end: '2026-10-19' });
    expect(settlementRangeForStatement(rows, { daysAfterMin: 0, daysAfterMax: 5 })).toEqual({ start: '2026-10-09', end: '2026-10-19' });
    expect(settlementRangeForStatement(rows, { daysAfterMin: 2, daysAfterMax: 3 })).toEqual({ start: '2026-10-11', end: '2026-10-17' });
  });

  it('proposes nothing for a statement without transactions', () => expect(settlementRangeForStatement([], { daysAfterMin: 0, daysAfterMax: 5 })).toBeNull());

  it('puts every booking day inside the window the server matches: [start + min, end + max]', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2018-01-01', n));
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 20 }), fc.integer({ min: -10, max: 10 }), fc.integer({ min: 0, max: 20 }), (days, min, extra) => {
        const options = { daysAfterMin: min, daysAfterMax: min + extra };
        const range = settlementRangeForStatement(days.map((date) => ({ date })), options)!;
        expect(range.start <= range.end).toBe(true);
        for (const d of days) {
          expect(d >= addDays(range.start, options.daysAfterMin)).toBe(true);
          expect(d <= addDays(range.end, options.daysAfterMax)).toBe(true);
        }
      }),
    );
  });
});
