/**
 * What the posting engine takes and returns. A document is always held as a balanced journal
 * (debit/credit lines with positive amounts); the document kind tells the adapter or writer how the
 * target wants it (a Xero invoice is the journal without its clearing line, read from the seller's side).
 */
import type { AccountingSystem, LedgerAccount, TypeDescriber } from '../mapping/model';
import type { Channel } from '../settlements/model';
import type { TaxTreatment } from './tax-treatment';
import type { AmazonPayPosting, PayPalPosting } from './payment-sources';

export type GroupBy = 'type' | 'sku' | 'product-type' | 'country' | 'fulfilment';

/** A product type: a named SKU list and/or a regular expression over the SKU (A2X product-type grouping). */
export interface ProductTypeRule {
  name: string;
  skus?: string[];
  pattern?: string;
}

export interface PostingSettings {
  /** IANA zone of the account; month boundaries and document dates are local to it. Default 'UTC'. */
  timeZoneId?: string;
  /** Split a settlement spanning a month boundary into one document per month. Default true. */
  isSplitByMonth?: boolean;
  /** Summary level of the lines. Default 'type'. */
  groupBy?: GroupBy;
  /** Also split every line by country (A2X shouldSplitByCountry), whatever groupBy is. */
  shouldSplitByCountry?: boolean;
  productTypes?: ProductTypeRule[];
  /** Tag lines with a Xero tracking category / QBO class named after their marketplace. */
  isTrackedByMarketplace?: boolean;
  /** Name of that tracking category. Default 'Marketplace'. */
  trackingCategoryName?: string;
  /** What to do with a settlement whose lines do not sum to its deposit. Default 'suspense'. */
  inconsistentSettlements?: 'suspense' | 'hold';
  /** VAT/GST registration, tax rates and statement account (tax-treatment.ts); absent: every line keeps its mapping's tax rate. */
  tax?: TaxTreatment;
  /** Settings > PayPal: currencies and PayPal accounts not posted, a clearing account per currency (payment-sources.ts). */
  paypal?: PayPalPosting;
  /** Settings > Amazon Pay: where Amazon Pay lines of an Amazon settlement post (payment-sources.ts). */
  amazonPay?: AmazonPayPosting;
  /** The channel catalogue (category and label of a type key); without it only explicit rules map. */
  describeType?: TypeDescriber;
}

export type DocumentKind =
  | 'xero-invoice'
  | 'xero-bill'
  | 'qbo-journal-entry'
  | 'sage-sales-invoice'
  | 'sage-purchase-invoice'
  | 'netsuite-journal-entry'
  | 'manual-journal';

/** 'tax': the built-in ledger's VAT/GST taken out of tax-inclusive lines (ledger/built-in-tax.ts). */
export type LineRole = 'transaction' | 'clearing' | 'carried-forward' | 'rounding' | 'unreconciled-difference' | 'unmapped' | 'tax';

export interface RowRange {
  file: string;
  first: number;
  last: number;
}

/**
 * The source lines a document line summarises. The selector is the exact filter that picks them
 * from the settlement's stored lines (so a million-line group costs a few bytes); `rows` lists
 * their row ranges while they are few (`isComplete` says whether the list is whole).
 */
export interface LineSources {
  settlementId: string;
  selector: GroupSelector;
  lineCount: number;
  rows: RowRange[];
  isComplete: boolean;
}

export interface GroupSelector {
  month?: string;
  typeKey?: string;
  sku?: string;
  productType?: string;
  country?: string;
  fulfilment?: string;
  marketplace?: string;
}

export interface Tracking {
  name: string;
  option: string;
}

export interface DocumentLine {
  role: LineRole;
  account: LedgerAccount;
  taxRateCode: string;
  description: string;
  side: 'debit' | 'credit';
  /** Units (scale 4), positive, a whole number of the currency's minor units. */
  amount: bigint;
  tracking: Tracking[];
  sources: LineSources;
}

export interface PostingDocument {
  kind: DocumentKind;
  system: AccountingSystem;
  /** Unique per settlement part, at most 21 characters (QBO DocNumber). */
  number: string;
  /** Local date 'YYYY-MM-DD' in the account's time zone. */
  date: string;
  description: string;
  channel: Channel;
  settlementId: string;
  sourceFile: string;
  marketplace: string | null;
  currency: string;
  /** 1-based part of a month-split settlement; count is 1 when not split. */
  part: { index: number; count: number; month: string };
  /** What reaches the clearing account with this document (the deposit on the last part, 0 before). */
  total: bigint;
  /** The sum of this part's own lines (with its rounding and difference): the parts' nets sum to the deposit. */
  partNet: bigint;
  /** 'owner@vN' of the mappings used. */
  mappingVersion: string;
  /** 'new-type': a line's type is not in the channel's catalogue and went to its category's account (PostingResult.newTypes). */
  flags: ('inconsistent' | 'unmapped-to-suspense' | 'open' | 'new-type')[];
  lines: DocumentLine[];
}

export type PostingProblemCode =
  | 'unmapped-type'
  | 'inconsistent'
  | 'held'
  | 'unknown-currency'
  | 'currency-not-held'
  | 'invalid-time-zone'
  | 'no-date'
  | 'missing-account'
  | 'not-posted';

export interface PostingProblem {
  code: PostingProblemCode;
  settlementId: string;
  message: string;
  typeKey?: string;
  /** Units, seller-signed, where the problem concerns an amount. */
  amount?: bigint;
  lineCount?: number;
}

/** A type the channel's catalogue does not list, posted to the account of the category its shape gives. */
export interface NewTypePosting {
  settlementId: string;
  channel: Channel;
  typeKey: string;
  /** The type's label, marked as new. */
  label: string;
  /** Units, seller-signed, over the settlement. */
  amount: bigint;
  currency: string;
  lineCount: number;
  /** Where it went (the category default, until someone maps the type). */
  account: LedgerAccount;
}

export interface PostingResult {
  documents: PostingDocument[];
  problems: PostingProblem[];
  /** New types posted by their shape's category (only with describeTypeByShape); absent or empty otherwise. */
  newTypes?: NewTypePosting[];
}
