import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideBillingLimit, earliestHistoryDate, PAST_DUE_GRACE_DAYS, type BillingAction, type BillingFacts, type SubscriptionStatus } from './decide-billing-limit';
import { DEFAULT_PLANS, PLAN_FEATURES } from './plans';
import { TRIAL_FILES_MAX } from './trial';

const statuses: SubscriptionStatus[] = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'];
const now = new Date('2026-11-26T10:00:00Z');
const facts: fc.Arbitrary<BillingFacts> = fc.record({
  isBillingEnabled: fc.boolean(),
  plan: fc.option(fc.constantFrom(...DEFAULT_PLANS), { nil: null }),
  plans: fc.constant(DEFAULT_PLANS),
  subscriptionStatus: fc.option(fc.constantFrom(...statuses), { nil: null }),
  pastDueSince: fc.option(fc.integer({ min: 0, max: 30 }).map((d) => new Date(now.getTime() - d * 86_400_000)), { nil: null }),
  now: fc.constant(now),
});
/** A day counted from 2020-01-01 (2520 days: 2026-11-24). */
function dayOf(n: fc.Arbitrary<number>): fc.Arbitrary<string> {
  return n.map((d) => new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
}
const action: fc.Arbitrary<BillingAction> = fc.oneof(
  fc.record({ kind: fc.constant('upload' as const), filesUsed: fc.nat(10), filesAdded: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('send' as const), accountingSystem: fc.constantFrom('XERO', 'QBO', 'SAGE', 'NETSUITE', 'MANUAL', 'NONE'), sentThisMonth: fc.nat(500), count: fc.integer({ min: 1, max: 50 }), isAutomatic: fc.boolean() }),
  fc.record({ kind: fc.constant('fetch' as const), isScheduled: fc.boolean() }),
  fc.record({ kind: fc.constant('connect-channel' as const), channelsUsed: fc.nat(6) }),
  fc.record({ kind: fc.constant('feature' as const), feature: fc.constantFrom(...PLAN_FEATURES) }),
  fc.record({ kind: fc.constant('history' as const), fromDate: dayOf(fc.integer({ min: 0, max: 2500 })), toDate: dayOf(fc.integer({ min: 2500, max: 2520 })), today: fc.constant('2026-11-26') }),
);
const trial = (over: Partial<BillingFacts> = {}): BillingFacts => ({ isBillingEnabled: true, plan: null, plans: DEFAULT_PLANS, subscriptionStatus: null, pastDueSince: null, now, ...over });

describe('billing limits', () => {
  it('allows everything, unlimited, when billing is off', () => {
    fc.assert(fc.property(facts, action, (f, a) => {
      expect(decideBillingLimit({ ...f, isBillingEnabled: false }, a)).toEqual({ isAllowed: true, historyMonths: null });
    }));
  });

  it('a refusal always says what to do and names a plan that exists, or none', () => {
    fc.assert(fc.property(facts, action, (f, a) => {
      const d = decideBillingLimit(f, a);
      if (d.isAllowed) return;
      expect(d.message.length).toBeGreaterThan(20);
      if (d.planCode !== null) {
        const named = DEFAULT_PLANS.find((p) => p.code === d.planCode);
        expect(named).toBeDefined();
        expect(d.message).toContain(named!.name);
      }
    }));
  });

  it('a trial loads at most three files', () => {
    fc.assert(fc.property(fc.nat(6), fc.integer({ min: 1, max: 5 }), (used, added) => {
      const d = decideBillingLimit(trial(), { kind: 'upload', filesUsed: used, filesAdded: added });
      expect(d.isAllowed).toBe(used + added <= TRIAL_FILES_MAX);
    }));
  });

  it('a trial never sends to an external accounting system nor syncs, but posts to the built-in ledger', () => {
    fc.assert(fc.property(fc.constantFrom('XERO', 'QBO', 'SAGE', 'NETSUITE'), fc.boolean(), (system, isAutomatic) => {
      const d = decideBillingLimit(trial(), { kind: 'send', accountingSystem: system, sentThisMonth: 0, count: 1, isAutomatic });
      expect(d).toMatchObject({ isAllowed: false, code: 'trial-send', planCode: 'STARTER' });
    }));
    expect(decideBillingLimit(trial(), { kind: 'send', accountingSystem: 'MANUAL', sentThisMonth: 0, count: 1, isAutomatic: false }).isAllowed).toBe(true);
    expect(decideBillingLimit(trial(), { kind: 'fetch', isScheduled: true })).toMatchObject({ isAllowed: false, code: 'trial-sync' });
  });

  it('a cancelled subscription leaves a trial', () => {
    const d = decideBillingLimit(trial({ plan: DEFAULT_PLANS[2]!, subscriptionStatus: 'canceled' }), { kind: 'send', accountingSystem: 'XERO', sentThisMonth: 0, count: 1, isAutomatic: false });
    expect(d).toMatchObject({ isAllowed: false, code: 'trial-send' });
  });

  it('a plan sends up to its monthly limit and names the plan that sends more', () => {
    fc.assert(fc.property(fc.constantFrom(...DEFAULT_PLANS), fc.nat(400), fc.integer({ min: 1, max: 50 }), (plan, sent, count) => {
      const d = decideBillingLimit(trial({ plan, subscriptionStatus: 'active' }), { kind: 'send', accountingSystem: 'XERO', sentThisMonth: sent, count, isAutomatic: false });
      const max = plan.limits.settlementsPerMonth;
      expect(d.isAllowed).toBe(max === null || sent + count <= max);
    }));
  });

  it('a feature a plan lacks is refused with the name of the cheapest plan that has it', () => {
    const starter = DEFAULT_PLANS[0]!;
    const d = decideBillingLimit(trial({ plan: starter, subscriptionStatus: 'active' }), { kind: 'feature', feature: 'CLARITY' });
    expect(d).toMatchObject({ isAllowed: false, code: 'plan-feature', planCode: 'PREMIUM' });
    if (!d.isAllowed) expect(d.message).toBe('Clarity is part of the Premium plan, not your Starter plan. Upgrade to Premium to use it.');
    fc.assert(fc.property(fc.option(fc.constantFrom(...DEFAULT_PLANS), { nil: null }), fc.constantFrom(...PLAN_FEATURES), (plan, feature) => {
      const r = decideBillingLimit(trial({ plan, subscriptionStatus: plan ? 'active' : null }), { kind: 'feature', feature });
      expect(r.isAllowed).toBe(plan !== null && plan.limits.features.includes(feature));
    }));
  });

  it('past due: sending goes on during the grace period, then stops; uploads and fetches never stop', () => {
    fc.assert(fc.property(fc.constantFrom(...DEFAULT_PLANS), fc.integer({ min: 0, max: 30 }), (plan, days) => {
      const f = trial({ plan, subscriptionStatus: 'past_due', pastDueSince: new Date(now.getTime() - days * 86_400_000) });
      const send = decideBillingLimit(f, { kind: 'send', accountingSystem: 'XERO', sentThisMonth: 0, count: 1, isAutomatic: true });
      expect(send.isAllowed).toBe(days < PAST_DUE_GRACE_DAYS);
      expect(decideBillingLimit(f, { kind: 'upload', filesUsed: 50, filesAdded: 1 }).isAllowed).toBe(true);
      expect(decideBillingLimit(f, { kind: 'fetch', isScheduled: true }).isAllowed).toBe(true);
    }));
  });

  it("a fetch of a plan reaches back the plan's history months", () => {
    expect(decideBillingLimit(trial({ plan: DEFAULT_PLANS[0]!, subscriptionStatus: 'active' }), { kind: 'fetch', isScheduled: false })).toEqual({ isAllowed: true, historyMonths: 3 });
    expect(earliestHistoryDate('2026-05-31', 3)).toBe('2026-02-28');
    expect(earliestHistoryDate('2026-01-15', 12)).toBe('2025-01-15');
    expect(earliestHistoryDate('2026-01-15', null)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 3650 }), fc.nat(60), (n, months) => {
      const today = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      const earliest = earliestHistoryDate(today, months)!;
      expect(earliest <= today).toBe(true);
      expect(Date.parse(today) - Date.parse(earliest)).toBeLessThanOrEqual((months * 31 + 1) * 86_400_000);
    }));
  });

  it('a history request reaching into the plan\'s window is allowed (capped by the fetch); one wholly before it names a plan that reaches it', () => {
    const today = '2026-11-26';
    fc.assert(fc.property(fc.constantFrom(...DEFAULT_PLANS), dayOf(fc.integer({ min: 0, max: 2520 })), fc.nat(200), (plan, fromDate, span) => {
      const toDate = new Date(Date.parse(fromDate) + span * 86_400_000).toISOString().slice(0, 10);
      const d = decideBillingLimit(trial({ plan, subscriptionStatus: 'active' }), { kind: 'history', fromDate, toDate, today });
      const earliest = earliestHistoryDate(today, plan.limits.historyMonths);
      expect(d.isAllowed).toBe(earliest === null || toDate >= earliest);
      if (!d.isAllowed) {
        expect(d.code).toBe('plan-history');
        const named = DEFAULT_PLANS.find((p) => p.code === d.planCode);
        if (named) expect(named.rank).toBeGreaterThan(plan.rank);
      }
    }));
    const starter = decideBillingLimit(trial({ plan: DEFAULT_PLANS[0]!, subscriptionStatus: 'active' }), { kind: 'history', fromDate: '2026-01-01', toDate: '2026-01-31', today });
    expect(starter).toMatchObject({ isAllowed: false, code: 'plan-history', planCode: 'STANDARD' });
    if (!starter.isAllowed) expect(starter.message).toBe('Your Starter plan fetches history back to 2026-08-26 (3 months), and 2026-01-01 to 2026-01-31 is wholly before it. Upgrade to Standard (12 months) to fetch it.');
    expect(decideBillingLimit(trial(), { kind: 'history', fromDate: '2026-11-01', toDate: '2026-11-20', today })).toMatchObject({ isAllowed: false, code: 'trial-sync' });
  });

  it('a plan connects up to its channel count and names the plan that connects more', () => {
    fc.assert(fc.property(fc.constantFrom(...DEFAULT_PLANS), fc.nat(6), (plan, used) => {
      const d = decideBillingLimit(trial({ plan, subscriptionStatus: 'active' }), { kind: 'connect-channel', channelsUsed: used });
      expect(d.isAllowed).toBe(plan.limits.channels === null || used + 1 <= plan.limits.channels);
    }));
    const d = decideBillingLimit(trial({ plan: DEFAULT_PLANS[0]!, subscriptionStatus: 'active' }), { kind: 'connect-channel', channelsUsed: 1 });
    expect(d).toMatchObject({ isAllowed: false, code: 'plan-channels', planCode: 'STANDARD', message: 'Your Starter plan connects up to 1 sales channel. Upgrade to Standard to connect more.' });
  });
});
