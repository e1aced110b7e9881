import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateTime, type DateOrder } from './parse-date-time';
import { PlainDateTimeReader } from './plain-date-time-reader';

const two = (n: number) => String(n).padStart(2, '0');

describe('PlainDateTimeReader', () => {
  it('agrees with parseDateTime on every plain form, impossible dates included', () => {
    const reader = new PlainDateTimeReader();
    fc.assert(
      fc.property(
        fc.integer({ min: 1960, max: 2210 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }))),
        fc.constantFrom('ymd-dash', 'ymd-slash', 'dmy-dot', 'slash', 'dash'), fc.constantFrom<DateOrder>('dmy', 'mdy'),
        (year, month, day, time, style, order) => {
          const [a, b] = order === 'dmy' ? [day, month] : [month, day];
          const date =
            style === 'ymd-dash' ? `${year}-${two(month)}-${two(day)}`
            : style === 'ymd-slash' ? `${year}/${two(month)}/${two(day)}`
            : style === 'dmy-dot' ? `${two(day)}.${two(month)}.${year}`
            : style === 'slash' ? `${two(a)}/${two(b)}/${year}`
            : `${two(a)}-${two(b)}-${year}`;
          const text = time === null ? date : `${date} ${two(time[0])}:${two(time[1])}:${two(time[2])} UTC`;
          const fast = reader.read(`\t${text}\t`, 1, 1 + text.length, order);
          const slow = parseDateTime(text, { order });
          if (fast !== undefined) expect(fast).toBe(slow);
          else expect(slow === undefined || !/^\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d UTC)?$/.test(text)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves other forms to parseDateTime', () => {
    const reader = new PlainDateTimeReader();
    for (const text of ['2026-10-01T07:12:05+00:00', '2026-10-01 07:12:05 PST', '1/2/2026', '2026-10-01 07:12:05', ' 2026-10-01']) {
      expect(reader.read(text, 0, text.length)).toBeUndefined();
    }
    expect(reader.read('2026-10-01 07:12:05 UTC', 0, 23)).toBe(Date.UTC(2026, 9, 1, 7, 12, 5));
    expect(reader.read('29.02.2024', 0, 10)).toBe(Date.UTC(2024, 1, 29));
    expect(reader.read('29.02.2026', 0, 10)).toBeUndefined();
  });
});
