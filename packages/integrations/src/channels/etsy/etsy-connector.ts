/**
 * Etsy through Open API v3 (openapi.etsy.com/v3/application). Connect: OAuth 2.0 authorization code
 * with PKCE (S256) as Etsy requires, public client (client_id in the body, no secret); access tokens
 * live 1 hour, refresh tokens 90 days and rotate. Every call carries x-api-key (the app's keystring)
 * beside the bearer token. Fetch: getShopPaymentAccountLedgerEntries (limit 100, offset pages, by
 * created time) and getPaymentAccountLedgerEntryPayments for the order (receipt) of payment and
 * refund entries. Entries are written as rows of Etsy's monthly statement and read by core's Etsy
 * statement parser, so deposits, the open tail after the last deposit and the duplicate key
 * ('<deposit day>_<amount>') are the statement's exactly.
 */
import { parseReport } from '@ledgerport/core/channels';
import type { ParseResult } from '@ledgerport/core/settlements';
import type { ChannelConnector, DateRange } from '../channel-connector';
import { ChannelApiError, ChannelAuthError } from '../shared/channel-errors';
import { callChannelJson, type CallPolicy, type ChannelSession } from '../shared/channel-session';
import { requestToken } from '../shared/oauth-token';
import { writeDelimited } from '../shared/write-csv';
import { etsyStatementRows, STATEMENT_HEADER, type EtsyLedgerEntry } from './etsy-statement-rows';

export const ETSY = 'Etsy';
const SCOPE = 'transactions_r shops_r';
const LEDGER_PAGE = 100;
const PAYMENT_BATCH = 50;
/** Etsy pays out at least monthly: looking this far before a range finds the deposit before it. */
const LOOKBACK_MS = 40 * 86_400_000;
/** Etsy refuses a ledger window longer than 31 days. */
const WINDOW_MS = 30 * 86_400_000;

export const etsyPolicy: CallPolicy = {
  channel: ETSY,
  authorize: (headers, token) => headers.set('authorization', `Bearer ${token}`),
  refresh: async (s) => {
    const refreshToken = s.credentials.tokens.refreshToken;
    if (!refreshToken) throw new ChannelAuthError(ETSY, 'Etsy gave us no refresh token. Please reconnect.');
    return requestToken(s.fetch, { channel: ETSY, tokenUrl: s.endpoints.token!, clientId: s.app.clientId, clientSecret: '', clientAuth: 'body', params: { grant_type: 'refresh_token', refresh_token: refreshToken }, now: s.now() }, refreshToken);
  },
};

interface Page<T> {
  count: number;
  results: T[];
}
interface EtsyPayment {
  payment_id: number;
  receipt_id: number;
}

const withApiKey = (s: { app: { clientId: string } }): RequestInit => ({ headers: { 'x-api-key': s.app.clientId } });
const shopUrl = (s: ChannelSession) => `${s.endpoints.api}/v3/application/shops/${encodeURIComponent(s.credentials.params.shopId ?? '')}`;

async function ledgerEntries(s: ChannelSession, from: number, to: number): Promise<EtsyLedgerEntry[]> {
  const out: EtsyLedgerEntry[] = [];
  for (let start = from; start < to; start += WINDOW_MS) {
    const end = Math.min(start + WINDOW_MS, to);
    for (let offset = 0; ; offset += LEDGER_PAGE) {
      const q = new URLSearchParams({ min_created: String(Math.floor(start / 1000)), max_created: String(Math.floor(end / 1000) - 1), limit: String(LEDGER_PAGE), offset: String(offset) });
      const page = await callChannelJson<Page<EtsyLedgerEntry>>(s, etsyPolicy, `${shopUrl(s)}/payment-account/ledger-entries?${q.toString()}`, withApiKey(s));
      out.push(...page.results);
      if (page.results.length < LEDGER_PAGE || offset + LEDGER_PAGE >= page.count) break;
    }
  }
  const seen = new Set<number>();
  return out.filter((e) => !seen.has(e.entry_id) && seen.add(e.entry_id));
}

/** The receipt (order) of each payment or refund entry, by entry id. */
async function receiptsOf(s: ChannelSession, entries: EtsyLedgerEntry[]): Promise<Map<number, string>> {
  const byPayment = new Map<string, number[]>();
  for (const e of entries) {
    if (e.reference_type?.toLowerCase() !== 'payment' || !e.reference_id) continue;
    byPayment.set(e.reference_id, [...(byPayment.get(e.reference_id) ?? []), e.entry_id]);
  }
  const ids = [...byPayment.values()].map((v) => v[0]!);
  const receipts = new Map<number, string>();
  for (let i = 0; i < ids.length; i += PAYMENT_BATCH) {
    // The OAS declares ledger_entry_ids as an exploded form array: one parameter per id.
    const q = new URLSearchParams(ids.slice(i, i + PAYMENT_BATCH).map((id): [string, string] => ['ledger_entry_ids', String(id)]));
    const page = await callChannelJson<Page<EtsyPayment>>(s, etsyPolicy, `${shopUrl(s)}/payment-account/ledger-entries/payments?${q.toString()}`, withApiKey(s));
    for (const p of page.results) for (const entryId of byPayment.get(String(p.payment_id)) ?? []) receipts.set(entryId, String(p.receipt_id));
  }
  for (const e of entries) if (e.reference_type?.toLowerCase() === 'receipt' && e.reference_id) receipts.set(e.entry_id, e.reference_id);
  return receipts;
}

/**
 * The ledger is read from LOOKBACK_MS before the range so the first deposit in the range has all its
 * entries; deposits dated before `keepFrom` (cut by the lookback, or already fetched) are left out.
 */
async function readLedger(s: ChannelSession, entries: EtsyLedgerEntry[], keepFrom: number, name: string): Promise<ParseResult> {
  const sorted = [...entries].sort((a, b) => (a.sequence_number ?? 0) - (b.sequence_number ?? 0) || a.created_timestamp - b.created_timestamp || a.entry_id - b.entry_id);
  const rows = etsyStatementRows(sorted, await receiptsOf(s, sorted));
  if (rows.length === 0) return { settlements: [], problems: [], invalidSettlementIds: [] };
  const parsed = await parseReport(writeDelimited(STATEMENT_HEADER, rows), { fileName: name, channel: 'ETSY' });
  const kept = parsed.settlements.filter((x) => x.depositDate === null || x.depositDate >= keepFrom - 86_400_000);
  const keptIds = new Set(kept.map((x) => x.settlementId));
  return { settlements: kept, problems: parsed.problems, invalidSettlementIds: parsed.invalidSettlementIds.filter((id) => keptIds.has(id)) };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const etsyConnector: ChannelConnector = {
  channel: 'ETSY',
  connectKind: 'oauth',
  keyFields: [],
  authorizeUrl: (env, start) => {
    const url = new URL(env.endpoints.consent!);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', env.app.clientId);
    url.searchParams.set('redirect_uri', start.redirectUri);
    url.searchParams.set('scope', SCOPE);
    url.searchParams.set('state', start.state);
    url.searchParams.set('code_challenge', start.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  },
  finishConnect: async (env, finish) => {
    const code = finish.query.code;
    if (!code) throw new ChannelAuthError(ETSY, finish.query.error_description ?? 'Etsy did not send back an authorization code.');
    const tokens = await requestToken(env.fetch, { channel: ETSY, tokenUrl: env.endpoints.token!, clientId: env.app.clientId, clientSecret: '', clientAuth: 'body', params: { grant_type: 'authorization_code', code, redirect_uri: finish.redirectUri, code_verifier: finish.codeVerifier }, now: env.now() });
    // Etsy's access token starts with the user id ('12345678.xyz'); getMe gives the shop.
    const session = { app: env.app } as const;
    const response = await env.fetch(`${env.endpoints.api}/v3/application/users/me`, { headers: { ...withApiKey(session).headers, authorization: `Bearer ${tokens.accessToken}` } });
    if (!response.ok) throw new ChannelAuthError(ETSY, `Etsy did not tell us which shop this is (HTTP ${response.status}).`);
    const me = (await response.json()) as { user_id?: number; shop_id?: number };
    if (!me.shop_id) throw new ChannelAuthError(ETSY, 'This Etsy account has no shop. Connect the Etsy account that owns the shop.');
    return { credentials: { tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt }, params: { shopId: String(me.shop_id), userId: String(me.user_id ?? '') } }, remoteId: String(me.shop_id), storeName: `Etsy shop ${me.shop_id}` };
  },
  fetchSettlements: async (s, range: DateRange) => {
    const entries = await ledgerEntries(s, range.from - LOOKBACK_MS, range.to);
    return { result: await readLedger(s, entries, range.from, `etsy-ledger-${day(range.from)}.csv`), notReady: [] };
  },
  fetchSettlement: async (s, settlementId) => {
    const m = /^(\d{4}-\d{2}-\d{2})_/.exec(settlementId);
    if (!m) throw new ChannelApiError(ETSY, 404, `'${settlementId}' is not an Etsy deposit id (expected '<day>_<amount>').`);
    const at = Date.parse(`${m[1]}T00:00:00Z`);
    const entries = await ledgerEntries(s, at - LOOKBACK_MS, at + 86_400_000);
    const result = await readLedger(s, entries, at, `etsy-deposit-${settlementId}.csv`);
    return { ...result, settlements: result.settlements.filter((x) => x.settlementId === settlementId) };
  },
};
