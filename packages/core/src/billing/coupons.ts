/**
 * Coupon arithmetic, exact in minor units (issue 16). A coupon takes a percentage (in hundredths of
 * a percent, as Stripe allows two decimals: 12.5% is 1250n) or a fixed amount in one currency off an
 * invoice, for one invoice, a number of months, or forever, and may be redeemed only until its
 * `redeemBy` instant. Stripe computes the real invoices; this is what the checkout summary shows
 * before it, and the two agree because both round half up to the minor unit.
 */

export type CouponDuration = 'once' | 'repeating' | 'forever';

export interface Coupon {
  code: string;
  /** Hundredths of a percent off (2500n = 25%); null for an amount-off coupon. */
  percentOffHundredths: bigint | null;
  /** Minor units off; null for a percent-off coupon. */
  amountOffMinor: bigint | null;
  /** Currency of amountOffMinor (ISO code); null for a percent-off coupon. */
  currency: string | null;
  duration: CouponDuration;
  /** Months a repeating coupon lasts; null otherwise. */
  durationInMonths: number | null;
  /** Last instant the coupon may be redeemed; null: no end. */
  redeemBy: Date | null;
}

export type CouponDecision = { isAllowed: true } | { isAllowed: false; message: string };

/** Whether a coupon can be redeemed now on a price in this currency. */
export function decideCoupon(coupon: Coupon, currency: string, now: Date): CouponDecision {
  if (coupon.redeemBy !== null && now.getTime() > coupon.redeemBy.getTime()) {
    return { isAllowed: false, message: `The coupon ${coupon.code} expired on ${coupon.redeemBy.toISOString().slice(0, 10)}; remove it or enter another code.` };
  }
  if (coupon.amountOffMinor !== null && coupon.currency !== null && coupon.currency.toUpperCase() !== currency.toUpperCase()) {
    return { isAllowed: false, message: `The coupon ${coupon.code} takes an amount off in ${coupon.currency.toUpperCase()}, but this plan is billed in ${currency.toUpperCase()}.` };
  }
  return { isAllowed: true };
}

/**
 * Whether the coupon still applies to the invoice that starts `monthsSinceStart` months after the
 * subscription began (0: the first invoice).
 */
export function isCouponActive(coupon: Coupon, monthsSinceStart: number): boolean {
  switch (coupon.duration) {
    case 'once':
      return monthsSinceStart === 0;
    case 'forever':
      return true;
    case 'repeating':
      return monthsSinceStart < (coupon.durationInMonths ?? 0);
  }
}

export interface DiscountedAmount {
  subtotalMinor: bigint;
  discountMinor: bigint;
  totalMinor: bigint;
}

/** The discount of a coupon on a non-negative amount: never more than the amount, total + discount = subtotal. */
export function applyCoupon(subtotalMinor: bigint, coupon: Coupon | null, monthsSinceStart = 0): DiscountedAmount {
  if (subtotalMinor < 0n) throw new Error('applyCoupon takes a non-negative amount');
  let discountMinor = 0n;
  if (coupon && isCouponActive(coupon, monthsSinceStart)) {
    if (coupon.percentOffHundredths !== null) {
      const pct = coupon.percentOffHundredths < 0n ? 0n : coupon.percentOffHundredths > 10_000n ? 10_000n : coupon.percentOffHundredths;
      // Half up to the minor unit, as Stripe rounds a percent-off discount.
      discountMinor = (subtotalMinor * pct + 5_000n) / 10_000n;
    } else if (coupon.amountOffMinor !== null) {
      discountMinor = coupon.amountOffMinor < 0n ? 0n : coupon.amountOffMinor;
    }
  }
  if (discountMinor > subtotalMinor) discountMinor = subtotalMinor;
  return { subtotalMinor, discountMinor, totalMinor: subtotalMinor - discountMinor };
}

/** '25%' or '12.5%' from hundredths of a percent. */
export function formatPercentOff(hundredths: bigint): string {
  const whole = hundredths / 100n;
  const frac = hundredths % 100n;
  if (frac === 0n) return `${whole}%`;
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}%`;
}
