/**
 * Shopify B2B (single-order) invoice mode: each B2B order found in a payout becomes a settlement of
 * its own (one invoice per order, with the order's lines), and the payout keeps one line per such
 * order, `b2b order payment`, for the order's net: the payment moving through the clearing
 * (receivable) account. So the payout still sums to its deposit and no line is counted twice
 * (decision 0028). A refund of a B2B order in a later payout becomes that payout's own part for the
 * order (a credit), keyed by order and payout.
 */
import type { Settlement, SettlementLine } from '../settlements/model';

export const B2B_PAYMENT_TYPE = 'b2b order payment';
export const SINGLE_ORDER_FORMAT = 'shopify-b2b-order';

export interface SingleOrderPart {
  orderName: string;
  /** The payout the order's lines were taken from. */
  payoutId: string;
  settlement: Settlement;
}

export interface SplitSettlement {
  payout: Settlement;
  orders: SingleOrderPart[];
}

/** The single-order settlement's id: the order name (without Shopify's '#', which lists print before an id) and the payout it was paid in. */
export function singleOrderSettlementId(orderName: string, payoutId: string): string {
  return `${orderName.replace(/^#/, '')} (payout ${payoutId})`;
}

/**
 * Splits a settlement into its payout part and one part per B2B order. Lines without an order, and
 * orders `isB2bOrder` refuses, stay in the payout. An order whose lines sum to zero still gets its
 * part (the invoice exists) and a zero payment line, so what was split is always visible.
 */
export function splitSingleOrders(settlement: Settlement, isB2bOrder: (orderName: string) => boolean): SplitSettlement {
  const byOrder = new Map<string, SettlementLine[]>();
  const kept: SettlementLine[] = [];
  for (const line of settlement.lines) {
    if (line.orderId !== null && line.typeKey !== B2B_PAYMENT_TYPE && isB2bOrder(line.orderId)) {
      const lines = byOrder.get(line.orderId) ?? [];
      lines.push(line);
      byOrder.set(line.orderId, lines);
    } else {
      kept.push(line);
    }
  }
  if (byOrder.size === 0) return { payout: settlement, orders: [] };
  const orders: SingleOrderPart[] = [];
  for (const [orderName, lines] of byOrder) {
    const net = lines.reduce((sum, l) => sum + l.amount, 0n);
    const dates = lines.map((l) => l.postedAt).filter((d): d is number => d !== null);
    const first = lines[0]!;
    kept.push({
      postedAt: dates.length > 0 ? Math.max(...dates) : settlement.endDate,
      typeKey: B2B_PAYMENT_TYPE,
      orderId: orderName,
      sku: null,
      quantity: null,
      marketplace: first.marketplace,
      fulfilmentChannel: null,
      amount: net,
      source: first.source,
      description: `B2B order ${orderName}: its own invoice`,
    });
    orders.push({
      orderName,
      payoutId: settlement.settlementId,
      settlement: {
        ...settlement,
        settlementId: singleOrderSettlementId(orderName, settlement.settlementId),
        format: SINGLE_ORDER_FORMAT,
        startDate: dates.length > 0 ? Math.min(...dates) : settlement.startDate,
        endDate: dates.length > 0 ? Math.max(...dates) : settlement.endDate,
        total: settlement.status === 'closed' ? net : null,
        lines,
      },
    });
  }
  return { payout: { ...settlement, lines: kept }, orders };
}
