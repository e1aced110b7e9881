/**
 * BigCommerce payments settled by Braintree (PayPal powered by Braintree, BigCommerce Payments): the
 * Settlement Batch Summary's `Kind` is the key ('sale', 'credit'); the card type is kept in each
 * line's description. Unknown kinds are kept and labelled from the raw key.
 */
import type { Category } from '../../settlements/model';
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

export const bigcommerceTransactionTypes = defineTransactionTypes(
  'BIGCOMMERCE',
  {
    sale: ['BigCommerce Sales (Braintree)', 'sales'],
    credit: ['BigCommerce Refunds (Braintree)', 'refunds'],
  },
  { labelPrefix: 'BigCommerce', guessCategory: guessBigCommerceCategory },
);

/** Category of a Braintree kind the catalogue does not list, from its shape: fees, refunds and credits, sales. */
export function guessBigCommerceCategory(key: string): Category {
  if (/fee/i.test(key)) return 'fees';
  if (/refund|credit/i.test(key)) return 'refunds';
  if (/dispute|chargeback/i.test(key)) return 'refunds';
  if (/^sale/i.test(key)) return 'sales';
  return 'other';
}
