/**
 * Etsy monthly statement types. The key is '<Type>|<Title without its specifics>': the statement's
 * `Type` column is coarse (Fee covers listing, transaction and processing fees) and the `Title`
 * names the sub-type with an order number, item title or date attached ("Transaction fee: Oak
 * cutting board", "Payment for Order #3844871551"), which etsyTypeKey() strips. Titles seen in the
 * real statements (formats.md 5.1); unknown ones are kept and labelled from the raw key.
 */
import type { Category } from '../../settlements/model';
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

/** The stable key of a statement row from its Type and Title. */
export function etsyTypeKey(type: string, title: string): string {
  let t = title.trim();
  if (/^Transaction fee: /i.test(t) && !/^Transaction fee: Shipping$/i.test(t)) t = 'Transaction fee';
  // 2022 statements: "Credit for transaction fee on Product" (the item), "... on Shipping".
  if (/^Credit for transaction fee on /i.test(t) && !/ on Shipping$/i.test(t)) t = 'Credit for transaction fee';
  t = t
    .replace(/\s+\d{6,}$/, '') // "Charge for refund 2336966814"
    .replace(/\s*#\d.*$/, '') // "Payment for Order #3844871551"
    .replace(/\s*\([^)]*\)\s*$/, '') // "Listing fee ($0.20 USD)", "... (paid by buyer)"
    .replace(/\s+(on|for) [A-Z][a-z]{2,8} \d{1,2}, \d{4}.*$/, ''); // "... on Oct 30, 2025"
  return `${type.trim() || '(no type)'}|${t}`;
}

const TYPES: Record<string, readonly [string, Category]> = {
  'Sale|Payment for Order': ['Etsy Sales', 'sales'],
  'Refund|Refund to buyer for Order': ['Etsy Refunds', 'refunds'],
  'Refund|Partial refund to buyer for Order': ['Etsy Refunds - Partial', 'refunds'],
  'Payment|Charge for refund': ['Etsy Card Charges to Fund Refunds', 'transfers'],
  'Tax|Sales tax paid by buyer': ['Etsy Sales Tax (collected and remitted by Etsy)', 'tax'],
  'Tax|Refund to buyer for sales tax': ['Etsy Sales Tax - Refunded', 'tax'],
  'Tax|Tax: transaction': ['Etsy Fees - Tax on transaction fees', 'tax'],
  'Tax|Tax: transaction credit': ['Etsy Fees - Tax on transaction fees (credit)', 'tax'],
  'Fee|Transaction fee': ['Etsy Fees - Transaction fee', 'fees'],
  'Fee|Transaction fee: Shipping': ['Etsy Fees - Transaction fee on shipping', 'fees'],
  'Fee|Processing fee': ['Etsy Fees - Payment processing', 'fees'],
  'Fee|Listing fee': ['Etsy Fees - Listing fee', 'fees'],
  'Fee|Credit for transaction fee': ['Etsy Fees - Transaction fee credit', 'fees'],
  'Fee|Credit for processing fee': ['Etsy Fees - Processing fee credit', 'fees'],
  'Fee|Credit for transaction fee on Shipping': ['Etsy Fees - Transaction fee on shipping credit', 'fees'],
  'Shipping|USPS shipping label': ['Etsy Shipping Labels - USPS', 'shipping'],
  'Shipping|USPS return shipping label': ['Etsy Shipping Labels - USPS return', 'shipping'],
  'Shipping|Asendia shipping label': ['Etsy Shipping Labels - Asendia', 'shipping'],
  'Marketing|Etsy Ads': ['Etsy Advertising - Etsy Ads', 'advertising'],
  'Marketing|Fee for sale made through Offsite Ads': ['Etsy Advertising - Offsite Ads fee', 'advertising'],
  'Marketing|Credit for Offsite Ads fee': ['Etsy Advertising - Offsite Ads fee credit', 'advertising'],
  'Marketing|Share & Save refund': ['Etsy Fees - Share & Save refund', 'fees'],
  'Buyer Fee|Colorado Retail Delivery Fee': ['Etsy Buyer Fees - Colorado Retail Delivery Fee', 'tax'],
  'VAT|VAT: listing': ['Etsy VAT on fees - Listing', 'tax'],
  'VAT|VAT: transaction': ['Etsy VAT on fees - Transaction', 'tax'],
  'VAT|VAT: transaction credit': ['Etsy VAT on fees - Transaction (credit)', 'tax'],
  'VAT|VAT: Offsite Ads fee credit': ['Etsy VAT on fees - Offsite Ads (credit)', 'tax'],
  'VAT|VAT: Processing Fee': ['Etsy VAT on fees - Processing', 'tax'],
  'VAT|VAT: Offsite Ads fee': ['Etsy VAT on fees - Offsite Ads', 'tax'],
  'VAT|VAT: shipping transaction': ['Etsy VAT on fees - Shipping transaction', 'tax'],
  'VAT|VAT: renew sold': ['Etsy VAT on fees - Renew sold', 'tax'],
  'VAT|VAT: auto-renew expired': ['Etsy VAT on fees - Auto-renew expired', 'tax'],
};

export const etsyTransactionTypes = defineTransactionTypes('ETSY', TYPES, { labelPrefix: 'Etsy', guessCategory });

/**
 * Category of a type the catalogue does not list, from its shape: the statement's Type column says
 * it (Fee, Sale, Marketing...); a Type Etsy adds later whose title names a fee is a fee.
 */
function guessCategory(key: string): Category {
  const type = key.slice(0, Math.max(0, key.indexOf('|')));
  const byType: Record<string, Category> = {
    Sale: 'sales', Refund: 'refunds', Fee: 'fees', Tax: 'tax', VAT: 'tax', 'Buyer Fee': 'tax',
    Shipping: 'shipping', Marketing: 'advertising', Payment: 'transfers', Deposit: 'transfers',
  };
  return byType[type] ?? (/\bfees?\b/i.test(key) ? 'fees' : 'other');
}
