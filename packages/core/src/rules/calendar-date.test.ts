import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, parseIsoInstant } from './calendar-date';

const FIRST = Date.parse('0001-01-01T00:00:00.000Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');

describe('isCalendarDate', () => {
  it('accepts every day of years 0001 to 9999', () => {
    fc.assert(fc.property(fc.date({ min: new Date(FIRST), max: new Date(LAST), noInvalidDate: true }), (d) => isCalendarDate(d.toISOString().slice(0, 10))));
  });

  it('refuses days that do not exist, year 0000 and years JavaScript has but PostgreSQL reads differently', () => {
    for (const text of ['2026-02-30', '2026-99-99', '2026-13-01', '2026-00-10', '2026-04-31', '2026-11-00', '2100-02-29', '0000-01-01', '+275760-09-13', '-271821-04-20', '10000-01-01', '2026-1-1', ' 2026-11-01', '2026-11-01\u0000']) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });

  it('accepts 29 February in leap years only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
  });
});

describe('parseIsoInstant', () => {
  it('reads back every instant of years 0001 to 9999 as it prints', () => {
    fc.assert(fc.property(fc.date({ min: new Date(FIRST), max: new Date(LAST), noInvalidDate: true }), (d) => parseIsoInstant(d.toISOString()) === d.getTime()));
  });

  it('reads a date as midnight UTC and honours an offset', () => {
    expect(parseIsoInstant('2026-11-23')).toBe(Date.parse('2026-11-23T00:00:00Z'));
    expect(parseIsoInstant('2026-11-23T10:00+01:00')).toBe(Date.parse('2026-11-23T09:00:00Z'));
  });

  it('refuses instants outside years 0001 to 9999 in UTC, impossible days and times, and times without a zone', () => {
    for (const text of ['0000-01-01', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '9999-12-31T23:59:59.999-14:00', '0001-01-01T00:00:00+01:00', '2026-02-30T00:00:00Z', '2026-11-01T24:00:00Z', '2026-11-01T10:60Z', '2026-11-01T10:00', '2026-11-01T10:00:00+25:00', 'Nov 1 2026', '']) {
      expect(parseIsoInstant(text), text).toBeUndefined();
    }
  });
});
