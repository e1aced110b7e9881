import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isTrialAccount, planGate, planLabel, type GatedFeature } from './plan-gate';
import { DEFAULT_PLANS, PLAN_FEATURES } from './plans';

const FEATURES: GatedFeature[] = [...PLAN_FEATURES, 'FIFO'];
const arbitraryGrant = fc.oneof(
  fc.record({ by: fc.constant('plan' as const), plan: fc.option(fc.constantFrom(...DEFAULT_PLANS), { nil: null }), plans: fc.constant(DEFAULT_PLANS) }),
  fc.record({ by: fc.constant('support' as const), isGranted: fc.boolean() }),
);

describe('planGate with billing off (self-hosted)', () => {
  it('opens every gate, whatever the plan or support switched', () => {
    fc.assert(fc.property(fc.constantFrom(...FEATURES), arbitraryGrant, (feature, grant) => {
      expect(planGate({ billingEnabled: false, feature, grant })).toEqual({ isOpen: true });
    }));
  });
  it('shows no trial and no plan name', () => {
    expect(isTrialAccount({ planCode: null }, false)).toBe(false);
    expect(planLabel({ planCode: null }, false)).toBeNull();
    expect(planLabel({ planCode: 'PREMIUM' }, false)).toBeNull();
  });
});

describe('planGate with billing on', () => {
  it('a plan feature is open exactly when the plan includes it, and a refusal names the cheapest plan that has it', () => {
    fc.assert(fc.property(fc.option(fc.constantFrom(...DEFAULT_PLANS), { nil: null }), fc.constantFrom(...PLAN_FEATURES), (plan, feature) => {
      const gate = planGate({ billingEnabled: true, feature, grant: { by: 'plan', plan, plans: DEFAULT_PLANS } });
      expect(gate.isOpen).toBe(plan !== null && plan.limits.features.includes(feature));
    }));
    const trial = planGate({ billingEnabled: true, feature: 'CLARITY', grant: { by: 'plan', plan: null, plans: DEFAULT_PLANS } });
    expect(trial).toEqual({ isOpen: false, message: 'Clarity is part of the Premium plan, not a trial account. Upgrade to Premium to use it.', planCode: 'PREMIUM' });
  });
  it('a support switch opens its gate; closed, the gate says to ask support as before', () => {
    expect(planGate({ billingEnabled: true, feature: 'COGS', grant: { by: 'support', isGranted: true } })).toEqual({ isOpen: true });
    const closed = planGate({ billingEnabled: true, feature: 'COGS', grant: { by: 'support', isGranted: false } });
    expect(closed.isOpen === false && closed.message).toBe('Cost of goods sold is not turned on for this account. Ask support to enable it for your plan.');
    const fifo = planGate({ billingEnabled: true, feature: 'FIFO', grant: { by: 'support', isGranted: false } });
    expect(fifo.isOpen === false && fifo.message).toContain('premium plan');
  });
  it('an account without a plan is a trial, named as such; a plan is named by its code', () => {
    expect(isTrialAccount({ planCode: null }, true)).toBe(true);
    expect(isTrialAccount({ planCode: '' }, true)).toBe(true);
    expect(isTrialAccount({ planCode: 'STANDARD' }, true)).toBe(false);
    expect(planLabel({ planCode: null }, true)).toBe('Trial');
    expect(planLabel({ planCode: 'PREMIUM' }, true)).toBe('Premium');
  });
});
