/**
 * Amazon's transaction types. Key = `transaction-type|amount-type|amount-description` exactly as the
 * Flat File V2 writes them (v1 rows are mapped to the same triple with Amazon's published v1->V2
 * mapping, see parse-amazon-v1.ts). Labels follow what accountants see in their books ("Amazon Sales -
 * Principal"); categories are defaults the user may remap. Sources: formats.md §1.4 (real files, third-
 * party value lists). Anything else is kept, labelled from its raw parts and flagged unknown.
 */
import type { Category } from '../../settlements/model';
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

type Entry = readonly [string, Category];

/** Price components charged to the buyer: [amount-description, label word, category on an order]. */
const PRICE_PARTS: readonly (readonly [string, string, Category])[] = [
  ['Principal', 'Principal', 'sales'],
  ['Shipping', 'Shipping', 'shipping'],
  ['Tax', 'Tax', 'tax'],
  ['ShippingTax', 'Shipping tax', 'tax'],
  ['GiftWrap', 'Gift wrap', 'sales'],
  ['GiftWrapTax', 'Gift wrap tax', 'tax'],
  ['RestockingFee', 'Restocking fee', 'sales'],
  ['Goodwill', 'Goodwill', 'refunds'],
];

/** Item fees: [amount-description, label]. */
const ITEM_FEES: readonly (readonly [string, string])[] = [
  ['Commission', 'Commission'],
  ['RefundCommission', 'Refund commission'],
  ['Refund commission', 'Refund commission'],
  ['Refund commission IGST', 'Refund commission IGST'],
  ['FBAPerUnitFulfillmentFee', 'FBA fulfilment fee'],
  ['FBAPerOrderFulfillmentFee', 'FBA per-order fulfilment fee'],
  ['FBAWeightBasedFee', 'FBA weight-based fee'],
  ['ShippingChargeback', 'Shipping chargeback'],
  ['ShippingHB', 'Shipping holdback'],
  ['GiftwrapChargeback', 'Gift wrap chargeback'],
  ['DigitalServicesFee', 'Digital services fee'],
  ['DigitalServicesFeeFBA', 'Digital services fee (FBA)'],
  ['VariableClosingFee', 'Variable closing fee'],
  ['FixedClosingFee', 'Fixed closing fee'],
  ['Fixed closing fee', 'Fixed closing fee'],
  ['Fixed closing fee IGST', 'Fixed closing fee IGST'],
  ['Commission IGST', 'Commission IGST'],
  ['TechnologyFee', 'Technology fee'],
  ['SalesTaxCollectionFee', 'Sales tax collection fee'],
  ['MarketplaceFacilitatorVAT-Principal', 'Marketplace facilitator VAT (principal)'],
  ['MarketplaceFacilitatorVAT-Shipping', 'Marketplace facilitator VAT (shipping)'],
];

const WITHHELD_TAX: readonly (readonly [string, string])[] = [
  ['MarketplaceFacilitatorTax-Principal', 'Marketplace facilitator tax (principal)'],
  ['MarketplaceFacilitatorTax-Shipping', 'Marketplace facilitator tax (shipping)'],
  ['MarketplaceFacilitatorTax-Other', 'Marketplace facilitator tax (other)'],
  ['MarketplaceFacilitatorTax-Giftwrap', 'Marketplace facilitator tax (gift wrap)'],
  ['MarketplaceFacilitatorVAT-Principal', 'Marketplace facilitator VAT (principal)'],
  ['MarketplaceFacilitatorVAT-Shipping', 'Marketplace facilitator VAT (shipping)'],
  ['LowValueGoodsTax-Principal', 'Low value goods tax (principal)'],
  ['LowValueGoodsTax-Shipping', 'Low value goods tax (shipping)'],
  ['TDS (Section 194-O)', 'TDS (section 194-O)'],
];

/** other-transaction descriptions: [amount-description, label, category]. */
const OTHER: readonly (readonly [string, string, Category])[] = [
  ['Current Reserve Amount', 'Amazon Reserve - Current reserve amount', 'reserves'],
  ['Previous Reserve Amount Balance', 'Amazon Reserve - Previous reserve amount balance', 'reserves'],
  ['Payable to Amazon', 'Amazon Transfers - Payable to Amazon', 'transfers'],
  ['Successful charge', 'Amazon Transfers - Successful charge', 'transfers'],
  ['Micro Deposit', 'Amazon Transfers - Micro deposit', 'transfers'],
  ['Storage Fee', 'Amazon Fees - FBA storage fee', 'fees'],
  ['StorageRenewalBilling', 'Amazon Fees - FBA long-term storage fee', 'fees'],
  ['Subscription Fee', 'Amazon Fees - Subscription fee', 'fees'],
  ['Inbound Transportation Fee', 'Amazon Fees - Inbound transportation fee', 'fees'],
  ['FBA Inbound Placement Service Fee', 'Amazon Fees - Inbound placement fee', 'fees'],
  ['RemovalComplete', 'Amazon Fees - FBA removal fee', 'fees'],
  ['DisposalComplete', 'Amazon Fees - FBA disposal fee', 'fees'],
  ['Amazon Easy Ship Charges', 'Amazon Fees - Easy Ship charges', 'fees'],
  ['MFNPostagePurchaseComplete', 'Amazon Fees - Shipping label', 'fees'],
  ['MFNPostagePurchaseCompleteIGST', 'Amazon Fees - Shipping label IGST', 'fees'],
  ['SAFE-T Reimbursement', 'Amazon Reimbursements - SAFE-T claim', 'reimbursements'],
  ['Shipping label purchase', 'Amazon Fees - Shipping label', 'fees'],
];

const REIMBURSEMENTS: readonly (readonly [string, string])[] = [
  ['WAREHOUSE_DAMAGE', 'Warehouse damage'],
  ['WAREHOUSE_LOST', 'Warehouse lost'],
  ['WAREHOUSE_LOST_MANUAL', 'Warehouse lost (manual)'],
  ['REVERSAL_REIMBURSEMENT', 'Reversal of reimbursement'],
  ['CUSTOMER_RETURN', 'Customer return'],
  ['CUSTOMER_SERVICE_ISSUE', 'Customer service issue'],
  ['FREE_REPLACEMENT_REFUND_ITEMS', 'Free replacement refund'],
  ['MISSING_FROM_INBOUND', 'Missing from inbound'],
  ['INCORRECT_FEES_ITEMS', 'Incorrect fees'],
  ['COMPENSATED_CLAWBACK', 'Compensated clawback'],
];

const TITLE: Record<Category, string> = {
  sales: 'Amazon Sales', shipping: 'Amazon Sales', tax: 'Amazon Tax', fees: 'Amazon Fees', refunds: 'Amazon Refunds',
  reserves: 'Amazon Reserve', advertising: 'Amazon Advertising', reimbursements: 'Amazon Reimbursements',
  transfers: 'Amazon Transfers', other: 'Amazon Other',
};

function buildEntries(): Record<string, Entry> {
  const e: Record<string, Entry> = {};
  for (const [desc, word, category] of PRICE_PARTS) {
    e[`Order|ItemPrice|${desc}`] = [`${category === 'tax' ? 'Amazon Sales' : TITLE[category]} - ${word}`, category];
    e[`Refund|ItemPrice|${desc}`] = [`Amazon Refunds - ${word}`, category === 'tax' ? 'tax' : 'refunds'];
    e[`Chargeback Refund|ItemPrice|${desc}`] = [`Amazon Refunds - Chargeback ${word.toLowerCase()}`, category === 'tax' ? 'tax' : 'refunds'];
  }
  for (const [desc, word] of ITEM_FEES) {
    e[`Order|ItemFees|${desc}`] = [`Amazon Fees - ${word}`, 'fees'];
    e[`Refund|ItemFees|${desc}`] = [`Amazon Fees - ${word} (refund)`, 'fees'];
    e[`Chargeback Refund|ItemFees|${desc}`] = [`Amazon Fees - ${word} (chargeback)`, 'fees'];
  }
  for (const [desc, word] of WITHHELD_TAX) {
    e[`Order|ItemWithheldTax|${desc}`] = [`Amazon Tax - ${word}`, 'tax'];
    e[`Refund|ItemWithheldTax|${desc}`] = [`Amazon Tax - ${word} (refund)`, 'tax'];
  }
  for (const part of ['Principal', 'Shipping', 'TaxDiscount']) {
    e[`Order|Promotion|${part}`] = [`Amazon Sales - Promotion (${part.toLowerCase()})`, part === 'Shipping' ? 'shipping' : 'sales'];
    e[`Refund|Promotion|${part}`] = [`Amazon Refunds - Promotion (${part.toLowerCase()})`, 'refunds'];
  }
  for (const [desc, label, category] of OTHER) {
    e[`other-transaction|other-transaction|${desc}`] = [label, category];
    e[`other-transaction||${desc}`] = [label, category];
  }
  for (const [desc, word] of REIMBURSEMENTS) {
    e[`other-transaction|FBA Inventory Reimbursement|${desc}`] = [`Amazon Reimbursements - ${word}`, 'reimbursements'];
  }
  // v1 files put an order line's quantity on its own row without any amount (parse-amazon-v1.ts).
  e['Order|Quantity|'] = ['Amazon Sales - Quantity (row without amount)', 'sales'];
  e['ServiceFee|Cost of Advertising|TransactionTotalAmount'] = ['Amazon Advertising - Cost of advertising', 'advertising'];
  e['ServiceFee|Cost of Advertising|TaxAmount'] = ['Amazon Advertising - Tax on advertising', 'tax'];
  e['ServiceFee|Refund for Advertiser|TransactionTotalAmount'] = ['Amazon Advertising - Refund for advertiser', 'advertising'];
  e['CouponRedemptionFee|CouponRedemptionFee|Coupon Redemption Fee'] = ['Amazon Fees - Coupon redemption fee', 'fees'];
  e['Lightning Deal Fee|LightningDealFee|Lightning Deal Fee'] = ['Amazon Fees - Lightning deal fee', 'fees'];
  e['Vine Enrollment Fee|Vine Enrollment Fee|Vine Enrollment Fee'] = ['Amazon Fees - Vine enrolment fee', 'fees'];
  e['Debt Adjustment|Debt Adjustment|Debt Adjustment'] = ['Amazon Transfers - Debt adjustment', 'transfers'];
  return e;
}

/**
 * Category of a triple the catalogue does not list, from its shape (the rule for a new type; Amazon
 * adds types often and the amount type already says what a line is): an amount type ending in
 * 'Fees' (ItemFees, ShipmentFees, ...) is a fee; an other-transaction whose description names a fee
 * or a charge is a fee; ItemPrice and Promotion parts are sales (their tax parts tax, their shipping
 * shipping, on a refund refunds); withheld tax is tax.
 */
export function guessAmazonCategory(key: string): Category {
  const [type = '', amountType = '', description = ''] = key.split('|');
  const all = `${type} ${amountType} ${description}`.toLowerCase();
  const isRefund = type.startsWith('Refund') || type.startsWith('Chargeback');
  if (/Fees$/.test(amountType)) return 'fees';
  if (all.includes('reserve')) return 'reserves';
  if (type === 'other-transaction' && /\b(fees?|charges?)\b/i.test(description)) return 'fees';
  if (amountType === 'ItemPrice' || amountType === 'Promotion') {
    if (amountType === 'ItemPrice' && /tax/i.test(description)) return 'tax';
    return isRefund ? 'refunds' : /^Shipping$/i.test(description) ? 'shipping' : 'sales';
  }
  if (amountType === 'ItemWithheldTax' || /\b(igst|cgst|sgst)\b/.test(all)) return 'tax';
  if (all.includes('chargeback')) return 'refunds';
  if (all.includes('advertis')) return 'advertising';
  if (all.includes('reimbursement')) return 'reimbursements';
  if (all.includes('fee') || all.includes('charge')) return 'fees';
  if (all.includes('debt') || all.includes('payable') || all.includes('transfer') || all.includes('deposit')) return 'transfers';
  return 'other';
}

export const amazonTransactionTypes = defineTransactionTypes('AMAZON', buildEntries(), {
  labelPrefix: 'Amazon',
  guessCategory: guessAmazonCategory,
  silentKeyParts: ['other-transaction'],
});

/** The catalogue key of a V2 row's three classification fields. */
export function amazonTypeKey(transactionType: string, amountType: string, amountDescription: string): string {
  return `${transactionType}|${amountType}|${amountDescription}`;
}
