/**
 * One settlement's amounts per order, split into the order report's columns by orderFigureOf. Fed the
 * settlement's sums by (order, type), never its lines; the server stores the result with the settlement.
 */
import { orderFigureOf } from './shopify-figures';

export interface OrderTypeSum {
  orderId: string;
  typeKey: string;
  amount: bigint;
  lineCount: number;
  firstPostedAt: Date | null;
}

export interface OrderTotals {
  orderId: string;
  gross: bigint;
  fees: bigint;
  refunds: bigint;
  other: bigint;
  net: bigint;
  lineCount: number;
  firstPostedAt: Date | null;
}

export function sumOrderTotals(sums: readonly OrderTypeSum[]): OrderTotals[] {
  const orders = new Map<string, OrderTotals>();
  for (const s of sums) {
    let o = orders.get(s.orderId);
    if (!o) orders.set(s.orderId, (o = { orderId: s.orderId, gross: 0n, fees: 0n, refunds: 0n, other: 0n, net: 0n, lineCount: 0, firstPostedAt: null }));
    o[orderFigureOf(s.typeKey)] += s.amount;
    o.net += s.amount;
    o.lineCount += s.lineCount;
    if (s.firstPostedAt !== null && (o.firstPostedAt === null || s.firstPostedAt < o.firstPostedAt)) o.firstPostedAt = s.firstPostedAt;
  }
  return [...orders.values()];
}
