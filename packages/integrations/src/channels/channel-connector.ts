/**
 * What every channel integration offers the server: how to start and finish the connect flow, and
 * how to fetch settlements. Settlements come back as core's ParseResult (the same shape and numbers
 * the file parsers give), because every connector ends in core's parseReport.
 */
import type { Channel, ParseResult } from '@ledgerport/core/settlements';
import type { ChannelCredentials, ChannelSession, FetchLike } from './shared/channel-session';

export interface DateRange {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

export interface ConnectStart {
  /** Our callback URL (…/admin/sales-channel/<channel>/cb). */
  redirectUri: string;
  state: string;
  /** PKCE challenge (S256) for channels that require it (Etsy). */
  codeChallenge: string;
  /** Shopify shop domain, BigCommerce store hash... */
  params: Record<string, string>;
}

export interface ConnectFinish {
  redirectUri: string;
  /** The callback's query parameters (code, spapi_oauth_code, selling_partner_id, shop, context...). */
  query: Record<string, string>;
  codeVerifier: string;
  /** Values typed by the seller: keys of key-based channels (Walmart, PayPal, Afterpay, BigCommerce), Amazon's chosen marketplaceId. */
  form: Record<string, string>;
}

export interface ConnectedAccount {
  credentials: ChannelCredentials;
  /** The channel's id of the seller: selling partner id, shop domain, store hash, merchant id. */
  remoteId: string;
  /** Shown as salesChannelStoreName. */
  storeName: string;
}

/** Where at the channel a connection lives, when the channel has places (Amazon: selling region and marketplace). */
export interface ChannelPlace {
  /** Stored with the connection (Amazon: NA, EU or FE); null before the channel had regions. */
  region: string | null;
  /** The marketplace the seller picked when connecting (Amazon's marketplace id), when known. */
  marketplaceId: string | null;
}

export interface ConnectorEnv {
  fetch: FetchLike;
  endpoints: Record<string, string>;
  app: { clientId: string; clientSecret: string };
  now: () => number;
}

export interface ChannelConnector {
  channel: Channel;
  /** 'oauth': redirect to the channel; 'keys': the seller types credentials into our form. */
  connectKind: 'oauth' | 'keys';
  /** The fields a 'keys' connect form asks for (names match ConnectFinish.form). */
  keyFields: readonly { name: string; label: string; isSecret: boolean }[];
  /**
   * The base URLs for a connection's place (Amazon: its region's SP-API host and its marketplace's
   * consent page); a channel without it uses the configured ones as they are.
   */
  endpointsFor?: (endpoints: Record<string, string>, place: ChannelPlace) => Record<string, string>;
  authorizeUrl: (env: ConnectorEnv, start: ConnectStart) => string;
  finishConnect: (env: ConnectorEnv, finish: ConnectFinish) => Promise<ConnectedAccount>;
  /** Settlements whose deposit/payout date falls in the range, plus open ones where the channel has them. */
  fetchSettlements: (session: ChannelSession, range: DateRange, options?: FetchOptions) => Promise<FetchOutcome>;
  /** One settlement by the channel's id (redownload). */
  fetchSettlement: (session: ChannelSession, settlementId: string) => Promise<ParseResult>;
}

/** What the account asks for beyond its settlements (account features). */
export interface FetchOptions {
  /** Amazon: also fetch deferred transactions (the account's amazonDeferredTransactionEnabled). */
  isDeferredTransactionsEnabled?: boolean;
  /** Shopify: also read the orders of the payouts (B2B invoices or deferred revenue is on). */
  isOrderFactsWanted?: boolean;
}

/** What a channel says of an order that decides its B2B or deferred mode (Shopify orders API). */
export interface ChannelOrderFacts {
  orderName: string;
  tags: string[];
  gateways: string[];
  poNumber: string | null;
  customerName: string | null;
  /** Epoch ms of the last fulfilment when the order is fulfilled in full; null otherwise. */
  fulfilledAt: number | null;
}

export interface FetchOutcome {
  result: ParseResult;
  /** Reports the channel is still generating: the next fetch must look again from their creation time. */
  notReady: { id: string; createdAt: number }[];
  /**
   * Open settlements fetched earlier under a provisional id that the channel now names (Amazon: an
   * open event group 'open:<group id>' and its settlement id): stored ones are renamed before `result`
   * is stored, so the closed settlement completes the open one instead of standing beside it.
   */
  renamed?: { from: string; to: string }[];
  /** Settlement ids in `result` that belong in the Deferred Transactions list (Amazon). */
  deferredTransactionIds?: string[];
  /** The orders of the fetched settlements, when FetchOptions.isOrderFactsWanted. */
  orders?: ChannelOrderFacts[];
  /** The channel's transactions as received (PayPal Transaction Search), kept for the support backend. */
  rawTransactions?: RawChannelTransaction[];
}

/** One transaction as the channel's API gave it, with the few fields support filters and sorts on. */
export interface RawChannelTransaction {
  transactionId: string;
  /** RFC 3339, as the channel gave it. */
  initiatedAt: string;
  /** The channel's type code (PayPal's T-code). */
  eventCode: string;
  status: string;
  currency: string;
  /** Exact decimal text, or null when the channel gave none or not a number. */
  gross: string | null;
  fee: string | null;
  raw: Record<string, unknown>;
}

export function mergeResults(results: ParseResult[]): ParseResult {
  return {
    settlements: results.flatMap((r) => r.settlements),
    problems: results.flatMap((r) => r.problems),
    invalidSettlementIds: results.flatMap((r) => r.invalidSettlementIds),
  };
}

export const emptyResult = (): ParseResult => ({ settlements: [], problems: [], invalidSettlementIds: [] });
