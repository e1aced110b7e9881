/**
 * Afterpay (Cash App Afterpay / Clearpay) settlement report types: the row `Type` (Order, Refund) for
 * the settled amount, '<Type>|Merchant fee' and '<Type>|Merchant fee tax' for Afterpay's fee and the
 * tax (GST in Australia) on it. Unknown types are kept and labelled from the raw key.
 */
import type { Category } from '../../settlements/model';
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
  { labelPrefix: 'Afterpay', guessCategory: guessAfterpayCategory },
);

/** Category of a type the catalogue does not list, from its shape: tax on a fee is tax, a fee part a fee, refunds, orders sales. */
export function guessAfterpayCategory(key: string): Category {
  if (/tax$/i.test(key)) return 'tax';
  if (/fee/i.test(key)) return 'fees';
  if (/refund|dispute|chargeback/i.test(key)) return 'refunds';
  if (/^order\b/i.test(key)) return 'sales';
  return 'other';
}
