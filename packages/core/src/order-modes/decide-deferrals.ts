/**
 * Shopify Deferred Revenue: revenue of an order paid but not fulfilled is held in a deferred revenue
 * liability and recognised when the order is fulfilled. Each order carries a small state (paid so
 * far, held now, recognised so far); every payout that touches it, and every later payout after its
 * fulfilment, moves the state towards its target:
 *   not fulfilled: held = paid so far (a refund lowers it: the deferral is reversed);
 *   fulfilled:     held = 0, what was held is recognised once.
 * An order fulfilled before anything was held never enters the liability: its revenue is recognised
 * in its payout as usual. Invariant: held + recognised = the sum of holds minus reversals.
 */

export interface DeferralState {
  /** Net paid so far (charges plus refunds, seller-signed), units. */
  paid: bigint;
  held: bigint;
  recognised: bigint;
}

export type DeferralKind = 'hold' | 'reverse' | 'recognise';

export interface DeferralEntry {
  kind: DeferralKind;
  /** Positive units. */
  amount: bigint;
}

export const EMPTY_DEFERRAL: DeferralState = { paid: 0n, held: 0n, recognised: 0n };

/**
 * The entries one step makes for one order: `paidDelta` is what this payout adds (charges positive,
 * refunds negative), `isFulfilled` whether the order is fulfilled by the payout's date.
 */
export function decideDeferral(state: DeferralState, paidDelta: bigint, isFulfilled: boolean): { state: DeferralState; entries: DeferralEntry[] } {
  const paid = state.paid + paidDelta;
  if (isFulfilled) {
    // Nothing held: its revenue is recognised in its payouts as usual, and the state need not move.
    if (state.held === 0n) return { state, entries: [] };
    return { state: { paid, held: 0n, recognised: state.recognised + state.held }, entries: [{ kind: 'recognise', amount: state.held }] };
  }
  // Once anything was recognised the order was fulfilled: nothing of it is held again.
  const target = state.recognised > 0n ? 0n : paid > 0n ? paid : 0n;
  if (target === state.held) return { state: { ...state, paid }, entries: [] };
  const entry: DeferralEntry = target > state.held ? { kind: 'hold', amount: target - state.held } : { kind: 'reverse', amount: state.held - target };
  return { state: { ...state, paid, held: target }, entries: [entry] };
}
