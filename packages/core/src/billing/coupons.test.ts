import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyCoupon, decideCoupon, formatPercentOff, isCouponActive, type Coupon } from './coupons';

const coupon: fc.Arbitrary<Coupon> = fc.oneof(
  fc.record({ percentOffHundredths: fc.bigInt({ min: 1n, max: 10_000n }), amountOffMinor: fc.constant(null), currency: fc.constant(null) }),
  fc.record({ percentOffHundredths: fc.constant(null), amountOffMinor: fc.bigInt({ min: 1n, max: 1_000_000n }), currency: fc.constant('USD') }),
).chain((off) =>
  fc.record({
    code: fc.constant('SAVE'),
    percentOffHundredths: fc.constant(off.percentOffHundredths),
    amountOffMinor: fc.constant(off.amountOffMinor),
    currency: fc.constant(off.currency),
    duration: fc.constantFrom('once' as const, 'repeating' as const, 'forever' as const),
    durationInMonths: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
    redeemBy: fc.option(fc.date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true }), { nil: null }),
  }),
);

describe('coupons', () => {
  it('a discount is never negative nor more than the amount, and total plus discount is the amount', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 100_000_000n }), coupon, fc.nat(36), (amount, c, month) => {
      const r = applyCoupon(amount, c, month);
      expect(r.discountMinor >= 0n && r.discountMinor <= amount).toBe(true);
      expect(r.totalMinor + r.discountMinor).toBe(amount);
      if (!isCouponActive(c, month)) expect(r.discountMinor).toBe(0n);
    }));
  });

  it('a percent off rounds half up to the minor unit', () => {
    const c: Coupon = { code: 'Q', percentOffHundredths: 2500n, amountOffMinor: null, currency: null, duration: 'once', durationInMonths: null, redeemBy: null };
    expect(applyCoupon(4900n, c)).toEqual({ subtotalMinor: 4900n, discountMinor: 1225n, totalMinor: 3675n });
    expect(applyCoupon(1n, { ...c, percentOffHundredths: 5000n }).discountMinor).toBe(1n);
    expect(applyCoupon(1999n, { ...c, percentOffHundredths: 1250n }).discountMinor).toBe(250n);
  });

  it('once applies to the first invoice, repeating for its months, forever always', () => {
    fc.assert(fc.property(coupon, fc.nat(48), (c, month) => {
      const expected = c.duration === 'forever' || (c.duration === 'once' && month === 0) || (c.duration === 'repeating' && month < (c.durationInMonths ?? 0));
      expect(isCouponActive(c, month)).toBe(expected);
    }));
  });

  it('an expired coupon is refused with the day it expired', () => {
    const c: Coupon = { code: 'SPRING', percentOffHundredths: 1000n, amountOffMinor: null, currency: null, duration: 'once', durationInMonths: null, redeemBy: new Date('2026-03-31T23:59:59Z') };
    expect(decideCoupon(c, 'USD', new Date('2026-04-01T00:00:00Z'))).toEqual({ isAllowed: false, message: 'The coupon SPRING expired on 2026-03-31; remove it or enter another code.' });
    expect(decideCoupon(c, 'USD', new Date('2026-03-31T12:00:00Z'))).toEqual({ isAllowed: true });
    const amount: Coupon = { ...c, redeemBy: null, percentOffHundredths: null, amountOffMinor: 500n, currency: 'eur' };
    expect(decideCoupon(amount, 'USD', new Date()).isAllowed).toBe(false);
  });

  it('prints a percentage exactly', () => {
    expect(formatPercentOff(2500n)).toBe('25%');
    expect(formatPercentOff(1250n)).toBe('12.5%');
    expect(formatPercentOff(33n)).toBe('0.33%');
  });
});
