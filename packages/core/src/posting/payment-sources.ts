/**
 * How PayPal statements and Amazon Pay transactions post (Settings > PayPal and Settings > Amazon Pay,
 * decision 0044). Both only move amounts between ledger accounts or leave a whole statement out: a
 * document built with them balances to the settlement's deposit exactly as one built without.
 *
 * PayPal: a statement is one PayPal account's one currency (the connector makes one per local day
 * and currency). A currency or a PayPal account turned off is neither imported nor posted; a
 * currency may post to its own clearing account (the PayPal balance of that currency in the ledger)
 * instead of the chart's PayPal clearing account.
 *
 * Amazon Pay: payments a seller takes with Amazon Pay on its own web store are paid out with the
 * marketplace's settlement. They show in the settlement data as the Flat File v1 `direct-payment-*`
 * columns (amount-type `DirectPayment` after the v1 -> V2 mapping, parse-amazon-v1.ts) and as the
 * Finances API's PayWithAmazonEventList (transaction-type `PayWithAmazon` in amazon-event-rows.ts);
 * a V2 row naming Amazon Pay in its transaction or amount type is taken as one too. When the account
 * posts them to an Amazon Pay clearing account, those lines leave the mappings (sales, fees) for that
 * account: the web store's own sales records book the sale, and the clearing account matches the two.
 */
import type { LedgerAccount } from '../mapping/model';
import type { Channel } from '../settlements/model';

export interface NamedAccount {
  code: string;
  name: string;
}

export interface PayPalCurrencyPosting {
  /** ISO 4217 code. */
  currency: string;
  /** False: statements in this currency are not imported, and stored ones are not posted. */
  isPosted: boolean;
  /** The account this currency's statements post to instead of the chart's PayPal clearing account; null keeps it. */
  clearingAccount: NamedAccount | null;
}

export interface PayPalPosting {
  /** PayPal account numbers (a statement's seller id) that are neither imported nor posted. */
  excludedAccountIds: string[];
  /** Currencies not listed are imported and posted to the chart's clearing account. */
  currencies: PayPalCurrencyPosting[];
}

export interface AmazonPayPosting {
  /** False: Amazon Pay lines post like every other line, by their mappings. */
  isEnabled: boolean;
  /** Where Amazon Pay lines post when enabled. */
  clearingAccount: NamedAccount | null;
  /** True: Amazon Pay lines are labelled "Amazon Pay" and tracked apart from the marketplace's lines. */
  isSeparate: boolean;
}

/** The tracking option and label prefix of Amazon Pay lines kept separate. */
export const AMAZON_PAY_LABEL = 'Amazon Pay';

/**
 * Why a PayPal statement is not imported or posted, in a sentence, or null when it is. Only PayPal
 * statements are ever refused.
 */
export function payPalStatementRefusal(posting: PayPalPosting | undefined, statement: { channel: Channel; currency: string; sellerId: string | null; settlementId: string }): string | null {
  if (!posting || statement.channel !== 'PAYPAL') return null;
  if (statement.sellerId !== null && posting.excludedAccountIds.includes(statement.sellerId)) {
    return `PayPal statement ${statement.settlementId} belongs to PayPal account ${statement.sellerId}, which is turned off in Settings > PayPal; it is not posted.`;
  }
  const currency = posting.currencies.find((c) => c.currency === statement.currency);
  if (currency && !currency.isPosted) {
    return `PayPal statement ${statement.settlementId} is in ${statement.currency}, which is turned off in Settings > PayPal; it is not posted.`;
  }
  return null;
}

/** The clearing account a PayPal statement in `currency` posts to instead of the chart's, or null. */
export function payPalClearingAccountOf(posting: PayPalPosting | undefined, currency: string): NamedAccount | null {
  return posting?.currencies.find((c) => c.currency === currency)?.clearingAccount ?? null;
}

const AMAZON_PAY_WORDS = new Set(['amazonpay', 'paywithamazon', 'directpayment']);

/**
 * Whether an Amazon type key (`transaction-type|amount-type|amount-description`) is an Amazon Pay
 * transaction: its transaction type or amount type is Amazon Pay, Pay with Amazon or a direct payment.
 */
export function isAmazonPayTypeKey(typeKey: string): boolean {
  const [transactionType = '', amountType = ''] = typeKey.split('|');
  const word = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  return AMAZON_PAY_WORDS.has(word(transactionType)) || AMAZON_PAY_WORDS.has(word(amountType));
}

/** The ledger account Amazon Pay lines post to, shaped like the chart's clearing account, or null when they follow their mappings. */
export function amazonPayAccountOf(posting: AmazonPayPosting | undefined, channel: Channel, clearing: LedgerAccount): LedgerAccount | null {
  if (channel !== 'AMAZON' || !posting?.isEnabled || !posting.clearingAccount) return null;
  // Not the document's clearing line: a transaction line that happens to post to a clearing (asset) account.
  const { role: _role, ...account } = namedLike(clearing, posting.clearingAccount);
  return account;
}

/** A chosen account with the kind and role of the chart's account it stands in for (a manual ledger names accounts by their path). */
export function namedLike(account: LedgerAccount, chosen: NamedAccount, isManual = false): LedgerAccount {
  return { ...account, code: chosen.code, name: chosen.name, ...(isManual ? { path: chosen.code } : {}) };
}
