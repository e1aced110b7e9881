/**
 * PayPal as a payment source through Transaction Search (GET /v1/reporting/transactions). The seller
 * gives the client id and secret of their PayPal REST app (Transaction Search is read with the
 * account's own app); tokens come from the client-credentials grant and are simply asked for again
 * when they expire. PayPal searches at most 31 days per call (documented in prose, not in the spec)
 * and pages with page/total_pages (page_size up to 500). Each transaction becomes a row of PayPal's
 * activity download (Date, Time, TimeZone in the account's time zone, which the API's dates carry as
 * their offset; Name, Type, Status, Currency, Gross, Fee, Net, Balance = ending_balance, Transaction
 * ID, Reference Txn ID, Invoice Number, and Item ID/Title/Quantity of a one-item cart) and the file
 * parser makes the statements.
 *
 * The statement of the API is one local day per currency (id '<day>_<day>_<currency>', the id the
 * parser gives a download of that day): a fixed grid, so overlapping fetches give the same statements
 * again instead of new ones over the same rows. Only whole days are read (the search starts a day
 * before the range, days that began before the search are left out); a day that may still change
 * (PayPal lists a transaction up to three hours after it happened) is an open statement, completed
 * by a later fetch.
 */
import { parseReport } from '@ledgerport/core/channels';
import { formatUnits, getMinorDigits, parseDecimalUnits } from '@ledgerport/core/money';
import type { ParseResult } from '@ledgerport/core/settlements';
import { emptyResult, mergeResults, type ChannelConnector, type DateRange, type FetchOutcome, type RawChannelTransaction } from '../channel-connector';
import { ChannelAuthError } from '../shared/channel-errors';
import { callChannelJson, type CallPolicy, type ChannelSession } from '../shared/channel-session';
import { requestToken } from '../shared/oauth-token';
import { rowOf, writeDelimited } from '../shared/write-csv';

export const PAYPAL = 'PayPal';
export const PAYPAL_WINDOW_MS = 31 * 24 * 3600 * 1000;
const PAGE_SIZE = 500;

function clientCredentials(fetchImpl: ChannelSession['fetch'], api: string, clientId: string, clientSecret: string, now: number) {
  return requestToken(fetchImpl, { channel: PAYPAL, tokenUrl: `${api}/v1/oauth2/token`, clientId, clientSecret, clientAuth: 'basic', params: { grant_type: 'client_credentials' }, now });
}

export const paypalPolicy: CallPolicy = {
  channel: PAYPAL,
  authorize: (headers, token) => headers.set('authorization', `Bearer ${token}`),
  refresh: async (s) => {
    const { clientId, clientSecret } = s.credentials.params;
    if (!clientId || !clientSecret) throw new ChannelAuthError(PAYPAL, 'The PayPal app credentials are missing. Please reconnect.');
    return clientCredentials(s.fetch, s.endpoints.api!, clientId, clientSecret, s.now());
  },
};

interface PayPalMoney {
  currency_code: string;
  value: string;
}
interface TransactionDetail {
  transaction_info: {
    transaction_id?: string;
    paypal_reference_id?: string;
    transaction_event_code?: string;
    transaction_initiation_date?: string;
    transaction_status?: string;
    transaction_amount?: PayPalMoney;
    fee_amount?: PayPalMoney;
    ending_balance?: PayPalMoney;
    invoice_id?: string;
  };
  payer_info?: { payer_name?: { alternate_full_name?: string } };
  cart_info?: { item_details?: { item_code?: string; item_name?: string; item_quantity?: string }[] };
}
interface SearchPage {
  transaction_details?: TransactionDetail[];
  /** The merchant's PayPal account number: each statement's seller id (Settings > PayPal turns accounts off by it). */
  account_number?: string;
  page?: number;
  total_pages?: number;
}

/** T-codes (developer.paypal.com/docs/transaction-search/transaction-event-codes) to activity types. */
const EVENT_TYPES: Record<string, string> = {
  T0001: 'Mass Pay Payment', T0002: 'Subscription Payment', T0003: 'Pre-approved Payment', T0004: 'eBay Auction Payment',
  T0005: 'Direct Payment', T0006: 'Express Checkout Payment', T0007: 'Website Payment', T0011: 'Mobile Payment',
  T0400: 'General Withdrawal', T0403: 'Withdrawal', T1106: 'Payment Reversal', T1107: 'Payment Refund', T1201: 'Chargeback',
  T1503: 'Hold on Balance for Dispute Investigation', T0300: 'General Credit Card Deposit', T0700: 'General Currency Conversion',
};
/** The activity-download type of a T-code, as the statements name it. */
export const paypalTypeName = (eventCode: string): string => EVENT_TYPES[eventCode] ?? `Transaction ${eventCode}`.trim();
const STATUS: Record<string, string> = { S: 'Completed', P: 'Pending', D: 'Denied', V: 'Reversed' };
const HEADER = ['Date', 'Time', 'TimeZone', 'Name', 'Type', 'Status', 'Currency', 'Gross', 'Fee', 'Net', 'Balance', 'Transaction ID', 'Reference Txn ID', 'Invoice Number', 'Item ID', 'Item Title', 'Quantity'];
const DAY_MS = 24 * 3600 * 1000;
/** "It takes a maximum of three hours for executed transactions to appear" (Transaction Search docs). */
const LISTING_DELAY_MS = 3 * 3600 * 1000;

/** The local wall time and offset of an RFC 3339 date as PayPal gives it (the account's time zone). */
export function localTimeOf(date: string): { day: string; time: string; zone: string; offsetMs: number } {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|([+-])(\d{2}):?(\d{2}))$/.exec(date);
  if (!m) {
    const iso = new Date(date).toISOString();
    return { day: iso.slice(0, 10), time: iso.slice(11, 19), zone: 'UTC', offsetMs: 0 };
  }
  if (m[3] === 'Z') return { day: m[1]!, time: m[2]!, zone: 'UTC', offsetMs: 0 };
  const offsetMs = (m[4] === '-' ? -1 : 1) * (Number(m[5]) * 60 + Number(m[6])) * 60_000;
  return { day: m[1]!, time: m[2]!, zone: `UTC${m[4]}${m[5]}:${m[6]}`, offsetMs };
}

export function transactionToRow(t: TransactionDetail): string[] {
  const info = t.transaction_info;
  const local = localTimeOf(info.transaction_initiation_date ?? '1970-01-01T00:00:00Z');
  const gross = info.transaction_amount?.value ?? '0.00';
  const fee = info.fee_amount?.value ?? '0.00';
  const [y, m, d] = local.day.split('-');
  const items = t.cart_info?.item_details ?? [];
  const item = items.length === 1 ? items[0] : undefined;
  return rowOf(HEADER, {
    Date: `${m}/${d}/${y}`,
    Time: local.time,
    TimeZone: local.zone,
    Name: t.payer_info?.payer_name?.alternate_full_name ?? '',
    Type: paypalTypeName(info.transaction_event_code ?? ''),
    Status: STATUS[info.transaction_status ?? ''] ?? 'Completed',
    Currency: info.transaction_amount?.currency_code ?? 'USD',
    Gross: gross,
    Fee: fee,
    Net: formatUnits((parseDecimalUnits(gross) ?? 0n) + (parseDecimalUnits(fee) ?? 0n), getMinorDigits(info.transaction_amount?.currency_code ?? 'USD')),
    Balance: info.ending_balance?.value ?? '',
    'Transaction ID': info.transaction_id ?? '',
    'Reference Txn ID': info.paypal_reference_id ?? '',
    'Invoice Number': info.invoice_id ?? '',
    'Item ID': item?.item_code ?? '',
    'Item Title': item?.item_name ?? '',
    Quantity: item?.item_quantity ?? '',
  });
}

export async function searchTransactions(s: ChannelSession, range: DateRange, onAccountNumber?: (accountNumber: string) => void): Promise<TransactionDetail[]> {
  const all: TransactionDetail[] = [];
  for (let from = range.from; from < range.to; from += PAYPAL_WINDOW_MS) {
    const to = Math.min(from + PAYPAL_WINDOW_MS - 1000, range.to);
    for (let page = 1; ; page++) {
      const q = new URLSearchParams({ start_date: new Date(from).toISOString().replace(/\.\d+Z$/, 'Z'), end_date: new Date(to).toISOString().replace(/\.\d+Z$/, 'Z'), fields: 'transaction_info,payer_info,cart_info', page_size: String(PAGE_SIZE), page: String(page) });
      const answer = await callChannelJson<SearchPage>(s, paypalPolicy, `${s.endpoints.api}/v1/reporting/transactions?${q.toString()}`);
      all.push(...(answer.transaction_details ?? []));
      if (answer.account_number) onAccountNumber?.(answer.account_number);
      if (page >= (answer.total_pages ?? 1)) break;
    }
  }
  return all;
}

/**
 * The day statements of a search over `range`: transactions grouped by local day, each day read as
 * its own download; days that began before the search are partial and left out; a day not over (plus
 * PayPal's listing delay) by `range.to` is open.
 */
async function toResult(transactions: TransactionDetail[], range: DateRange, accountNumber: string | null): Promise<ParseResult> {
  const days = new Map<string, { rows: { at: string; row: string[] }[]; endMs: number; startMs: number }>();
  for (const t of transactions) {
    const at = t.transaction_info.transaction_initiation_date ?? '';
    const local = localTimeOf(at);
    const startMs = Date.parse(`${local.day}T00:00:00Z`) - local.offsetMs;
    const day = days.get(local.day) ?? { rows: [], startMs, endMs: startMs + DAY_MS };
    day.rows.push({ at: new Date(Date.parse(at)).toISOString(), row: transactionToRow(t) });
    days.set(local.day, day);
  }
  const results: ParseResult[] = [];
  for (const [name, day] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    if (day.startMs < range.from) continue;
    const rows = day.rows.sort((a, b) => a.at.localeCompare(b.at)).map((r) => r.row);
    const result = await parseReport(writeDelimited(HEADER, rows), { fileName: `paypal-transactions-${name}.csv`, channel: 'PAYPAL' });
    if (day.endMs + LISTING_DELAY_MS > range.to) for (const settlement of result.settlements) Object.assign(settlement, { status: 'open', total: null });
    if (accountNumber) for (const settlement of result.settlements) settlement.sellerId = accountNumber;
    results.push(result);
  }
  return mergeResults(results);
}

const exactOrNull = (value: string | undefined) => {
  const units = value === undefined ? undefined : parseDecimalUnits(value);
  return units === undefined ? null : formatUnits(units);
};

/** A transaction as received, for the support backend (Backend > PayPal raw transactions). */
export function rawTransactionOf(t: TransactionDetail): RawChannelTransaction | null {
  const info = t.transaction_info;
  if (!info.transaction_id || !info.transaction_initiation_date || Number.isNaN(Date.parse(info.transaction_initiation_date))) return null;
  return {
    transactionId: info.transaction_id,
    initiatedAt: info.transaction_initiation_date,
    eventCode: info.transaction_event_code ?? '',
    status: info.transaction_status ?? '',
    currency: info.transaction_amount?.currency_code ?? '',
    gross: exactOrNull(info.transaction_amount?.value),
    fee: exactOrNull(info.fee_amount?.value),
    raw: t as unknown as Record<string, unknown>,
  };
}

/** Searches whole days: from the start of the UTC day before the range (the earliest local day that can begin in it). */
async function searchDays(s: ChannelSession, range: DateRange): Promise<FetchOutcome> {
  const from = Math.floor(range.from / DAY_MS) * DAY_MS - DAY_MS;
  const to = Math.min(range.to, s.now());
  let accountNumber: string | null = null;
  const transactions = await searchTransactions(s, { from, to }, (n) => (accountNumber = n));
  const rawTransactions = transactions.map(rawTransactionOf).filter((t): t is RawChannelTransaction => t !== null);
  return { result: await toResult(transactions, { from, to }, accountNumber), notReady: [], rawTransactions };
}

export const paypalConnector: ChannelConnector = {
  channel: 'PAYPAL',
  connectKind: 'keys',
  keyFields: [
    { name: 'clientId', label: 'PayPal REST app client ID', isSecret: false },
    { name: 'clientSecret', label: 'PayPal REST app secret', isSecret: true },
  ],
  authorizeUrl: () => '',
  finishConnect: async (env, finish) => {
    const clientId = finish.form.clientId?.trim() ?? '';
    const clientSecret = finish.form.clientSecret?.trim() ?? '';
    if (!clientId || !clientSecret) throw new ChannelAuthError(PAYPAL, 'Enter the client ID and secret of your PayPal REST app.');
    const tokens = await clientCredentials(env.fetch, env.endpoints.api!, clientId, clientSecret, env.now());
    return { credentials: { tokens: { accessToken: tokens.accessToken, refreshToken: null, expiresAt: tokens.expiresAt }, params: { clientId, clientSecret } }, remoteId: clientId, storeName: 'PayPal' };
  },
  fetchSettlements: (s, range) => searchDays(s, range),
  fetchSettlement: async (s, settlementId) => {
    // Statement id '<first day>_<last day>_<currency>' (local days, YYYY-MM-DD): search those days again.
    const [first, last] = settlementId.split('_');
    const from = Date.parse(`${first ?? ''}T00:00:00Z`);
    const to = Date.parse(`${last ?? ''}T00:00:00Z`) + 2 * DAY_MS;
    if (Number.isNaN(from) || Number.isNaN(to)) return emptyResult();
    const { result } = await searchDays(s, { from: from - DAY_MS, to });
    return { ...result, settlements: result.settlements.filter((x) => x.settlementId === settlementId) };
  },
};
