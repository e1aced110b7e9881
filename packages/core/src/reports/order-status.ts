/**
 * An order's payment status in the order report, from what its payouts carried: paid (no refund),
 * refunded (refunds at least its gross sales, or a refund of a sale no stored payout carries) or
 * partly refunded. Refunds are negative (seller's side), gross positive.
 */
export const ORDER_STATUSES = ['paid', 'partly-refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function orderStatusOf(gross: bigint, refunds: bigint): OrderStatus {
  if (refunds === 0n) return 'paid';
  if (-refunds >= gross) return 'refunded';
  return 'partly-refunded';
}
