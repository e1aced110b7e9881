import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Settlement } from '../settlements/model';
import { decideDeferral, EMPTY_DEFERRAL, type DeferralEntry, type DeferralState } from './decide-deferrals';
import { buildDeferredRevenueSettlement, DEFERRED_LIABILITY_TYPE } from './deferred-revenue-settlement';

/** One payout's effect on one order: what it pays (refunds negative) and whether it is fulfilled by then. */
const stepArb = fc.record({ paid: fc.bigInt({ min: -2_000_000n, max: 5_000_000n }), isFulfilled: fc.boolean() });
/** Fulfilment never goes back: once a step is fulfilled, every later one is. */
const historyArb = fc.array(stepArb, { minLength: 1, maxLength: 12 }).map((steps) => {
  const first = steps.findIndex((s) => s.isFulfilled);
  return steps.map((s, i) => ({ ...s, isFulfilled: first >= 0 && i >= first }));
});

function run(steps: { paid: bigint; isFulfilled: boolean }[]) {
  let state: DeferralState = EMPTY_DEFERRAL;
  const entries: DeferralEntry[] = [];
  for (const step of steps) {
    const out = decideDeferral(state, step.paid, step.isFulfilled);
    state = out.state;
    entries.push(...out.entries);
  }
  const total = (k: DeferralEntry['kind']) => entries.filter((e) => e.kind === k).reduce((a, e) => a + e.amount, 0n);
  return { state, entries, held: total('hold'), reversed: total('reverse'), recognised: total('recognise') };
}

describe('decideDeferral', () => {
  it('holds + recognised = what was held less reversals, and every amount is positive', () => {
    fc.assert(
      fc.property(historyArb, (steps) => {
        const r = run(steps);
        expect(r.held - r.reversed).toBe(r.state.held + r.state.recognised);
        expect(r.recognised).toBe(r.state.recognised);
        expect(r.entries.every((e) => e.amount > 0n)).toBe(true);
      }),
    );
  });

  it('recognises exactly what was paid when an order is paid (no refund) and then fulfilled', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 5_000_000n }), { minLength: 1, maxLength: 6 }), (payments) => {
        const r = run([...payments.map((paid) => ({ paid, isFulfilled: false })), { paid: 0n, isFulfilled: true }]);
        const paid = payments.reduce((a, p) => a + p, 0n);
        expect(r.recognised).toBe(paid);
        expect(r.state.held).toBe(0n);
        expect(r.held - r.reversed).toBe(paid);
      }),
    );
  });

  it('never recognises twice: once fulfilled, later steps make no entries', () => {
    fc.assert(
      fc.property(historyArb, fc.array(stepArb, { maxLength: 5 }), (steps, after) => {
        const r = run([...steps, { paid: 0n, isFulfilled: true }]);
        let state = r.state;
        for (const step of after) {
          const out = decideDeferral(state, step.paid, true);
          expect(out.entries).toEqual([]);
          state = out.state;
        }
      }),
    );
  });

  it('a refund of an unfulfilled order reverses its deferral', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 5_000_000n }), fc.bigInt({ min: 1n, max: 5_000_000n }), (paid, refund) => {
        const r = run([{ paid, isFulfilled: false }, { paid: -refund, isFulfilled: false }]);
        const reversal = refund > paid ? paid : refund;
        expect(r.reversed).toBe(reversal);
        expect(r.state.held).toBe(paid - reversal);
      }),
    );
  });
});

describe('buildDeferredRevenueSettlement', () => {
  const payout = (id: string, lines: [string, string, bigint][]): Settlement => ({
    channel: 'SHOPIFY', settlementId: id, format: 'shopify-transactions', marketplace: null, currency: 'USD',
    startDate: 0, endDate: 1_000, depositDate: 1_000, total: lines.reduce((a, [, , v]) => a + v, 0n), status: 'closed', sellerId: null, sourceFile: 'p.csv',
    lines: lines.map(([typeKey, orderId, amount], i) => ({ postedAt: 500, typeKey, orderId, sku: null, quantity: null, marketplace: null, fulfilmentChannel: null, amount, source: { file: 'p.csv', row: i + 2 } })),
  });

  it('sums to zero, holds unfulfilled charges (fees aside) and recognises them in a later payout', () => {
    const first = buildDeferredRevenueSettlement({
      payout: payout('1', [['charge', '#1', 100_0000n], ['charge|fee', '#1', -3_0000n], ['charge', '#2', 50_0000n]]),
      states: new Map(),
      isFulfilled: (o) => o === '#2',
    });
    expect(first.settlement!.total).toBe(0n);
    expect(first.settlement!.lines.reduce((a, l) => a + l.amount, 0n)).toBe(0n);
    expect(first.settlement!.lines.find((l) => l.typeKey === DEFERRED_LIABILITY_TYPE)!.amount).toBe(100_0000n);
    expect([...first.states.keys()]).toEqual(['#1']);
    const second = buildDeferredRevenueSettlement({ payout: payout('2', [['charge', '#3', 10_0000n]]), states: first.states, isFulfilled: (o) => o !== '#3' });
    const recognised = second.settlement!.lines.filter((l) => l.orderId === '#1');
    expect(recognised.map((l) => [l.typeKey, l.amount])).toEqual([['deferred revenue|recognised', 100_0000n], [DEFERRED_LIABILITY_TYPE, -100_0000n]]);
  });
});
