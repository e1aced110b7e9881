/**
 * eBay managed payments through the Finances API v1 (apiz.ebay.com/sell/finances/v1). Connect: OAuth
 * authorization code (auth.ebay.com, scope sell.finances; the redirect_uri is the app's RuName as eBay
 * documents), token endpoint with HTTP Basic client authentication; user access tokens live 2 hours,
 * refresh tokens 18 months. Fetch: getPayouts filtered by payoutDate (limit 200, offset pages), then
 * each payout's getTransactions filtered by payoutId (limit 1000). eBay amounts are unsigned with
 * bookingEntry CREDIT/DEBIT: rows are written in Seller Hub's transaction-report layout with the sign
 * applied, plus the payout's own 'Payout' row, and read by core's eBay parser (same payout ids).
 */
import { parseReport } from '@ledgerport/core/channels';
import { emptyResult, type ChannelConnector, type DateRange } from '../channel-connector';
import { ChannelAuthError } from '../shared/channel-errors';
import { callChannelJson, type CallPolicy, type ChannelSession } from '../shared/channel-session';
import { negateDecimal } from '../shared/exact-json';
import { requestToken } from '../shared/oauth-token';
import { rowOf, writeDelimited } from '../shared/write-csv';

export const EBAY = 'eBay';
const SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.finances';
const PAYOUT_PAGE = 200;
const TRANSACTION_PAGE = 1000;

export const ebayPolicy: CallPolicy = {
  channel: EBAY,
  authorize: (headers, token) => headers.set('authorization', `Bearer ${token}`),
  refresh: async (s) => {
    const refreshToken = s.credentials.tokens.refreshToken;
    if (!refreshToken) throw new ChannelAuthError(EBAY, 'eBay gave us no refresh token. Please reconnect.');
    return requestToken(s.fetch, { channel: EBAY, tokenUrl: s.endpoints.token!, clientId: s.app.clientId, clientSecret: s.app.clientSecret, clientAuth: 'basic', params: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: SCOPE }, now: s.now() }, refreshToken);
  },
};

interface Amount {
  value: string;
  currency: string;
}
interface Payout {
  payoutId: string;
  payoutDate: string;
  payoutStatus: string;
  amount: Amount;
}
interface Transaction {
  transactionId: string;
  transactionType: string;
  transactionDate: string;
  bookingEntry: 'CREDIT' | 'DEBIT';
  amount: Amount;
  orderId?: string;
  transactionMemo?: string;
  totalFeeBasisAmount?: Amount;
  orderLineItems?: { marketplaceFees?: { feeType: string; amount: Amount }[] }[];
}

const TYPE_NAMES: Record<string, string> = { SALE: 'Order', REFUND: 'Refund', SHIPPING_LABEL: 'Shipping label', NON_SALE_CHARGE: 'Other fee', DISPUTE: 'Payment dispute', CREDIT: 'Claim', TRANSFER: 'Transfer', ADJUSTMENT: 'Adjustment' };
const FEE_COLUMNS: Record<string, string> = { FINAL_VALUE_FEE_FIXED_PER_ORDER: 'Final Value Fee - fixed', FINAL_VALUE_FEE: 'Final Value Fee - variable', REGULATORY_OPERATING_FEE: 'Regulatory operating fee', INTERNATIONAL_FEE: 'International fee' };
const HEADER = ['Transaction creation date', 'Type', 'Order number', 'Net amount', 'Payout currency', 'Payout date', 'Payout ID', 'Payout status', 'Final Value Fee - fixed', 'Final Value Fee - variable', 'Regulatory operating fee', 'International fee', 'Gross transaction amount', 'Transaction currency', 'Transaction ID', 'Description'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const reportDate = (iso: string) => {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};
const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

export function payoutToRows(payout: Payout, transactions: Transaction[]): string[][] {
  const common = { 'Payout currency': payout.amount.currency, 'Payout date': reportDate(payout.payoutDate), 'Payout ID': payout.payoutId, 'Payout status': title(payout.payoutStatus) };
  const rows = transactions.map((t) => {
    const fees: Record<string, string> = {};
    for (const fee of (t.orderLineItems ?? []).flatMap((l) => l.marketplaceFees ?? [])) {
      const column = FEE_COLUMNS[fee.feeType];
      if (column) fees[column] = negateDecimal(fee.amount.value);
    }
    return rowOf(HEADER, {
      ...common,
      ...fees,
      'Transaction creation date': reportDate(t.transactionDate),
      Type: TYPE_NAMES[t.transactionType] ?? title(t.transactionType.replace(/_/g, ' ')),
      'Order number': t.orderId ?? '',
      'Net amount': t.bookingEntry === 'DEBIT' ? negateDecimal(t.amount.value) : t.amount.value,
      'Gross transaction amount': t.totalFeeBasisAmount?.value ?? '',
      'Transaction currency': t.amount.currency,
      'Transaction ID': t.transactionId,
      Description: t.transactionMemo ?? '',
    });
  });
  rows.push(rowOf(HEADER, { ...common, 'Transaction creation date': reportDate(payout.payoutDate), Type: 'Payout', 'Net amount': negateDecimal(payout.amount.value), 'Transaction currency': payout.amount.currency }));
  return rows;
}

async function allPages<T>(s: ChannelSession, path: string, filter: string, key: 'payouts' | 'transactions', limit: number): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const q = new URLSearchParams({ filter, limit: String(limit), offset: String(offset) });
    const page = await callChannelJson<Record<string, unknown> & { total?: number }>(s, ebayPolicy, `${s.endpoints.api}${path}?${q.toString()}`);
    const items = (page[key] as T[] | undefined) ?? [];
    out.push(...items);
    if (items.length < limit || offset + limit >= (page.total ?? 0)) return out;
  }
}

async function readPayouts(s: ChannelSession, payouts: Payout[], name: string) {
  const rows: string[][] = [];
  for (const p of payouts) rows.push(...payoutToRows(p, await allPages<Transaction>(s, '/transaction', `payoutId:{${p.payoutId}}`, 'transactions', TRANSACTION_PAGE)));
  if (rows.length === 0) return emptyResult();
  const preamble = new TextEncoder().encode('"Transaction report"\n\n');
  const body = writeDelimited(HEADER, rows);
  const bytes = new Uint8Array(preamble.length + body.length);
  bytes.set(preamble);
  bytes.set(body, preamble.length);
  return parseReport(bytes, { fileName: name, channel: 'EBAY' });
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, '.000Z');

export const ebayConnector: ChannelConnector = {
  channel: 'EBAY',
  connectKind: 'oauth',
  keyFields: [],
  authorizeUrl: (env, start) => {
    const url = new URL(env.endpoints.consent!);
    url.searchParams.set('client_id', env.app.clientId);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', env.endpoints.ruName || start.redirectUri);
    url.searchParams.set('scope', SCOPE);
    url.searchParams.set('state', start.state);
    return url.toString();
  },
  finishConnect: async (env, finish) => {
    const code = finish.query.code;
    if (!code) throw new ChannelAuthError(EBAY, 'eBay did not send back an authorization code.');
    const tokens = await requestToken(env.fetch, { channel: EBAY, tokenUrl: env.endpoints.token!, clientId: env.app.clientId, clientSecret: env.app.clientSecret, clientAuth: 'basic', params: { grant_type: 'authorization_code', code, redirect_uri: env.endpoints.ruName || finish.redirectUri }, now: env.now() });
    return { credentials: { tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt }, params: {} }, remoteId: 'ebay-seller', storeName: 'eBay store' };
  },
  fetchSettlements: async (s, range: DateRange) => {
    const payouts = await allPages<Payout>(s, '/payout', `payoutDate:[${iso(range.from)}..${iso(range.to)}]`, 'payouts', PAYOUT_PAGE);
    return { result: await readPayouts(s, payouts, `ebay-payouts-${iso(range.from).slice(0, 10)}.csv`), notReady: [] };
  },
  fetchSettlement: async (s, settlementId) => {
    const payout = await callChannelJson<Payout>(s, ebayPolicy, `${s.endpoints.api}/payout/${encodeURIComponent(settlementId)}`);
    return readPayouts(s, [payout], `ebay-payout-${settlementId}.csv`);
  },
};
