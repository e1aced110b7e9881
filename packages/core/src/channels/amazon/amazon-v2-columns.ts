/**
 * Flat File V2 columns (Amazon's attribute list, formats.md §1.2), by header name. `promotion-id` only
 * in newer files. The settlement-level columns are filled on the summary row only.
 */
import type { ColumnSpec } from '../shared/column-map';

export const AMAZON_V2_COLUMNS = {
  settlementId: ['settlement-id'],
  startDate: ['settlement-start-date'],
  endDate: ['settlement-end-date'],
  depositDate: ['deposit-date'],
  totalAmount: ['total-amount'],
  currency: ['currency'],
  transactionType: ['transaction-type'],
  orderId: ['order-id'],
  merchantOrderId: ['merchant-order-id'],
  adjustmentId: ['adjustment-id'],
  shipmentId: ['shipment-id'],
  marketplaceName: ['marketplace-name'],
  amountType: ['amount-type'],
  amountDescription: ['amount-description'],
  amount: ['amount'],
  fulfillmentId: ['fulfillment-id'],
  postedDate: ['posted-date'],
  postedDateTime: ['posted-date-time'],
  orderItemCode: ['order-item-code'],
  merchantOrderItemId: ['merchant-order-item-id'],
  merchantAdjustmentItemId: ['merchant-adjustment-item-id'],
  sku: ['sku'],
  quantityPurchased: ['quantity-purchased'],
  promotionId: ['promotion-id'],
} as const satisfies ColumnSpec<string>;

export type AmazonV2Column = keyof typeof AMAZON_V2_COLUMNS;

/** Without these a file is not a V2 settlement we can read. */
export const AMAZON_V2_REQUIRED: readonly AmazonV2Column[] = [
  'settlementId', 'startDate', 'endDate', 'depositDate', 'totalAmount', 'currency',
  'transactionType', 'amountType', 'amountDescription', 'amount',
];

/** Header order a V2 file is written in (promotion-id last when present). */
export const AMAZON_V2_HEADER: readonly string[] = Object.values(AMAZON_V2_COLUMNS).map((names) => names[0]);
