/**
 * BigCommerce payments settled by Braintree (PayPal powered by Braintree, BigCommerce Payments): the
 * Settlement Batch Summary's `Kind` is the key ('sale', 'credit'); the card type is kept in each
 * line's description. Unknown kinds are kept and labelled from the raw key.
 */
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

export const bigcommerceTransactionTypes = defineTransactionTypes(
  'BIGCOMMERCE',
  {
    sale: ['BigCommerce Sales (Braintree)', 'sales'],
    credit: ['BigCommerce Refunds (Braintree)', 'refunds'],
  },
  { labelPrefix: 'BigCommerce', guessCategory: (key) => (/refund|credit/i.test(key) ? 'refunds' : 'other') },
);
