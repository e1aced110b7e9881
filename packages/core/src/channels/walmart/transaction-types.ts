/**
 * Walmart reconciliation report types. Key: '<Transaction Type>|<Amount Type>' for sales and refunds
 * ('Sale|Product Price', 'Refund|Commission on Product'); for the other transaction types the
 * description names what happened ('Adjustment|Walmart Shipping Label Service Charge|Fee/Reimbursement'),
 * so it is part of the key. Values from Walmart's docs and a regression test of real rows
 * (formats.md 6.1); unknown ones are kept and labelled from the raw key.
 */
import type { Category } from '../../settlements/model';
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

/** The key of a report row. */
export function walmartTypeKey(transactionType: string, description: string, amountType: string): string {
  const type = transactionType.trim() || '(no type)';
  const amount = amountType.trim();
  if (/^(sale|refund)$/i.test(type)) return `${type}|${amount}`;
  return [type, description.trim(), amount].filter((p) => p !== '').join('|');
}

const PARTS: Record<string, readonly [string, Category]> = {
  'Product Price': ['Sales', 'sales'],
  'Product tax': ['Sales Tax', 'tax'],
  'Shipping Price': ['Shipping Income', 'shipping'],
  'Shipping tax': ['Shipping Tax', 'tax'],
  'Commission on Product': ['Fees - Commission', 'fees'],
  'Commission on Shipping': ['Fees - Commission on shipping', 'fees'],
  'Fee/Reimbursement': ['Fees and Reimbursements', 'other'],
};

const entries: Record<string, readonly [string, Category]> = {
  'Adjustment|Walmart Shipping Label Service Charge|Fee/Reimbursement': ['Walmart Shipping Labels', 'shipping'],
  'Dispute Settlement|Item Not Received Claim|Fee/Reimbursement': ['Walmart Dispute Settlements', 'reimbursements'],
};
for (const [amountType, [label, category]] of Object.entries(PARTS)) {
  entries[`Sale|${amountType}`] = [`Walmart ${label}`, category];
  entries[`Refund|${amountType}`] = [`Walmart Refunds - ${label}`, category === 'sales' ? 'refunds' : category];
}

export const walmartTransactionTypes = defineTransactionTypes('WALMART', entries, { labelPrefix: 'Walmart', guessCategory });

/**
 * Category of a type the catalogue does not list, from its shape: commissions and fees (not
 * reimbursements of them) are fees; then tax, refunds, shipping, reimbursements; a new price part of
 * a sale is a sale.
 */
function guessCategory(key: string): Category {
  // An adjustment's key ends in its amount type 'Fee/Reimbursement', which says neither: its description does.
  const parts = key.split('|');
  const named = parts.length > 2 ? parts.slice(0, -1).join('|') : key;
  if (/commission|fee|charge/i.test(named) && !/reimburse/i.test(named)) return 'fees';
  if (/tax/i.test(key)) return 'tax';
  if (/^Refund/.test(key)) return 'refunds';
  if (/shipping/i.test(key)) return 'shipping';
  if (/^Dispute|reimburse/i.test(key)) return 'reimbursements';
  if (/^Sale\|.*Price$/i.test(key)) return 'sales';
  return 'other';
}
