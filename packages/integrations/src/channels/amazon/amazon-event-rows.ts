/**
 * Finances v0 FinancialEvents as rows of the V2 settlement flat file, in the transaction-type |
 * amount-type | amount-description triples Amazon writes there (core's Amazon catalogue names them):
 * shipments (Order), refunds (Refund), chargebacks (Chargeback Refund), A-to-z claims, service fees,
 * Sponsored Products charges (ServiceFee|Cost of Advertising), coupon and deal fees, liquidations,
 * retrocharges, SAFE-T reimbursements, debt recovery, adjustments and Pay with Amazon payments of the
 * seller's own store (PayWithAmazon, Settings > Amazon Pay). Event lists not itemized here are
 * named in `unread`, so the open settlement says what it leaves to the report. Amounts are exact text.
 */
import { decimalText } from '../shared/exact-json';

type Money = { CurrencyCode?: string; CurrencyAmount?: unknown } | undefined;
type Component = { ChargeType?: string; FeeType?: string; PromotionType?: string; ChargeAmount?: Money; FeeAmount?: Money; PromotionAmount?: Money };
interface ShipmentItem {
  SellerSKU?: string;
  QuantityShipped?: number;
  ItemChargeList?: Component[];
  ItemFeeList?: Component[];
  PromotionList?: Component[];
  ItemTaxWithheldList?: { TaxCollectionModel?: string; TaxesWithheld?: Component[] }[];
  ItemChargeAdjustmentList?: Component[];
  ItemFeeAdjustmentList?: Component[];
  PromotionAdjustmentList?: Component[];
}
interface ShipmentEvent {
  AmazonOrderId?: string;
  MarketplaceName?: string;
  PostedDate?: string;
  ShipmentItemList?: ShipmentItem[];
  ShipmentItemAdjustmentList?: ShipmentItem[];
}
type Dated = { PostedDate?: string; postedDate?: string };
export interface FinancialEvents {
  ShipmentEventList?: ShipmentEvent[];
  RefundEventList?: ShipmentEvent[];
  ChargebackEventList?: ShipmentEvent[];
  GuaranteeClaimEventList?: ShipmentEvent[];
  ServiceFeeEventList?: { AmazonOrderId?: string; FeeReason?: string; FeeList?: Component[] }[];
  AdjustmentEventList?: (Dated & { AdjustmentType?: string; AdjustmentAmount?: Money })[];
  ProductAdsPaymentEventList?: (Dated & { transactionType?: string; invoiceId?: string; transactionValue?: Money })[];
  CouponPaymentEventList?: (Dated & { CouponId?: string; TotalAmount?: Money })[];
  SellerDealPaymentEventList?: (Dated & { dealId?: string; eventType?: string; feeType?: string; totalAmount?: Money })[];
  FBALiquidationEventList?: (Dated & { OriginalRemovalOrderId?: string; LiquidationProceedsAmount?: Money; LiquidationFeeAmount?: Money })[];
  RetrochargeEventList?: (Dated & { RetrochargeEventType?: string; AmazonOrderId?: string; MarketplaceName?: string; BaseTax?: Money; ShippingTax?: Money })[];
  SAFETReimbursementEventList?: (Dated & { SAFETClaimId?: string; ReasonCode?: string; ReimbursedAmount?: Money })[];
  DebtRecoveryEventList?: { DebtRecoveryType?: string; RecoveryAmount?: Money }[];
  PayWithAmazonEventList?: { SellerOrderId?: string; TransactionPostedDate?: string; Charge?: Component; FeeList?: Component[]; PaymentAmountType?: string; AmountDescription?: string; StoreName?: string }[];
  [list: string]: unknown;
}

const amountOf = (c: Component): Money => c.ChargeAmount ?? c.FeeAmount ?? c.PromotionAmount;
const kindOf = (c: Component): string => c.ChargeType ?? c.FeeType ?? c.PromotionType ?? 'Other';
const ITEMIZED = new Set([
  'ShipmentEventList', 'RefundEventList', 'ChargebackEventList', 'GuaranteeClaimEventList', 'ServiceFeeEventList', 'AdjustmentEventList', 'ProductAdsPaymentEventList',
  'CouponPaymentEventList', 'SellerDealPaymentEventList', 'FBALiquidationEventList', 'RetrochargeEventList', 'SAFETReimbursementEventList', 'DebtRecoveryEventList',
  'PayWithAmazonEventList',
]);

/** V2 rows for one event group's events, and the non-empty event lists they leave out. */
export function eventsToV2Rows(settlementId: string, events: FinancialEvents[]): { rows: Record<string, string>[]; unread: string[] } {
  const rows: Record<string, string>[] = [];
  const unread = new Set<string>();
  const push = (r: Record<string, string>) => rows.push({ 'settlement-id': settlementId, ...r });
  const dated = (at: string | undefined) => ({ 'posted-date-time': at ?? '', 'posted-date': (at ?? '').slice(0, 10) });
  const money = (type: string, amountType: string, description: string, m: Money, extra: Record<string, string> = {}) => {
    const amount = decimalText(m?.CurrencyAmount);
    if (amount !== '') push({ 'transaction-type': type, 'amount-type': amountType, 'amount-description': description, amount, ...extra });
  };
  const items = (type: string, isAdjustment: boolean, e: ShipmentEvent, list: ShipmentItem[] | undefined) => {
    for (const item of list ?? []) {
      const common = { 'order-id': e.AmazonOrderId ?? '', 'marketplace-name': e.MarketplaceName ?? '', ...dated(e.PostedDate), sku: item.SellerSKU ?? '', 'quantity-purchased': item.QuantityShipped === undefined ? '' : String(item.QuantityShipped) };
      const parts: [string, Component[] | undefined][] = isAdjustment
        ? [['ItemPrice', item.ItemChargeAdjustmentList], ['ItemFees', item.ItemFeeAdjustmentList], ['Promotion', item.PromotionAdjustmentList]]
        : [['ItemPrice', item.ItemChargeList], ['ItemFees', item.ItemFeeList], ['Promotion', item.PromotionList], ['ItemWithheldTax', item.ItemTaxWithheldList?.flatMap((t) => t.TaxesWithheld ?? [])]];
      for (const [amountType, components] of parts) for (const c of components ?? []) money(type, amountType, kindOf(c), amountOf(c), common);
    }
  };
  for (const page of events) {
    for (const [list, value] of Object.entries(page)) if (!ITEMIZED.has(list) && Array.isArray(value) && value.length > 0) unread.add(list);
    for (const e of page.ShipmentEventList ?? []) items('Order', false, e, e.ShipmentItemList);
    for (const e of page.RefundEventList ?? []) items('Refund', true, e, e.ShipmentItemAdjustmentList);
    for (const e of page.ChargebackEventList ?? []) items('Chargeback Refund', true, e, e.ShipmentItemAdjustmentList);
    for (const e of page.GuaranteeClaimEventList ?? []) items('A-to-z Guarantee Refund', true, e, e.ShipmentItemAdjustmentList);
    for (const e of page.ServiceFeeEventList ?? []) for (const c of e.FeeList ?? []) money('ServiceFee', e.FeeReason ?? 'Fee', kindOf(c), amountOf(c), { 'order-id': e.AmazonOrderId ?? '' });
    for (const e of page.AdjustmentEventList ?? []) money('other-transaction', 'other-transaction', e.AdjustmentType ?? 'Adjustment', e.AdjustmentAmount, dated(e.PostedDate));
    for (const e of page.ProductAdsPaymentEventList ?? [])
      money('ServiceFee', /refund/i.test(e.transactionType ?? '') ? 'Refund for Advertiser' : 'Cost of Advertising', 'TransactionTotalAmount', e.transactionValue, { ...dated(e.postedDate), 'order-id': e.invoiceId ?? '' });
    for (const e of page.CouponPaymentEventList ?? []) money('CouponRedemptionFee', 'CouponRedemptionFee', 'Coupon Redemption Fee', e.TotalAmount, dated(e.PostedDate));
    for (const e of page.SellerDealPaymentEventList ?? []) money('Lightning Deal Fee', e.feeType ?? 'LightningDealFee', 'Lightning Deal Fee', e.totalAmount, dated(e.postedDate));
    for (const e of page.FBALiquidationEventList ?? []) {
      const common = { ...dated(e.PostedDate), 'order-id': e.OriginalRemovalOrderId ?? '' };
      money('Liquidations', 'LiquidationsProceeds', 'Liquidations Proceeds', e.LiquidationProceedsAmount, common);
      money('Liquidations', 'LiquidationsFee', 'Liquidations Fee', e.LiquidationFeeAmount, common);
    }
    for (const e of page.RetrochargeEventList ?? []) {
      const common = { ...dated(e.PostedDate), 'order-id': e.AmazonOrderId ?? '', 'marketplace-name': e.MarketplaceName ?? '' };
      money(e.RetrochargeEventType ?? 'Retrocharge', 'Retrocharge', 'BaseTax', e.BaseTax, common);
      money(e.RetrochargeEventType ?? 'Retrocharge', 'Retrocharge', 'ShippingTax', e.ShippingTax, common);
    }
    for (const e of page.SAFETReimbursementEventList ?? []) money('SAFE-T reimbursement', e.ReasonCode ?? 'SAFE-T', 'ReimbursedAmount', e.ReimbursedAmount, { ...dated(e.PostedDate), 'order-id': e.SAFETClaimId ?? '' });
    for (const e of page.DebtRecoveryEventList ?? []) money('Debt Recovery', e.DebtRecoveryType ?? 'DebtRecovery', 'RecoveryAmount', e.RecoveryAmount);
    // Amazon Pay payments of the seller's own store (Settings > Amazon Pay posts them by this transaction type).
    for (const e of page.PayWithAmazonEventList ?? []) {
      const common = { ...dated(e.TransactionPostedDate), 'order-id': e.SellerOrderId ?? '', 'marketplace-name': e.StoreName ?? '' };
      if (e.Charge) money('PayWithAmazon', e.PaymentAmountType ?? 'Sales', kindOf(e.Charge), amountOf(e.Charge), common);
      for (const c of e.FeeList ?? []) money('PayWithAmazon', 'Fees', kindOf(c), amountOf(c), common);
    }
  }
  return { rows, unread: [...unread] };
}
