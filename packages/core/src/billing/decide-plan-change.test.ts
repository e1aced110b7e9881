import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decidePlanChange } from './decide-plan-change';
import { DEFAULT_PLANS } from './plans';
import { formatCardExpiry, maskCardNumber } from './card-display';
import { isNewerSubscriptionEvent } from './subscription-events';

describe('plan changes', () => {
  it('a change is allowed exactly when the usage fits the new plan', () => {
    fc.assert(fc.property(fc.option(fc.constantFrom(...DEFAULT_PLANS), { nil: null }), fc.constantFrom(...DEFAULT_PLANS), fc.nat(300), fc.nat(5), (from, to, sent, channels) => {
      const d = decidePlanChange(from, to, { sentThisMonth: sent, channels });
      const fits = (to.limits.settlementsPerMonth === null || sent <= to.limits.settlementsPerMonth) && (to.limits.channels === null || channels <= to.limits.channels);
      expect(d.isAllowed).toBe(fits && from?.code !== to.code);
    }));
  });

  it('a downgrade below current usage names what is over', () => {
    const d = decidePlanChange(DEFAULT_PLANS[1]!, DEFAULT_PLANS[0]!, { sentThisMonth: 25, channels: 2 });
    expect(d).toEqual({
      isAllowed: false,
      message: 'The account uses more than the Starter plan allows: 25 settlements were sent this month and Starter sends up to 20; 2 sales channels are connected and Starter connects up to 1. Disconnect channels or wait for next month, then change the plan.',
    });
  });
});

describe('card display', () => {
  it('shows the expiry only when both month and year exist', () => {
    expect(formatCardExpiry(11, 2027)).toBe('Expires November 2027');
    expect(formatCardExpiry(null, 2027)).toBeNull();
    expect(formatCardExpiry(11, null)).toBeNull();
    expect(maskCardNumber('4242')).toBe('•••• •••• •••• 4242');
  });
});

describe('subscription events out of order', () => {
  it('an older event never replaces a newer state, whatever the order they arrive in', () => {
    const stamp = fc.record({ createdSeconds: fc.integer({ min: 0, max: 100 }), status: fc.constantFrom('active' as const, 'past_due' as const, 'canceled' as const, 'incomplete' as const) });
    fc.assert(fc.property(fc.array(stamp, { minLength: 1, maxLength: 8 }), (events) => {
      let stored: (typeof events)[number] | null = null;
      for (const e of events) if (isNewerSubscriptionEvent(stored, e)) stored = e;
      const latest = Math.max(...events.map((e) => e.createdSeconds));
      expect(stored!.createdSeconds).toBe(latest);
    }));
  });
});
