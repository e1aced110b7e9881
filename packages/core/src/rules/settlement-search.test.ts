import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../money/money';
import { readSearchAmount } from './settlement-search';

const units = (text: string) => {
  const u = readSearchAmount(text);
  return u === null ? null : formatUnits(u);
};

describe('readSearchAmount', () => {
  it('reads a deposit as a bank statement prints it, whatever its sign', () => {
    expect(units('36.52')).toBe('36.5200');
    expect(units('-36.52')).toBe('36.5200');
    expect(units('1654.23')).toBe('1654.2300');
    expect(units('1,654.23')).toBe('1654.2300');
    expect(units('$1,654.23')).toBe('1654.2300');
    expect(units('1654.23 USD')).toBe('1654.2300');
    expect(units('36')).toBe('36.0000');
  });
  it('reads a decimal comma before one or two last digits, and dot groups', () => {
    expect(units('1654,23')).toBe('1654.2300');
    expect(units('36,5')).toBe('36.5000');
    expect(units('1.654,23')).toBe('1654.2300');
    expect(units('-1.654,23 €')).toBe('1654.2300');
    expect(units('1.654.230')).toBe('1654230.0000');
  });
  it('groups thousands with a comma before three digits, and keeps a dot before three digits a decimal point', () => {
    expect(units('1,654')).toBe('1654.0000');
    expect(units('1.654')).toBe('1.6540');
  });
  it('is no amount for ids, SKUs, names or two decimal marks', () => {
    for (const t of ['', 'Shopify Payments', 'SKU-1', '#1001', '2025-07-01', '1.2.3', '1,2,3', '12,345,67', '1.654,2345,1', 'abc12']) expect(readSearchAmount(t)).toBeNull();
  });
  it('reads back every amount it prints, in both notations', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), fc.boolean(), (cents, negative) => {
        const whole = (cents / 100n).toString();
        const frac = (cents % 100n).toString().padStart(2, '0');
        const sign = negative ? '-' : '';
        const expected = cents * 100n;
        expect(readSearchAmount(`${sign}${whole}.${frac}`)).toBe(expected);
        expect(readSearchAmount(`${sign}${whole},${frac}`)).toBe(expected);
        expect(readSearchAmount(`${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`)).toBe(expected);
      }),
    );
  });
});
