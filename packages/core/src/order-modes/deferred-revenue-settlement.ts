/**
 * The Deferred Revenue settlement of one closed Shopify payout (gateway 'Deferred Revenue'): a
 * journal that sums to zero, moving revenue of unfulfilled orders into the deferred revenue liability
 * and back out when they are fulfilled or refunded. Pure: the caller passes the orders' states before
 * the payout and gets them back after.
 */
import type { Settlement, SettlementLine } from '../settlements/model';
import { decideDeferral, EMPTY_DEFERRAL, type DeferralKind, type DeferralState } from './decide-deferrals';

export const DEFERRED_REVENUE_GATEWAY = 'Deferred Revenue';
export const DEFERRED_REVENUE_FORMAT = 'shopify-deferred-revenue';
export const DEFERRED_LIABILITY_TYPE = 'deferred revenue|liability';
/** The revenue side of each entry kind (seller-signed: holding revenue takes it out of sales). */
export const DEFERRED_REVENUE_TYPES: Record<DeferralKind, string> = {
  hold: 'deferred revenue|held',
  reverse: 'deferred revenue|reversed',
  recognise: 'deferred revenue|recognised',
};
/** The payout lines that count as an order's payment: gross charges and refunds (also those paid with or
 * refunded to a gift card: the card's liability was booked when it was sold), never fees. */
const PAID_TYPES = new Set(['charge', 'refund', 'charge|gift_card', 'refund|gift_card']);

export function deferredRevenueSettlementId(payoutId: string): string {
  return `Deferred Revenue ${payoutId}`;
}

export interface DeferredRevenueInput {
  payout: Settlement;
  /** States of the orders before this payout (orders absent start empty). */
  states: ReadonlyMap<string, DeferralState>;
  /** Whether the order was fulfilled by the payout's date. */
  isFulfilled: (orderName: string) => boolean;
}

export interface DeferredRevenueOutcome {
  /** Null when nothing moved. */
  settlement: Settlement | null;
  /** The states of every order this payout changed. */
  states: Map<string, DeferralState>;
}

/** Held orders not in the payout are looked at too: their fulfilment since the last payout recognises them. */
export function buildDeferredRevenueSettlement({ payout, states, isFulfilled }: DeferredRevenueInput): DeferredRevenueOutcome {
  const paidDelta = new Map<string, bigint>();
  for (const line of payout.lines) {
    if (line.orderId === null || !PAID_TYPES.has(line.typeKey)) continue;
    paidDelta.set(line.orderId, (paidDelta.get(line.orderId) ?? 0n) + line.amount);
  }
  for (const [orderName, state] of states) if (state.held > 0n && !paidDelta.has(orderName)) paidDelta.set(orderName, 0n);
  const lines: SettlementLine[] = [];
  const next = new Map<string, DeferralState>();
  const at = payout.endDate ?? payout.depositDate;
  for (const [orderName, delta] of [...paidDelta].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const before = states.get(orderName) ?? EMPTY_DEFERRAL;
    const { state, entries } = decideDeferral(before, delta, isFulfilled(orderName));
    if (state.paid !== before.paid || state.held !== before.held || state.recognised !== before.recognised) next.set(orderName, state);
    for (const e of entries) {
      const revenue = e.kind === 'hold' ? -e.amount : e.amount;
      const line = (typeKey: string, amount: bigint): SettlementLine => ({
        postedAt: at,
        typeKey,
        orderId: orderName,
        sku: null,
        quantity: null,
        marketplace: payout.marketplace,
        fulfilmentChannel: null,
        amount,
        source: { file: payout.sourceFile, row: lines.length + 1 },
        description: `${e.kind === 'hold' ? 'Held until fulfilled' : e.kind === 'reverse' ? 'Refunded before fulfilment' : 'Fulfilled: recognised'} (order ${orderName})`,
      });
      lines.push(line(DEFERRED_REVENUE_TYPES[e.kind], revenue), line(DEFERRED_LIABILITY_TYPE, -revenue));
    }
  }
  if (lines.length === 0) return { settlement: null, states: next };
  return {
    settlement: {
      ...payout,
      settlementId: deferredRevenueSettlementId(payout.settlementId),
      format: DEFERRED_REVENUE_FORMAT,
      total: 0n,
      status: 'closed',
      lines,
    },
    states: next,
  };
}
