/**
 * PayPal transaction types. The activity download writes the type in the account's language
 * ("Handyzahlung" is "Mobile Payment"), so localized names seen in real files are translated to
 * PayPal's English name, which is the key: mappings then work whatever language the file is in.
 * A row's fee is a line of its own keyed '<type>|Fee'. STL settlement rows are keyed by T-code
 * ('T0006'), the fee of such a row 'T0006|Fee'. Unknown types are kept, labelled from the raw text.
 */
import type { Category } from '../../settlements/model';
import { defineTransactionTypes } from '../../settlements/transaction-type-catalog';

/** Localized type names (real files: de jakobhellermann sample; fr amouhzi samples) -> English. */
export const PAYPAL_TYPE_TRANSLATIONS: ReadonlyMap<string, string> = new Map([
  ['Handyzahlung', 'Mobile Payment'],
  ['Bankgutschrift auf PayPal-Konto', 'Bank Deposit to PP Account'],
  ['Zahlung im Einzugsverfahren mit Zahlungsrechnung', 'PreApproved Payment Bill User Payment'],
  ['PayPal Express-Zahlung', 'Express Checkout Payment'],
  ['Allgemeine Zahlung', 'General Payment'],
  ['Website-Zahlung', 'Website Payment'],
  ['Rückzahlung', 'Payment Refund'],
  ['Von Nutzer eingeleitete Abbuchung', 'User Initiated Withdrawal'],
  ['Rückbuchung von ACH-Gutschrift', 'Reversal of ACH Deposit'],
  ['Rückbuchung von ACH-Abbuchung', 'Reversal of ACH Withdrawal'],
  ['Einbehaltung für offene Autorisierung', 'Account Hold for Open Authorization'],
  ['Rückbuchung allgemeiner Einbehaltung', 'Reversal of General Account Hold'],
  ['Allgemeine Währungsumrechnung', 'General Currency Conversion'],
  ['Virement par carte bancaire standard', 'General Card Deposit'],
  ['Paiement express', 'Express Checkout Payment'],
  ['Paiement sur site marchand', 'Website Payment'],
  ['Conversion de devise standard', 'General Currency Conversion'],
  ['Remboursement de paiement', 'Payment Refund'],
  ['Pago exprés', 'Express Checkout Payment'],
  ['Pago en sitio web', 'Website Payment'],
  ['Reembolso de pago', 'Payment Refund'],
  ['Retiro general', 'General Withdrawal'],
  ['Conversión de divisa general', 'General Currency Conversion'],
  ['Pagamento expresso', 'Express Checkout Payment'],
  ['Pagamento recorrente recebido', 'Recurring Payment Received'],
  ['Recursos transferidos para sua conta bancária', 'General Withdrawal - Bank Account'],
  ['Pagamento de assinatura', 'Subscription Payment'],
  ['Pagamento no site', 'Website Payment'],
  ['Doação recebida', 'Donation Payment'],
  ['Reembolso de pagamento', 'Payment Refund'],
  ['Saque geral', 'General Withdrawal'],
  ['Conversão de moeda geral', 'General Currency Conversion'],
]);

/** The key of a type text: trimmed (PayPal writes 'Bank Deposit to PP Account '), translated. */
export function paypalTypeKey(typeText: string): string {
  const trimmed = typeText.trim();
  return PAYPAL_TYPE_TRANSLATIONS.get(trimmed) ?? (trimmed === '' ? '(no type)' : trimmed);
}

const sale = (label: string): readonly [string, Category] => [`PayPal Sales - ${label}`, 'sales'];

const TYPES: Record<string, readonly [string, Category]> = {
    'Website Payment': sale('Website Payment'),
    'Express Checkout Payment': sale('Express Checkout'),
    'Mobile Payment': sale('Mobile Payment'),
    'General Payment': sale('General Payment'),
    'PayPal Here Payment': sale('PayPal Here'),
    'eBay Auction Payment': sale('eBay Auction Payment'),
    'Shopping Cart Payment Received': sale('Shopping Cart'),
    'Subscription Payment': sale('Subscription'),
    'Recurring Payment Received': sale('Recurring Payment'),
    'Donation Payment': sale('Donation'),
    'PreApproved Payment Bill User Payment': ['PayPal Payments Sent - Pre-approved (billing agreement)', 'other'],
    'Shopping Cart Payment Sent': ['PayPal Payments Sent - Shopping Cart', 'other'],
    'Non Reference Credit Payment': ['PayPal Non-reference Credits', 'reimbursements'],
    'Payment Refund': ['PayPal Refunds', 'refunds'],
    'Payment Reversal': ['PayPal Refunds - Reversal', 'refunds'],
    'Chargeback': ['PayPal Chargebacks', 'refunds'],
    'Tax collected by partner': ['PayPal Tax Collected by Partner', 'tax'],
    'Payment Hold': ['PayPal Reserves - Payment hold', 'reserves'],
    'Payment Release': ['PayPal Reserves - Payment release', 'reserves'],
    'Hold on Balance for Dispute Investigation': ['PayPal Reserves - Dispute hold', 'reserves'],
    'Cancellation of Hold for Dispute Resolution': ['PayPal Reserves - Dispute hold released', 'reserves'],
    'Account Hold for Open Authorization': ['PayPal Reserves - Authorization hold', 'reserves'],
    'Reversal of General Account Hold': ['PayPal Reserves - Hold released', 'reserves'],
    'General Withdrawal': ['PayPal Transfers - Withdrawal to bank', 'transfers'],
    'General Withdrawal - Bank Account': ['PayPal Transfers - Withdrawal to bank', 'transfers'],
    'User Initiated Withdrawal': ['PayPal Transfers - Withdrawal to bank', 'transfers'],
    'Bank Deposit to PP Account': ['PayPal Transfers - Bank deposit', 'transfers'],
    'General Card Deposit': ['PayPal Transfers - Card deposit', 'transfers'],
    'General Credit Card Deposit': ['PayPal Transfers - Card deposit', 'transfers'],
    'Reversal of ACH Deposit': ['PayPal Transfers - Bank deposit reversed', 'transfers'],
    'Reversal of ACH Withdrawal': ['PayPal Transfers - Withdrawal reversed', 'transfers'],
    'General Currency Conversion': ['PayPal Currency Conversion', 'transfers'],
    'User Initiated Currency Conversion': ['PayPal Currency Conversion', 'transfers'],
    'Currency Conversion': ['PayPal Currency Conversion', 'transfers'],
    'General PayPal Debit Card Transaction': ['PayPal Debit Card Purchases', 'other'],
    'Debit Card Cash Back Bonus': ['PayPal Debit Card Cash Back', 'reimbursements'],
    'Invoice Sent': ['PayPal Invoices Sent (memo)', 'other'],
    'General Authorization': ['PayPal Authorizations (memo)', 'other'],
    'ReAuthorization': ['PayPal Authorizations (memo)', 'other'],
    'Void of Authorization': ['PayPal Authorizations (memo)', 'other'],
    // STL settlement report rows: T-codes (https://developer.paypal.com/docs/reports/reference/tcodes/).
    T0000: sale('General (T0000)'),
    T0003: sale('Pre-approved payment (T0003)'),
    T0006: sale('Checkout (T0006)'),
    T0007: sale('Website Payments Standard (T0007)'),
    T0011: sale('Mobile payment (T0011)'),
    T0400: ['PayPal Transfers - Withdrawal to bank (T0400)', 'transfers'],
    T0403: ['PayPal Transfers - Withdrawal to bank (T0403)', 'transfers'],
    T1107: ['PayPal Refunds (T1107)', 'refunds'],
    T1106: ['PayPal Refunds - Reversal (T1106)', 'refunds'],
    T1201: ['PayPal Chargebacks (T1201)', 'refunds'],
    T1503: ['PayPal Reserves - Temporary hold (T1503)', 'reserves'],
    T0200: ['PayPal Currency Conversion (T0200)', 'transfers'],
};

/** Every known type's fee line ('<type>|Fee') is a known PayPal fee too. */
const FEES = Object.fromEntries(
  Object.entries(TYPES).map(([key, [label]]) => [`${key}|Fee`, [`PayPal Fees - ${label.replace(/^PayPal [A-Za-z ]+? - /, '')}`, 'fees'] as const]),
);

export const paypalTransactionTypes = defineTransactionTypes('PAYPAL', { ...TYPES, ...FEES }, { labelPrefix: 'PayPal', guessCategory });

/**
 * Category of a type the catalogue does not list, from its shape: a fee column ('<type>|Fee') and the
 * T01xx codes (PayPal's non-payment fees) are fees; then refunds, holds, bank and currency moves and
 * payments by their T-code group or their words.
 */
function guessCategory(key: string): Category {
  if (key.endsWith('|Fee') || /^T01/.test(key) || /\bfees?\b/i.test(key)) return 'fees';
  if (/^T11/.test(key) || /refund|reversal/i.test(key)) return 'refunds';
  if (/^T12/.test(key) || /chargeback/i.test(key)) return 'refunds';
  if (/^T15/.test(key) || /hold|release/i.test(key)) return 'reserves';
  if (/^T0[234]/.test(key) || /withdraw|deposit|conversion/i.test(key)) return 'transfers';
  if (/^T00/.test(key) || /payment/i.test(key)) return 'sales';
  return 'other';
}
