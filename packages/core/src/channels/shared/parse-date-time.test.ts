import { describe, expect, it } from 'vitest';
import { parseDateTime, sniffDateOrder, zoneOffsetMinutes } from './parse-date-time';

describe('parseDateTime', () => {
  it.each([
    ['2025-06-05T22:07:18+00:00', Date.UTC(2025, 5, 5, 22, 7, 18)],
    ['2003-10-03T16:00:00-07:00', Date.UTC(2003, 9, 3, 23, 0, 0)],
    ['03.05.2018 09:10:07 UTC', Date.UTC(2018, 4, 3, 9, 10, 7)],
    ['03.05.2018', Date.UTC(2018, 4, 3)],
    ['2023-01-01 00:00:00 UTC', Date.UTC(2023, 0, 1)],
    ['2026/10/03 11:22:33 JST', Date.UTC(2026, 9, 3, 2, 22, 33)],
    ['10/02/2026 10:00:00 PDT', Date.UTC(2026, 9, 2, 17, 0, 0)],
    ['10/02/2026 1:05 PM -0400', Date.UTC(2026, 9, 2, 17, 5, 0)],
    ['Jan 5, 2023', Date.UTC(2023, 0, 5)],
    ['5 Jan 2023 10:00 GMT+2', Date.UTC(2023, 0, 5, 8, 0, 0)],
    ['2026-11-22T10:00:00.250Z', Date.UTC(2026, 10, 22, 10, 0, 0, 250)],
  ])('reads %s', (text, expected) => {
    expect(parseDateTime(text)).toBe(expected);
  });

  it('reads slash dates in the order it is told', () => {
    expect(parseDateTime('04/05/2026', { order: 'dmy' })).toBe(Date.UTC(2026, 4, 4));
    expect(parseDateTime('04/05/2026', { order: 'mdy' })).toBe(Date.UTC(2026, 3, 5));
  });

  it.each(['31.02.2026', '2026-13-01', '29.02.2025 10:00:00 UTC', '2026-01-01 24:00:00', '01/32/2026', '2026-01-01 10:00 XYZ', 'soon', ''])('rejects %s', (text) => {
    expect(parseDateTime(text)).toBeUndefined();
  });

  it('accepts 29 February of a leap year', () => {
    expect(parseDateTime('29.02.2024')).toBe(Date.UTC(2024, 1, 29));
  });
});

describe('sniffDateOrder', () => {
  it('is day-first when a first part is above 12', () => {
    expect(sniffDateOrder(['01/02/2026', '25/02/2026'])).toBe('dmy');
  });
  it('is month-first when a second part is above 12', () => {
    expect(sniffDateOrder(['01/02/2026', '02/25/2026'])).toBe('mdy');
  });
  it('does not guess when no value tells', () => {
    expect(sniffDateOrder(['01/02/2026', '2026-02-25'])).toBeUndefined();
  });
  it('treats dotted dates as day-first', () => {
    expect(sniffDateOrder(['03.05.2018'])).toBe('dmy');
  });
});

describe('zoneOffsetMinutes', () => {
  it('reads abbreviations and numeric offsets', () => {
    expect([zoneOffsetMinutes('PST'), zoneOffsetMinutes('+05:30'), zoneOffsetMinutes('-0400'), zoneOffsetMinutes('UTC+1')]).toEqual([-480, 330, -240, 60]);
  });
});
