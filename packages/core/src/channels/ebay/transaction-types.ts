/**
 * eBay transaction report types. A row is split into its money columns, each a line keyed
 * '<Type>|<column>' ('Order|Item subtotal', 'Order|Final Value Fee - variable'); a row with no money
 * columns (shipping label, other fee, hold...) is one line keyed by its Type; what the columns do not
 * explain of a row's Net amount is a line '<Type>|Other amounts'. Type values from formats.md 4.1
 * (reported by third-party parsers, no real file seen).
 */
import type { Category } from '../../settlements/model';
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

const COMPONENTS: Record<string, readonly [string, Category]> = {
  'Item subtotal': ['Sales', 'sales'],
  'Shipping and handling': ['Shipping Income', 'shipping'],
  'Seller collected tax': ['Sales Tax (seller collected)', 'tax'],
  'eBay collected tax': ['Sales Tax (eBay collected)', 'tax'],
  'eBay collected tax remitted': ['Sales Tax (eBay collected) - Remitted by eBay', 'tax'],
  'Final Value Fee - fixed': ['Fees - Final value fee (fixed)', 'fees'],
  'Final Value Fee - variable': ['Fees - Final value fee (variable)', 'fees'],
  'Regulatory operating fee': ['Fees - Regulatory operating fee', 'fees'],
  'Very high "item not as described" fee': ['Fees - Very high "item not as described" fee', 'fees'],
  'Below standard performance fee': ['Fees - Below standard performance fee', 'fees'],
  'International fee': ['Fees - International fee', 'fees'],
  'Deposit processing fee': ['Fees - Deposit processing fee', 'fees'],
};

const entries: Record<string, readonly [string, Category]> = {
  'Shipping label': ['eBay Shipping Labels', 'shipping'],
  'Other fee': ['eBay Fees - Other (promoted listings, subscriptions...)', 'fees'],
  Charge: ['eBay Fees - Charges', 'fees'],
  Claim: ['eBay Refunds - Claims', 'refunds'],
  'Payment dispute': ['eBay Refunds - Payment disputes', 'refunds'],
  Hold: ['eBay Reserves - Funds on hold', 'reserves'],
  Transfer: ['eBay Transfers', 'transfers'],
  Payout: ['eBay Payouts', 'transfers'],
};
for (const [column, [label, category]] of Object.entries(COMPONENTS)) {
  entries[`Order|${column}`] = [`eBay ${label}`, category];
  entries[`Refund|${column}`] = [`eBay Refunds - ${label}`, category === 'sales' ? 'refunds' : category];
}

export const ebayTransactionTypes = defineTransactionTypes('EBAY', entries, { labelPrefix: 'eBay', guessCategory });

/**
 * Category of a type the catalogue does not list, from its shape: a fee column or type is a fee;
 * then tax, refunds (refunds, claims, disputes), shipping, holds, payouts and transfers; a new money
 * column of an order is a sale.
 */
function guessCategory(key: string): Category {
  if (/fee/i.test(key)) return 'fees';
  if (/tax/i.test(key)) return 'tax';
  if (/^(Refund|Claim|Payment dispute)/.test(key)) return 'refunds';
  if (/shipping/i.test(key)) return 'shipping';
  if (/^Hold/.test(key)) return 'reserves';
  if (/^(Payout|Transfer)/.test(key)) return 'transfers';
  if (/^Order\|/.test(key) && !key.endsWith('|Other amounts')) return 'sales';
  return 'other';
}
