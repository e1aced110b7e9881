/**
 * Afterpay (Cash App Afterpay / Clearpay) settlements. Afterpay publishes no settlement API: its docs
 * say API access to settlement data is arranged through the account manager (formats.md 8). What is
 * documented, and what this client relies on: the merchant API's HTTP Basic authentication with the
 * Merchant ID and Secret Key, its Money object ({ amount, currency }), GET /v2/configuration to check
 * the keys, and the settlement report's fields. The settlement endpoint (GET /v2/settlements, offset
 * pages with totalResults, records named after the report's columns) is therefore our reading of the
 * report as JSON: the base URL is configurable (LEDGERPORT_AFTERPAY_API_URL) and nothing else is
 * assumed. Records are written as the report's rows (with a Currency column) and read by core's
 * Afterpay parser: one settlement per settlement day and currency, id '<day>_<currency>'.
 */
import { parseReport } from '@ledgerport/core/channels';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { ChannelConnector, ConnectorEnv } from '../channel-connector';
import { ChannelApiError, ChannelAuthError } from '../shared/channel-errors';
import { callChannelJson, type CallPolicy, type ChannelSession } from '../shared/channel-session';
import { negateDecimal } from '../shared/exact-json';
import { rowOf, writeDelimited } from '../shared/write-csv';

export const AFTERPAY = 'Afterpay';
const PAGE = 250;
const USER_AGENT = 'Ledgerport/0.1 (settlement import)';

export interface AfterpayMoney {
  amount: string;
  currency: string;
}
export interface AfterpaySettlementRecord {
  settlementDate: string;
  orderDate?: string | null;
  afterpayOrderId?: string | null;
  merchantOrderId?: string | null;
  merchantRefundId?: string | null;
  afterpayRefundId?: string | null;
  type: string;
  channel?: string | null;
  storeName?: string | null;
  orderAmount?: AfterpayMoney | null;
  settlementAmount: AfterpayMoney;
  merchantFeeExclTax?: AfterpayMoney | null;
  merchantFeeTax?: AfterpayMoney | null;
  merchantFeeInclTax?: AfterpayMoney | null;
  netSettlementAmount?: AfterpayMoney | null;
}
interface SettlementPage {
  totalResults: number;
  offset: number;
  limit: number;
  results: AfterpaySettlementRecord[];
}

const basic = (merchantId: string, secretKey: string) => Buffer.from(`${merchantId}:${secretKey}`).toString('base64');

export const afterpayPolicy: CallPolicy = {
  channel: AFTERPAY,
  authorize: (headers, token) => {
    headers.set('authorization', `Basic ${token}`);
    headers.set('user-agent', USER_AGENT);
    headers.set('accept', 'application/json');
  },
  // Merchant keys do not expire and cannot be refreshed: a refused key needs the seller to type new ones.
  refresh: (s) => {
    const { merchantId, secretKey } = s.credentials.params;
    if (s.credentials.tokens.accessToken === '' && merchantId && secretKey) return Promise.resolve({ accessToken: basic(merchantId, secretKey), refreshToken: null, expiresAt: null });
    return Promise.reject(new ChannelAuthError(AFTERPAY, 'Afterpay no longer accepts this Merchant ID and Secret Key. Please reconnect with current keys.'));
  },
};

export const HEADER = ['Settlement Date', 'Order Date and Time', 'Afterpay Order ID', 'Merchant Order ID', 'Merchant Refund ID', 'Order Amount', 'Settlement Amount', 'Merchant Fee excl Tax', 'Merchant Fee Tax', 'Merchant Fee incl Tax', 'Net Settlement Amount', 'Type', 'Channel', 'Store Name', 'Afterpay Refund ID', 'Currency'];

const two = (n: number) => String(n).padStart(2, '0');
/** The report's order time, dd/MM/yyyy HH:mm (UTC). */
function reportDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export function afterpayRows(records: readonly AfterpaySettlementRecord[]): string[][] {
  return records.map((r) => {
    const isRefund = /refund/i.test(r.type);
    // The report writes a refund's settled amount negative; the API's Money may carry it unsigned.
    const settled = isRefund && !r.settlementAmount.amount.startsWith('-') ? negateDecimal(r.settlementAmount.amount) : r.settlementAmount.amount;
    return rowOf(HEADER, {
      'Settlement Date': r.settlementDate.slice(0, 10),
      'Order Date and Time': reportDateTime(r.orderDate),
      'Afterpay Order ID': r.afterpayOrderId,
      'Merchant Order ID': r.merchantOrderId,
      'Merchant Refund ID': r.merchantRefundId,
      'Order Amount': r.orderAmount?.amount,
      'Settlement Amount': settled,
      'Merchant Fee excl Tax': r.merchantFeeExclTax?.amount,
      'Merchant Fee Tax': r.merchantFeeTax?.amount,
      'Merchant Fee incl Tax': r.merchantFeeInclTax?.amount,
      'Net Settlement Amount': r.netSettlementAmount?.amount,
      Type: r.type,
      Channel: r.channel,
      'Store Name': r.storeName,
      'Afterpay Refund ID': r.afterpayRefundId,
      Currency: r.settlementAmount.currency,
    });
  });
}

async function records(s: ChannelSession, fromDay: string, toDay: string): Promise<AfterpaySettlementRecord[]> {
  const out: AfterpaySettlementRecord[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const q = new URLSearchParams({ settlementDateFrom: fromDay, settlementDateTo: toDay, offset: String(offset), limit: String(PAGE) });
    const page = await callChannelJson<SettlementPage>(s, afterpayPolicy, `${s.endpoints.api}/v2/settlements?${q.toString()}`);
    out.push(...page.results);
    if (page.results.length < PAGE || offset + PAGE >= page.totalResults) return out;
  }
}

async function read(s: ChannelSession, fromDay: string, toDay: string, name: string): Promise<ParseResult> {
  const found = await records(s, fromDay, toDay);
  if (found.length === 0) return { settlements: [], problems: [], invalidSettlementIds: [] };
  return parseReport(writeDelimited(HEADER, afterpayRows(found)), { fileName: name, channel: 'AFTERPAY' });
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function checkKeys(env: ConnectorEnv, merchantId: string, secretKey: string): Promise<void> {
  const response = await env.fetch(`${env.endpoints.api}/v2/configuration`, { headers: { authorization: `Basic ${basic(merchantId, secretKey)}`, 'user-agent': USER_AGENT, accept: 'application/json' } });
  if (response.status === 401 || response.status === 403) throw new ChannelAuthError(AFTERPAY, 'Afterpay did not accept this Merchant ID and Secret Key. Check them in Business Hub and try again.');
  if (!response.ok) throw new ChannelApiError(AFTERPAY, response.status, `Afterpay answered HTTP ${response.status} when we checked the keys.`);
}

export const afterpayConnector: ChannelConnector = {
  channel: 'AFTERPAY',
  connectKind: 'keys',
  keyFields: [
    { name: 'merchantId', label: 'Merchant ID', isSecret: false },
    { name: 'secretKey', label: 'Secret Key', isSecret: true },
  ],
  authorizeUrl: () => {
    throw new ChannelApiError(AFTERPAY, 400, 'Afterpay connects with the Merchant ID and Secret Key, not a redirect.');
  },
  finishConnect: async (env, finish) => {
    const merchantId = finish.form.merchantId?.trim() ?? '';
    const secretKey = finish.form.secretKey?.trim() ?? '';
    await checkKeys(env, merchantId, secretKey);
    return { credentials: { tokens: { accessToken: basic(merchantId, secretKey), refreshToken: null, expiresAt: null }, params: { merchantId, secretKey } }, remoteId: merchantId, storeName: `Afterpay merchant ${merchantId}` };
  },
  fetchSettlements: async (s, range) => ({ result: await read(s, day(range.from), day(range.to - 1), `afterpay-settlements-${day(range.from)}.csv`), notReady: [] }),
  fetchSettlement: async (s, settlementId) => {
    const m = /^(\d{4}-\d{2}-\d{2})_([A-Z]{3})$/.exec(settlementId);
    if (!m) throw new ChannelApiError(AFTERPAY, 404, `'${settlementId}' is not an Afterpay settlement id (expected '<day>_<currency>').`);
    const result = await read(s, m[1]!, m[1]!, `afterpay-settlement-${settlementId}.csv`);
    return { ...result, settlements: result.settlements.filter((x) => x.settlementId === settlementId) };
  },
};
