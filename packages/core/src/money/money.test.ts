import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getMinorDigits } from './currencies';
import { allocate, formatMoney, formatUnits, parseDecimalUnits, roundToMinor } from './money';

describe('parseDecimalUnits', () => {
  it.each([
    ['179,99', ',', 1_799_900n],
    ['-32,40', ',', -324_000n],
    ['4.626,81', ',', 46_268_100n],
    ['"1,653.75"', '.', undefined],
    ['1,653.75', '.', 16_537_500n],
    ['-$0.99', '.', -9_900n],
    ['€323.51', '.', 3_235_100n],
    ['(12.50)', '.', -125_000n],
    ['12.50-', '.', -125_000n],
    ['32.09    ', '.', 320_900n],
    ['1200', '.', 12_000_000n],
    ['0.12345', '.', undefined],
    ['0.12340', '.', 1_234n],
    ['12x', '.', 12n * 10_000n],
    ['1-2', '.', undefined],
    ['', '.', undefined],
    ['abc', '.', undefined],
  ] as const)('parses %s with %s as decimal separator', (text, sep, expected) => {
    expect(parseDecimalUnits(text, sep)).toBe(expected);
  });

  it('stays exact beyond 2^53 minor units', () => {
    expect(parseDecimalUnits('123456789012345678.1234')).toBe(1_234_567_890_123_456_781_234n);
  });

  it('round-trips any units through formatUnits', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), (u) => {
      expect(parseDecimalUnits(formatUnits(u))).toBe(u);
    }));
  });
});

describe('formatMoney and roundToMinor', () => {
  it('formats with the currency minor digits', () => {
    expect([formatMoney({ units: -3_216_900n, currency: 'CAD' }), formatMoney({ units: 12_000_000n, currency: 'JPY' }), formatMoney({ units: 12_340n, currency: 'KWD' })]).toEqual(['-321.69', '1200', '1.234']);
  });
  it('keeps finer precision rather than losing value', () => {
    expect(formatMoney({ units: 12_345n, currency: 'USD' })).toBe('1.2345');
    expect(formatUnits(-0n, 2)).toBe('0.00');
  });
  it('rounds half away from zero to the minor unit', () => {
    expect([roundToMinor(12_350n, 'USD'), roundToMinor(-12_350n, 'USD'), roundToMinor(12_349n, 'USD'), roundToMinor(5_000n, 'JPY')]).toEqual([12_400n, -12_400n, 12_300n, 10_000n]);
  });
  it('knows the minor digits of JPY, KWD and EUR', () => {
    expect([getMinorDigits('JPY'), getMinorDigits('KWD'), getMinorDigits('EUR')]).toEqual([0, 3, 2]);
  });
});

describe('allocate', () => {
  it('splits into whole minor units that sum exactly to the amount', () => {
    fc.assert(fc.property(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), fc.array(fc.bigInt({ min: 0n, max: 1000n }), { minLength: 1, maxLength: 6 }), (cents, weights) => {
      const parts = allocate(cents * 100n, weights, 'USD');
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(cents * 100n);
      for (const p of parts) expect(p % 100n).toBe(0n);
    }));
  });
  it('gives ties to the earlier part', () => {
    expect(allocate(100n, [1n, 1n, 1n], 'USD')).toEqual([100n, 0n, 0n]);
  });
});
