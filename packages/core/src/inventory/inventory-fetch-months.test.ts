import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMonthEnded, previousMonth } from './inventory-fetch-months';
import { AMAZON_MARKETPLACES, marketplaceForCurrency } from './amazon-marketplaces';

describe('inventory fetch months', () => {
  it('fetches only months that have ended', () => {
    expect(isMonthEnded('2026-10', '2026-11-01')).toBe(true);
    expect(isMonthEnded('2026-11', '2026-11-30')).toBe(false);
    expect(isMonthEnded('2026-12', '2026-11-26')).toBe(false);
  });

  it('schedules the month before today, across a year end', () => {
    expect(previousMonth('2026-11-02')).toBe('2026-10');
    expect(previousMonth('2027-01-02')).toBe('2026-12');
  });

  it('the previous month has always ended and is the latest month that has', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        const today = d.toISOString().slice(0, 10);
        const prev = previousMonth(today);
        expect(isMonthEnded(prev, today)).toBe(true);
        expect(prev < today.slice(0, 7)).toBe(true);
        expect(/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(prev)).toBe(true);
      }),
    );
  });

  it('has one entry per marketplace id, and finds the marketplace of a currency', () => {
    expect(new Set(AMAZON_MARKETPLACES.map((m) => m.id)).size).toBe(AMAZON_MARKETPLACES.length);
    expect(marketplaceForCurrency('GBP').id).toBe('A1F83G8C2ARO7P');
    expect(marketplaceForCurrency('XYZ').id).toBe('ATVPDKIKX0DER');
  });
});
