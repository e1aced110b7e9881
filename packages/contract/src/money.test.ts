import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalAmountSchema, moneyUnitsCodec } from './money';

describe('moneyUnitsCodec', () => {
  it('decodes a decimal string into exact bigint units at scale 4', () => {
    expect(z.decode(moneyUnitsCodec, '-12.34')).toBe(-123400n);
    expect(z.decode(moneyUnitsCodec, '12345678901234.5678')).toBe(123456789012345678n);
  });

  it('encodes units back to a decimal string with four decimals', () => {
    expect(z.encode(moneyUnitsCodec, -123400n)).toBe('-12.3400');
    expect(z.encode(moneyUnitsCodec, 1n)).toBe('0.0001');
  });

  it('rejects amounts with symbols, separators or more than four decimals', () => {
    for (const bad of ['$12.34', '1,234.00', '1.23456', '12.', '']) {
      expect(decimalAmountSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
