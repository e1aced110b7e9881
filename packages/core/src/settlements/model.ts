/**
 * The normalized settlement every channel maps into, whichever way it came (file or API).
 * A settlement is the channel's unit of payout: Amazon/Walmart settlement, Shopify/BigCommerce/eBay
 * payout, Etsy deposit, PayPal statement. Amounts are units (scale 4, see money) in the settlement's
 * currency, signed from the seller's side: money to the seller is positive.
 */

export const CHANNELS = ['AMAZON', 'SHOPIFY', 'EBAY', 'ETSY', 'WALMART', 'BIGCOMMERCE', 'PAYPAL', 'AFTERPAY'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Default accounting category of a transaction type (what a bookkeeper groups it under). */
export const CATEGORIES = [
  'sales',
  'shipping',
  'tax',
  'fees',
  'refunds',
  'reserves',
  'advertising',
  'reimbursements',
  'transfers',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Where a line came from: the file (or API document) and its 1-based row number there. */
export interface SourceRef {
  file: string;
  row: number;
}

export interface SettlementLine {
  /** Posting time as epoch milliseconds UTC; null when the channel gives none for this line. */
  postedAt: number | null;
  /** Stable, channel-scoped key, e.g. Amazon 'Order|ItemPrice|Principal'. See TransactionTypeCatalog. */
  typeKey: string;
  orderId: string | null;
  sku: string | null;
  quantity: number | null;
  marketplace: string | null;
  /** e.g. Amazon AFN / MFN; null when the channel has no such notion. */
  fulfilmentChannel: string | null;
  /** Units (scale 4), settlement currency, seller-signed. */
  amount: bigint;
  source: SourceRef;
  /** Free text from the channel that helps a person (item title, memo); never used for arithmetic. */
  description?: string | null;
}

export type SettlementStatus =
  /** A complete unit: the channel stated its total (deposit). */
  | 'closed'
  /** Lines no deposit or payout covers yet (end of an Etsy statement, a pending Shopify payout). */
  | 'open';

export interface SettlementHeader {
  channel: Channel;
  /** The channel's own id for the settlement (Amazon settlement-id, Shopify payout id...). */
  settlementId: string;
  /** Channel-specific report format that produced it, e.g. 'amazon-v2', 'shopify-transactions'. */
  format: string;
  marketplace: string | null;
  currency: string;
  /** Epoch ms UTC; null where the channel does not say. */
  startDate: number | null;
  endDate: number | null;
  depositDate: number | null;
  /** Stated total (the deposit) in units; null for an open settlement. */
  total: bigint | null;
  status: SettlementStatus;
  /** The seller/merchant id when the report carries one. */
  sellerId: string | null;
  /** The file name (or API document id) the settlement was read from. */
  sourceFile: string;
}

/** A settlement with all its lines in memory (small files, the app, tests). */
export interface Settlement extends SettlementHeader {
  lines: SettlementLine[];
}

/** A problem that stops a settlement or row from being read: names the file, row and column. */
export interface ParseProblem {
  file: string;
  /** 1-based row in the file; 0 when the problem concerns the whole file. */
  row: number;
  /** Header name (or 1-based column number as text) of the offending field; null for a whole row or file. */
  column: string | null;
  message: string;
}
