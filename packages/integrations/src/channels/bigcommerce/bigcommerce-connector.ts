/**
 * BigCommerce payouts come from the store's payment gateway, not from BigCommerce (formats.md 7). For
 * the Braintree-backed options (BigCommerce Payments, PayPal powered by Braintree) this client reads
 * Braintree's settlement batch summary through Braintree's gateway API as its server SDKs document it:
 * HTTP Basic with the API public and private keys, XML bodies (X-ApiVersion 6), POST
 * /merchants/{merchant_id}/settlement_batch_summary with one settlement_date per call, and the
 * merchant accounts (GET /merchants/{merchant_id}/merchant_accounts?page=n) for each account's
 * currency. Records are written as the Control Panel's Settlement Batch Summary rows and read by
 * core's Braintree parser: one settlement per date and merchant account, PayPal-funded rows apart.
 * Keys do not expire: a refused key means the seller must type new ones.
 */
import { parseReport } from '@ledgerport/core/channels';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { ChannelConnector, ConnectorEnv } from '../channel-connector';
import { ChannelApiError, ChannelAuthError } from '../shared/channel-errors';
import { callChannel, type CallPolicy, type ChannelSession } from '../shared/channel-session';
import { rowOf, writeDelimited } from '../shared/write-csv';
import { xmlRecords } from './braintree-xml';

export const BRAINTREE = 'BigCommerce (Braintree)';
const DAY_MS = 86_400_000;
/** One call per settlement day: a history request is bounded so it cannot run for hours. */
const DAYS_MAX = 400;

const basic = (publicKey: string, privateKey: string) => Buffer.from(`${publicKey}:${privateKey}`).toString('base64');
const xmlHeaders = { 'x-apiversion': '6', accept: 'application/xml', 'content-type': 'application/xml', 'user-agent': 'Ledgerport/0.1' };

export const braintreePolicy: CallPolicy = {
  channel: BRAINTREE,
  authorize: (headers, token) => headers.set('authorization', `Basic ${token}`),
  refresh: (s) => {
    const { publicKey, privateKey } = s.credentials.params;
    if (s.credentials.tokens.accessToken === '' && publicKey && privateKey) return Promise.resolve({ accessToken: basic(publicKey, privateKey), refreshToken: null, expiresAt: null });
    return Promise.reject(new ChannelAuthError(BRAINTREE, 'Braintree no longer accepts these API keys. Please reconnect with current keys.'));
  },
};

export const HEADER = ['Settlement Date', 'Merchant Account', 'Card Type', 'Kind', 'Count', 'Amount Settled', 'Currency ISO Code'];

async function callXml(s: ChannelSession, path: string, init: RequestInit = {}): Promise<string> {
  const response = await callChannel(s, braintreePolicy, `${s.endpoints.api}/merchants/${encodeURIComponent(s.credentials.params.merchantId ?? '')}${path}`, { ...init, headers: xmlHeaders });
  return response.text();
}

async function currencies(s: ChannelSession): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let page = 1; page <= 50; page++) {
    const xml = await callXml(s, `/merchant_accounts?page=${page}`);
    const accounts = xmlRecords(xml, 'merchant-account');
    for (const a of accounts) if (a.id) out.set(a.id, a['currency-iso-code'] ?? '');
    const total = Number(/<total-items[^>]*>(\d+)</.exec(xml)?.[1] ?? '0');
    const pageSize = Number(/<page-size[^>]*>(\d+)</.exec(xml)?.[1] ?? '0');
    if (accounts.length === 0 || pageSize === 0 || page * pageSize >= total) break;
  }
  return out;
}

async function read(s: ChannelSession, days: string[], name: string): Promise<ParseResult> {
  if (days.length > DAYS_MAX) throw new ChannelApiError(BRAINTREE, 400, `Ask for at most ${DAYS_MAX} days of Braintree settlements at a time.`);
  const currencyOf = await currencies(s);
  const rows: string[][] = [];
  for (const day of days) {
    const xml = await callXml(s, '/settlement_batch_summary', { method: 'POST', body: `<?xml version="1.0" encoding="UTF-8"?><settlement-batch-summary><settlement-date>${day}</settlement-date></settlement-batch-summary>` });
    for (const r of xmlRecords(xml, 'record'))
      rows.push(rowOf(HEADER, { 'Settlement Date': day, 'Merchant Account': r['merchant-account-id'], 'Card Type': r['card-type'], Kind: r.kind, Count: r.count, 'Amount Settled': r['amount-settled'], 'Currency ISO Code': currencyOf.get(r['merchant-account-id'] ?? '') ?? '' }));
  }
  if (rows.length === 0) return { settlements: [], problems: [], invalidSettlementIds: [] };
  return parseReport(writeDelimited(HEADER, rows), { fileName: name, channel: 'BIGCOMMERCE' });
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
function daysOf(from: number, to: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${day(from)}T00:00:00Z`); t < to; t += DAY_MS) out.push(day(t));
  return out;
}

async function checkKeys(env: ConnectorEnv, form: Record<string, string>): Promise<void> {
  const response = await env.fetch(`${env.endpoints.gateway}/merchants/${encodeURIComponent(form.merchantId ?? '')}/merchant_accounts?page=1`, { headers: { ...xmlHeaders, authorization: `Basic ${basic(form.publicKey ?? '', form.privateKey ?? '')}` } });
  if (response.status === 401 || response.status === 403 || response.status === 404) throw new ChannelAuthError(BRAINTREE, 'Braintree did not accept this Merchant ID, Public Key and Private Key. Check them under Settings > API in the Braintree Control Panel.');
  if (!response.ok) throw new ChannelApiError(BRAINTREE, response.status, `Braintree answered HTTP ${response.status} when we checked the keys.`);
}

export const bigcommerceConnector: ChannelConnector = {
  channel: 'BIGCOMMERCE',
  connectKind: 'keys',
  keyFields: [
    { name: 'merchantId', label: 'Braintree Merchant ID', isSecret: false },
    { name: 'publicKey', label: 'Braintree Public Key', isSecret: false },
    { name: 'privateKey', label: 'Braintree Private Key', isSecret: true },
  ],
  authorizeUrl: () => {
    throw new ChannelApiError(BRAINTREE, 400, 'BigCommerce payouts connect with the payment gateway keys, not a redirect.');
  },
  finishConnect: async (env, finish) => {
    const form = { merchantId: finish.form.merchantId?.trim() ?? '', publicKey: finish.form.publicKey?.trim() ?? '', privateKey: finish.form.privateKey?.trim() ?? '' };
    await checkKeys(env, form);
    return { credentials: { tokens: { accessToken: basic(form.publicKey, form.privateKey), refreshToken: null, expiresAt: null }, params: form }, remoteId: form.merchantId, storeName: `Braintree merchant ${form.merchantId}` };
  },
  fetchSettlements: async (s, range) => ({ result: await read({ ...s, endpoints: { ...s.endpoints, api: s.endpoints.gateway! } }, daysOf(range.from, range.to), `braintree-settlements-${day(range.from)}.csv`), notReady: [] }),
  fetchSettlement: async (s, settlementId) => {
    const m = /^(\d{4}-\d{2}-\d{2})_/.exec(settlementId);
    if (!m) throw new ChannelApiError(BRAINTREE, 404, `'${settlementId}' is not a Braintree settlement id (expected '<date>_<merchant account>').`);
    const result = await read({ ...s, endpoints: { ...s.endpoints, api: s.endpoints.gateway! } }, [m[1]!], `braintree-settlement-${settlementId}.csv`);
    return { ...result, settlements: result.settlements.filter((x) => x.settlementId === settlementId) };
  },
};
