/**
 * The category a transaction type the channel's catalogue does not list gets from its shape (each
 * channel's guessCategory, next to its catalogue). The default mappings post such a type by it
 * (describeTypeByShape, decision 0060), so these are the rules that decide where a new type goes.
 */
import { describe, expect, it } from 'vitest';
import type { Category, Channel } from '../settlements/model';
import { describeTransactionType } from '../settlements/describe-transaction-type';

/** [type key, category] for keys none of the catalogues list. */
const NEW_TYPES: Record<Channel, readonly (readonly [string, Category])[]> = {
  AMAZON: [
    ['Order|ShipmentFees|FBA transportation fee', 'fees'],
    ['Refund|ShipmentFees|FBA transportation fee', 'fees'],
    ['Order|ItemFees|LowInventoryLevelFee', 'fees'],
    ['Order|OrderFees|Some new per-order charge', 'fees'],
    ['other-transaction|other-transaction|FBA Inbound Convenience Fee', 'fees'],
    ['other-transaction||Carrier charge', 'fees'],
    ['other-transaction|other-transaction|Chargeback reversal', 'refunds'],
    ['Order|ItemPrice|Handling', 'sales'],
    ['Chargeback Refund|ItemPrice|Handling', 'refunds'],
    ['Order|ItemPrice|HandlingTax', 'tax'],
    ['Refund|ItemPrice|Handling', 'refunds'],
    ['Order|Promotion|Bundle', 'sales'],
    ['Refund|Promotion|Bundle', 'refunds'],
    ['Order|ItemWithheldTax|SomeNewLevy', 'tax'],
    ['other-transaction|other-transaction|Reserve Adjustment', 'reserves'],
    ['other-transaction|FBA Inventory Reimbursement|NEW_REASON', 'reimbursements'],
    ['Mystery||', 'other'],
  ],
  PAYPAL: [
    ['Brand New Payment Type|Fee', 'fees'],
    ['T0099|Fee', 'fees'],
    ['T0113', 'fees'],
    ['Partner Fee', 'fees'],
    ['Brand New Payment Type', 'sales'],
    ['T1110', 'refunds'],
    ['T0300', 'transfers'],
    ['T1599', 'reserves'],
    ['Something else', 'other'],
  ],
  SHOPIFY: [
    ['installment|fee', 'fees'],
    ['charge|shop_pay_installments', 'sales'],
    ['refund|gift_card_adjustment', 'refunds'],
    ['payout|capital repayment', 'transfers'],
    ['tax_adjustment', 'tax'],
    ['something_new', 'other'],
  ],
  EBAY: [
    ['Order|Promoted listing fee', 'fees'],
    ['Order|Charity donation', 'sales'],
    ['Refund|Charity donation', 'refunds'],
    ['Order|Other amounts', 'other'],
    ['Payout|Instant', 'transfers'],
    ['Hold|Released', 'reserves'],
  ],
  ETSY: [
    ['Fee|Renewal fee', 'fees'],
    ['Sale|Payment for Gift Card', 'sales'],
    ['Marketing|Etsy Plus', 'advertising'],
    ['Subscription|Etsy Plus subscription fee', 'fees'],
    ['Something|Else', 'other'],
  ],
  WALMART: [
    ['Sale|Gift Wrap Price', 'sales'],
    ['Refund|Commission on Gift Wrap', 'fees'],
    ['Adjustment|WFS Storage Fee|Fee/Reimbursement', 'fees'],
    ['Adjustment|Lost inventory reimbursement|Fee/Reimbursement', 'reimbursements'],
    ['Sale|Gift wrap tax', 'tax'],
    ['Adjustment|Lost inventory|Fee/Reimbursement', 'reimbursements'],
  ],
  BIGCOMMERCE: [
    ['sale_fee', 'fees'],
    ['sale_partial', 'sales'],
    ['credit_partial', 'refunds'],
    ['dispute', 'refunds'],
    ['authorization', 'other'],
  ],
  AFTERPAY: [
    ['Order|Late fee', 'fees'],
    ['Order|Late fee tax', 'tax'],
    ['Order|Adjustment', 'sales'],
    ['Refund|Adjustment', 'refunds'],
    ['Dispute', 'refunds'],
    ['Payout', 'other'],
  ],
};

describe('a new transaction type gets its category from its shape', () => {
  for (const [channel, cases] of Object.entries(NEW_TYPES) as [Channel, (typeof NEW_TYPES)[Channel]][]) {
    it(`by ${channel}'s rules`, () => {
      const got = cases.map(([key]) => {
        const info = describeTransactionType(channel, key);
        return [key, info.category, info.known] as const;
      });
      expect(got).toEqual(cases.map(([key, category]) => [key, category, false]));
    });
  }

  it('leaves the catalogue\'s own categories alone (known types are not guessed)', () => {
    expect(describeTransactionType('AMAZON', 'other-transaction|other-transaction|Successful charge')).toMatchObject({ category: 'transfers', known: true });
    expect(describeTransactionType('AMAZON', 'Order|Promotion|Shipping')).toMatchObject({ category: 'shipping', known: true });
    expect(describeTransactionType('PAYPAL', 'Website Payment|Fee')).toMatchObject({ category: 'fees', known: true });
  });

  it('labels a new type from its raw parts', () => {
    expect(describeTransactionType('AMAZON', 'Order|ShipmentFees|FBA transportation fee').label).toBe('Amazon - Order / ShipmentFees / FBA transportation fee');
  });
});
