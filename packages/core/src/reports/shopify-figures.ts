/**
 * Which figure of the Shopify reports a transaction type counts under. One rule for the Finance
 * Report, the order report and the gift card report, from the type's key and its catalogue category,
 * so each figure is a sum of whole types and the figures of a period always add up to its net.
 *
 * Gift cards (decision 0027): a row of the payments export whose `Type` is `gift_card` is a gift card
 * sold (issued: the money is a liability, not a sale); a charge or refund row whose `Payment Method
 * Name` is `gift_card` is paid from, or refunded to, a gift card (redeemed) and is keyed
 * `charge|gift_card` / `refund|gift_card` by the parser.
 */
import { describeTransactionType } from '../settlements/describe-transaction-type';

export const FINANCE_FIGURES = ['grossSales', 'refunds', 'chargebacks', 'fees', 'adjustments', 'reserves', 'marketplaceTax', 'giftCardsIssued', 'other'] as const;
export type FinanceFigure = (typeof FINANCE_FIGURES)[number];

export const FINANCE_FIGURE_LABELS: Record<FinanceFigure, string> = {
  grossSales: 'Gross sales',
  refunds: 'Refunds',
  chargebacks: 'Chargebacks and disputes',
  fees: 'Fees',
  adjustments: 'Adjustments',
  reserves: 'Reserves',
  marketplaceTax: 'Marketplace tax',
  giftCardsIssued: 'Gift cards sold',
  other: 'Other',
};

export const GIFT_CARD_ISSUED_TYPES: readonly string[] = ['gift_card'];
export const GIFT_CARD_REDEEMED_TYPES: readonly string[] = ['charge|gift_card', 'refund|gift_card'];

/** The finance figure of a Shopify transaction type. */
export function financeFigureOf(typeKey: string): FinanceFigure {
  if (GIFT_CARD_ISSUED_TYPES.includes(typeKey)) return 'giftCardsIssued';
  const base = typeKey.split('|')[0]!;
  const { category } = describeTransactionType('SHOPIFY', typeKey);
  if (category === 'fees') return 'fees';
  if (base === 'chargeback' || base === 'dispute') return 'chargebacks';
  if (base === 'adjustment' || typeKey === 'payout|adjustments') return 'adjustments';
  switch (category) {
    case 'sales':
      return 'grossSales';
    case 'refunds':
      return 'refunds';
    case 'reserves':
      return 'reserves';
    case 'tax':
      return 'marketplaceTax';
    default:
      return 'other';
  }
}

export type OrderFigure = 'gross' | 'fees' | 'refunds' | 'other';

/** The order report's column of a Shopify transaction type: chargebacks count as refunds of the order. */
export function orderFigureOf(typeKey: string): OrderFigure {
  const figure = financeFigureOf(typeKey);
  if (figure === 'grossSales') return 'gross';
  if (figure === 'fees') return 'fees';
  if (figure === 'refunds' || figure === 'chargebacks') return 'refunds';
  return 'other';
}
