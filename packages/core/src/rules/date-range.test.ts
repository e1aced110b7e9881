import { describe, expect, it } from 'vitest';
import { isBeyondMaxRange, nextRange, rangeEndInstant, validateAfter } from './date-range';

describe('date range', () => {
  it("says 'The {field} must be after the {target}.' when not after", () =>
    expect(validateAfter('2026-01-01', '2026-01-01', 'end date', 'start date')).toBe('The end date must be after the start date.'));
  it('accepts a later date', () => expect(validateAfter('2026-01-02', '2026-01-01', 'end date', 'start date')).toBeUndefined());
  it('allows 91 days after the start and disables the 92nd', () => {
    expect(isBeyondMaxRange('2026-01-01', '2026-04-02')).toBe(false); // +91
    expect(isBeyondMaxRange('2026-01-01', '2026-04-03')).toBe(true); // +92
  });
  it('restarts the range when choosing before the start', () => expect(nextRange({ start: '2026-01-10' }, '2026-01-05')).toEqual({ start: '2026-01-05' }));
  it('restarts the range when a full range is set', () =>
    expect(nextRange({ start: '2026-01-10', end: '2026-01-12' }, '2026-01-20')).toEqual({ start: '2026-01-20' }));
  it('completes the range otherwise', () => expect(nextRange({ start: '2026-01-10' }, '2026-01-12')).toEqual({ start: '2026-01-10', end: '2026-01-12' }));
  it('counts the end date as the end of the day', () => expect(rangeEndInstant('2026-01-12')).toBe('2026-01-12T23:59:59.999Z'));
});
