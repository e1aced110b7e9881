/**
 * Etsy payment-account ledger entries as rows of Etsy's monthly statement (the 9-column layout core's
 * Etsy parser reads). The ledger's `ledger_type` names what the statement shows as Type and Title;
 * amounts are integers in the entry currency's minor unit, signed from the seller's side (a deposit
 * is a debit of the ledger). Statement dates have no time: the entry's UTC day, as the parser reads
 * statement dates. Ledger types not listed keep their raw name as title under Type 'Other', so core
 * flags them as unknown instead of dropping them.
 */
import { formatMoney, minorUnitSize } from '@ledgerport/core/money';

export interface EtsyLedgerEntry {
  entry_id: number;
  ledger_id?: number;
  sequence_number?: number;
  amount: number;
  currency: string;
  description?: string;
  balance?: number;
  create_date?: number;
  created_timestamp: number;
  ledger_type?: string;
  reference_type?: string;
  reference_id?: string | null;
}

export const STATEMENT_HEADER = ['Date', 'Type', 'Title', 'Info', 'Currency', 'Amount', 'Fees & Taxes', 'Net', 'Tax Details'] as const;

/** ledger_type (lower case) -> statement Type and Title; the order number is appended where the statement has it. */
const STATEMENT_KINDS: Record<string, readonly [type: string, title: string, isOrderTitle?: boolean]> = {
  payment: ['Sale', 'Payment for Order', true],
  payment_gross: ['Sale', 'Payment for Order', true],
  refund: ['Refund', 'Refund to buyer for Order', true],
  refund_gross: ['Refund', 'Refund to buyer for Order', true],
  transaction: ['Fee', 'Transaction fee'],
  shipping_transaction: ['Fee', 'Transaction fee: Shipping'],
  transaction_credit: ['Fee', 'Credit for transaction fee'],
  payment_processing_fee: ['Fee', 'Processing fee'],
  processing_fee: ['Fee', 'Processing fee'],
  refund_processing_fee: ['Fee', 'Credit for processing fee'],
  listing: ['Fee', 'Listing fee'],
  renew_sold: ['Fee', 'Listing fee'],
  renew_sold_auto: ['Fee', 'Listing fee'],
  renew_expired: ['Fee', 'Listing fee'],
  offsite_ads_fee: ['Marketing', 'Fee for sale made through Offsite Ads'],
  offsite_ads_fee_credit: ['Marketing', 'Credit for Offsite Ads fee'],
  prolist: ['Marketing', 'Etsy Ads'],
  shipping_labels: ['Shipping', 'USPS shipping label'],
  shipping_label_usps: ['Shipping', 'USPS shipping label'],
  sales_tax: ['Tax', 'Sales tax paid by buyer', true],
  sales_tax_refund: ['Tax', 'Refund to buyer for sales tax', true],
  tax_transaction: ['Tax', 'Tax: transaction'],
  vat_tax_ep: ['VAT', 'VAT: transaction'],
  vat_seller_services: ['VAT', 'VAT: Processing Fee'],
};

export const isDepositEntry = (e: EtsyLedgerEntry): boolean => /^disburse/i.test(e.ledger_type ?? '') || /^(deposit|disbursement)$/i.test(e.description ?? '');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const statementDate = (epochSeconds: number) => {
  const d = new Date(epochSeconds * 1000);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

/** Minor-unit integer of the currency as decimal text ('-6.75'). */
export function minorToDecimal(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new Error(`Etsy amount ${amount} is not a whole number of minor units`);
  return formatMoney({ units: BigInt(amount) * minorUnitSize(currency), currency });
}

/** Statement rows, oldest first (the parser accepts either order). */
export function etsyStatementRows(entries: readonly EtsyLedgerEntry[], receipts: ReadonlyMap<number, string>): string[][] {
  return entries.map((e) => {
    const currency = e.currency.toUpperCase();
    const date = statementDate(e.created_timestamp || e.create_date || 0);
    if (isDepositEntry(e)) return [date, 'Deposit', `${minorToDecimal(-e.amount, currency)} sent to your bank account`, '--', currency, '--', '--', '--', '--'];
    const receipt = receipts.get(e.entry_id);
    const order = receipt ? `Order #${receipt}` : '';
    const kind = STATEMENT_KINDS[(e.ledger_type ?? '').toLowerCase()];
    const [type, title, isOrderTitle] = kind ?? ['Other', e.ledger_type || e.description || 'Ledger entry'];
    const net = minorToDecimal(e.amount, currency);
    const isSale = type === 'Sale' || type === 'Refund';
    return [date, type, isOrderTitle && order ? `${title} #${receipt}` : title, order || '--', currency, isSale ? net : '--', isSale ? '--' : net, net, '--'];
  });
}
