/**
 * Afterpay (Cash App Afterpay / Clearpay) settlement report types: the row `Type` (Order, Refund) for
 * the settled amount, '<Type>|Merchant fee' and '<Type>|Merchant fee tax' for Afterpay's fee and the
 * tax (GST in Australia) on it. Unknown types are kept and labelled from the raw key.
 */
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

export const afterpayTransactionTypes = defineTransactionTypes(
  'AFTERPAY',
  {
    Order: ['Afterpay Sales', 'sales'],
    'Order|Merchant fee': ['Afterpay Fees - Merchant fee', 'fees'],
    'Order|Merchant fee tax': ['Afterpay Fees - Tax on merchant fee', 'tax'],
    Refund: ['Afterpay Refunds', 'refunds'],
    'Refund|Merchant fee': ['Afterpay Fees - Merchant fee on refunds', 'fees'],
    'Refund|Merchant fee tax': ['Afterpay Fees - Tax on merchant fee (refunds)', 'tax'],
  },
  { labelPrefix: 'Afterpay', guessCategory: (key) => (key.endsWith('tax') ? 'tax' : key.includes('fee') ? 'fees' : /refund/i.test(key) ? 'refunds' : 'other') },
);
