/**
 * PayPal as a payment source through Transaction Search (GET /v1/reporting/transactions). The seller
 * gives the client id and secret of their PayPal REST app (Transaction Search is read with the
 * account's own app); tokens come from the client-credentials grant and are simply asked for again
 * when they expire. PayPal searches at most 31 days per call (documented in prose, not in the spec)
 * and pages with page/total_pages (page_size up to 500). Each transaction becomes a row of PayPal's
 * activity download (Date, Time, TimeZone, Name, Type, Status, Currency, Gross, Fee, Net,
 * Transaction ID, Reference Txn ID) and the file parser makes the statements, one per currency
 * (PayPal's own statement unit), total = Σ Net since the search gives no running balance with filters.
 */
import { parseReport } from '@ledgerport/core/channels';
import { formatUnits, getMinorDigits, parseDecimalUnits } from '@ledgerport/core/money';
import { emptyResult, type ChannelConnector, type DateRange } from '../channel-connector';
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
  };
  payer_info?: { payer_name?: { alternate_full_name?: string } };
}
interface SearchPage {
  transaction_details?: TransactionDetail[];
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
const STATUS: Record<string, string> = { S: 'Completed', P: 'Pending', D: 'Denied', V: 'Reversed' };
const HEADER = ['Date', 'Time', 'TimeZone', 'Name', 'Type', 'Status', 'Currency', 'Gross', 'Fee', 'Net', 'Transaction ID', 'Reference Txn ID'];

export function transactionToRow(t: TransactionDetail): string[] {
  const info = t.transaction_info;
  const at = new Date(info.transaction_initiation_date ?? 0).toISOString();
  const gross = info.transaction_amount?.value ?? '0.00';
  const fee = info.fee_amount?.value ?? '0.00';
  const [y, m, d] = at.slice(0, 10).split('-');
  return rowOf(HEADER, {
    Date: `${m}/${d}/${y}`,
    Time: at.slice(11, 19),
    TimeZone: 'UTC',
    Name: t.payer_info?.payer_name?.alternate_full_name ?? '',
    Type: EVENT_TYPES[info.transaction_event_code ?? ''] ?? `Transaction ${info.transaction_event_code ?? ''}`.trim(),
    Status: STATUS[info.transaction_status ?? ''] ?? 'Completed',
    Currency: info.transaction_amount?.currency_code ?? 'USD',
    Gross: gross,
    Fee: fee,
    Net: formatUnits((parseDecimalUnits(gross) ?? 0n) + (parseDecimalUnits(fee) ?? 0n), getMinorDigits(info.transaction_amount?.currency_code ?? 'USD')),
    'Transaction ID': info.transaction_id ?? '',
    'Reference Txn ID': info.paypal_reference_id ?? '',
  });
}

export async function searchTransactions(s: ChannelSession, range: DateRange): Promise<TransactionDetail[]> {
  const all: TransactionDetail[] = [];
  for (let from = range.from; from < range.to; from += PAYPAL_WINDOW_MS) {
    const to = Math.min(from + PAYPAL_WINDOW_MS - 1000, range.to);
    for (let page = 1; ; page++) {
      const q = new URLSearchParams({ start_date: new Date(from).toISOString().replace(/\.\d+Z$/, 'Z'), end_date: new Date(to).toISOString().replace(/\.\d+Z$/, 'Z'), fields: 'transaction_info,payer_info', page_size: String(PAGE_SIZE), page: String(page) });
      const answer = await callChannelJson<SearchPage>(s, paypalPolicy, `${s.endpoints.api}/v1/reporting/transactions?${q.toString()}`);
      all.push(...(answer.transaction_details ?? []));
      if (page >= (answer.total_pages ?? 1)) break;
    }
  }
  return all;
}

async function toResult(transactions: TransactionDetail[], name: string) {
  if (transactions.length === 0) return emptyResult();
  const rows = transactions.sort((a, b) => (a.transaction_info.transaction_initiation_date ?? '').localeCompare(b.transaction_info.transaction_initiation_date ?? '')).map(transactionToRow);
  return parseReport(writeDelimited(HEADER, rows), { fileName: name, channel: 'PAYPAL' });
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
  fetchSettlements: async (s, range) => ({ result: await toResult(await searchTransactions(s, range), `paypal-transactions-${new Date(range.from).toISOString().slice(0, 10)}.csv`), notReady: [] }),
  fetchSettlement: async (s, settlementId) => {
    // Statement id '<first day>_<last day>_<currency>' (days as MM/DD/YYYY): search that period again.
    const [first, last] = settlementId.split('_');
    const day = (t: string | undefined) => {
      const [m, d, y] = (t ?? '').split('/');
      return Date.parse(`${y}-${m}-${d}T00:00:00Z`);
    };
    const from = day(first);
    const to = day(last) + 24 * 3600 * 1000;
    if (Number.isNaN(from) || Number.isNaN(to)) return emptyResult();
    const result = await toResult(await searchTransactions(s, { from, to }), `paypal-${settlementId.replace(/\//g, '-')}.csv`);
    return { ...result, settlements: result.settlements.filter((x) => x.settlementId === settlementId) };
  },
};
