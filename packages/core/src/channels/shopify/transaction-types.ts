/**
 * Shopify Payments transaction types. Keys are the export's `Type` value as written (lower case, may
 * contain spaces: 'marketplace sales tax'); the fee Shopify deducts from a row is a line of its own,
 * keyed '<type>|fee'. The payouts export's summary columns are keyed 'payout|<column>'.
 * Types seen in real exports (formats.md 2.1) plus the older adjustment/chargeback and the API's
 * source types; anything else is kept and labelled from its raw key.
 */
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';
import type { Category } from '../../settlements/model';

export const shopifyTransactionTypes = defineTransactionTypes(
  'SHOPIFY',
  {
    charge: ['Shopify Sales', 'sales'],
    'charge|fee': ['Shopify Fees - Payment processing', 'fees'],
    refund: ['Shopify Refunds', 'refunds'],
    'refund|fee': ['Shopify Fees - Refund', 'fees'],
    // Gift cards (decision 0027): a card sold is a liability until redeemed, not a sale.
    gift_card: ['Shopify Gift Cards Sold (liability)', 'other'],
    'gift_card|fee': ['Shopify Fees - Gift card sale', 'fees'],
    'charge|gift_card': ['Shopify Sales - Paid by Gift Card', 'sales'],
    'refund|gift_card': ['Shopify Refunds - To Gift Card', 'refunds'],
    adjustment: ['Shopify Adjustments', 'other'],
    'adjustment|fee': ['Shopify Fees - Adjustment', 'fees'],
    chargeback: ['Shopify Chargebacks', 'refunds'],
    'chargeback|fee': ['Shopify Fees - Chargeback fee', 'fees'],
    dispute: ['Shopify Disputes', 'refunds'],
    'dispute|fee': ['Shopify Fees - Dispute fee', 'fees'],
    reserve: ['Shopify Reserved Funds', 'reserves'],
    'reserved funds': ['Shopify Reserved Funds', 'reserves'],
    'marketplace sales tax': ['Shopify Marketplace Sales Tax (remitted by Shopify)', 'tax'],
    shop_cash_credit: ['Shopify Shop Cash Credits', 'reimbursements'],
    'shop_cash_credit|fee': ['Shopify Fees - Shop Cash', 'fees'],
    shop_cash_campaign_billing_debit: ['Shopify Shop Cash Campaign Billing', 'advertising'],
    payout: ['Shopify Payout Transfer', 'transfers'],
    transfer: ['Shopify Payout Transfer', 'transfers'],
    'payout|charges': ['Shopify Sales', 'sales'],
    'payout|refunds': ['Shopify Refunds', 'refunds'],
    'payout|adjustments': ['Shopify Adjustments', 'other'],
    'payout|reserved funds': ['Shopify Reserved Funds', 'reserves'],
    'payout|fees': ['Shopify Fees', 'fees'],
    'payout|retried amount': ['Shopify Retried Payouts', 'transfers'],
    'payout|marketplace sales tax': ['Shopify Marketplace Sales Tax (remitted by Shopify)', 'tax'],
    'payout|advances': ['Shopify Capital Advances', 'transfers'],
    // Made by Ledgerport, not Shopify (decision 0028): a B2B order's payment moved out of its payout
    // (map it to the receivable or clearing account the order invoices post to), and the deferred
    // revenue journal's revenue and liability sides.
    'b2b order payment': ['Shopify B2B Order Payments', 'transfers'],
    'deferred revenue|held': ['Shopify Deferred Revenue - Held until fulfilled', 'sales'],
    'deferred revenue|reversed': ['Shopify Deferred Revenue - Refunded before fulfilment', 'sales'],
    'deferred revenue|recognised': ['Shopify Deferred Revenue - Recognised on fulfilment', 'sales'],
    'deferred revenue|liability': ['Shopify Deferred Revenue (liability)', 'other'],
  },
  { labelPrefix: 'Shopify', guessCategory },
);

/**
 * Category of a type the catalogue does not list, from its shape: any fee part is a fee; refunds,
 * chargebacks and disputes are refunds; then reserves, tax, payout transfers and advances; a new kind
 * of charge is a sale.
 */
function guessCategory(key: string): Category {
  const k = key.toLowerCase();
  if (/\bfees?\b/.test(k) || k.endsWith('|fee')) return 'fees';
  if (k.includes('refund') || k.includes('chargeback') || k.includes('dispute')) return 'refunds';
  if (k.includes('reserve')) return 'reserves';
  if (k.includes('tax')) return 'tax';
  if (/^(payout|transfer)\b/.test(k) || k.includes('advance')) return 'transfers';
  if (/^charge\b/.test(k)) return 'sales';
  return 'other';
}
