import { describe, expect, it } from 'vitest';
import type { Settlement } from '../settlements/model';
import { buildDeferredRevenueSettlement, DEFERRED_LIABILITY_TYPE } from './deferred-revenue-settlement';

const at = Date.parse('2026-02-05T12:00:00Z');
const payout = (lines: Array<[typeKey: string, orderId: string, amount: bigint]>): Settlement => ({
  channel: 'SHOPIFY', settlementId: '2026-02-05', format: 'shopify-transactions', marketplace: null, currency: 'USD', startDate: at, endDate: at, depositDate: at,
  total: lines.reduce((s, [, , a]) => s + a, 0n), status: 'closed', sellerId: null, sourceFile: 'export.csv',
  lines: lines.map(([typeKey, orderId, amount], i) => ({ postedAt: at, typeKey, orderId, sku: null, quantity: null, marketplace: null, fulfilmentChannel: null, amount, source: { file: 'export.csv', row: i + 2 } })),
});

describe('buildDeferredRevenueSettlement', () => {
  it('defers a sale paid with a gift card like any sale, and never its fee', () => {
    const { settlement, states } = buildDeferredRevenueSettlement({
      payout: payout([['charge|gift_card', '#5001', 40_0000n], ['charge', '#5002', 25_0000n], ['charge|fee', '#5002', -1_0000n]]),
      states: new Map(),
      isFulfilled: () => false,
    });
    expect(states.get('#5001')).toEqual({ paid: 40_0000n, held: 40_0000n, recognised: 0n });
    expect(states.get('#5002')).toEqual({ paid: 25_0000n, held: 25_0000n, recognised: 0n });
    const liability = settlement!.lines.filter((l) => l.typeKey === DEFERRED_LIABILITY_TYPE).reduce((s, l) => s + l.amount, 0n);
    expect(liability).toBe(65_0000n);
    expect(settlement!.lines.reduce((s, l) => s + l.amount, 0n)).toBe(0n);
  });

  it('reverses the deferral when a gift-card-paid order is refunded to the card before it ships', () => {
    const { states } = buildDeferredRevenueSettlement({
      payout: payout([['refund|gift_card', '#5001', -40_0000n]]),
      states: new Map([['#5001', { paid: 40_0000n, held: 40_0000n, recognised: 0n }]]),
      isFulfilled: () => false,
    });
    expect(states.get('#5001')).toEqual({ paid: 0n, held: 0n, recognised: 0n });
  });
});
