/**
 * One authorised conversation with a channel: the HTTP function (a contract fetch in tests), the
 * channel's base URLs, the credentials and what to do when tokens change. `callChannel` applies the
 * rules every channel shares: a fresh token before the call, one refresh and retry on 401, waiting on
 * 429/503 as Retry-After says (bounded), and typed errors for the rest.
 */
import { ChannelApiError, ChannelAuthError } from './channel-errors';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ChannelTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms; null when the channel's token does not expire (Shopify offline, BigCommerce). */
  expiresAt: number | null;
}

/** Everything a channel needs to act for one seller. Sealed as JSON in the connections table. */
export interface ChannelCredentials {
  tokens: ChannelTokens;
  /** Channel-specific ids: Amazon sellingPartnerId/marketplaceId, Shopify shop, Etsy shopId, keys... */
  params: Record<string, string>;
}

export interface ChannelSession {
  fetch: FetchLike;
  /** Base URLs of this channel (see channel-endpoints.ts). */
  endpoints: Record<string, string>;
  /** Our app's client id and secret at the channel (empty for channels with per-seller keys). */
  app: { clientId: string; clientSecret: string };
  credentials: ChannelCredentials;
  /** Called after every token refresh, so the new tokens are saved before they are used. */
  saveTokens: (tokens: ChannelTokens) => Promise<void>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface CallPolicy {
  channel: string;
  /** Adds the channel's auth headers for this access token. */
  authorize: (headers: Headers, accessToken: string) => void;
  /** Gets new tokens (refresh grant or client credentials); throws ChannelAuthError when refused. */
  refresh: (session: ChannelSession) => Promise<ChannelTokens>;
  /** Some channels say 403 for an expired token (Amazon: 'Unauthorized', Walmart). */
  isExpiredToken?: (response: Response) => boolean;
}

/** Waits at most this long for one Retry-After, and gives up after so many throttled answers. */
export const RETRY_AFTER_MAX_MS = 60_000;
export const THROTTLED_ATTEMPTS_MAX = 6;
/** Refresh a token this long before its stated expiry. */
const EXPIRY_MARGIN_MS = 60_000;

export function retryAfterMs(response: Response, attempt: number, nowMs: number): number {
  const header = response.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.min(Math.max(seconds, 0) * 1000, RETRY_AFTER_MAX_MS);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.min(Math.max(at - nowMs, 0), RETRY_AFTER_MAX_MS);
  }
  // Amazon SP-API sends no Retry-After: its 429 names the operation's rate (requests per second) in
  // x-amzn-RateLimit-Limit, and one request per 1/rate seconds is what its token bucket refills.
  const rate = Number(response.headers.get('x-amzn-ratelimit-limit') ?? '');
  if (Number.isFinite(rate) && rate > 0) return Math.min(Math.ceil(1000 / rate), RETRY_AFTER_MAX_MS);
  return Math.min(1000 * 2 ** attempt, RETRY_AFTER_MAX_MS);
}

async function refreshInto(session: ChannelSession, policy: CallPolicy): Promise<void> {
  const tokens = await policy.refresh(session);
  session.credentials.tokens = tokens;
  await session.saveTokens(tokens);
}

export async function callChannel(session: ChannelSession, policy: CallPolicy, url: string, init: RequestInit = {}): Promise<Response> {
  const { tokens } = session.credentials;
  if (!tokens.accessToken || (tokens.expiresAt !== null && tokens.expiresAt - EXPIRY_MARGIN_MS <= session.now())) await refreshInto(session, policy);
  let hasRefreshed = false;
  for (let attempt = 0; ; attempt++) {
    const headers = new Headers(init.headers);
    policy.authorize(headers, session.credentials.tokens.accessToken);
    const response = await session.fetch(url, { ...init, headers });
    if (response.status === 429 || response.status === 503) {
      if (attempt + 1 >= THROTTLED_ATTEMPTS_MAX)
        throw new ChannelApiError(policy.channel, response.status, `${policy.channel} kept asking us to slow down (${response.status}) after ${attempt + 1} tries.`);
      await session.sleep(retryAfterMs(response, attempt, session.now()));
      continue;
    }
    if (response.status === 401 || policy.isExpiredToken?.(response)) {
      if (hasRefreshed) throw new ChannelAuthError(policy.channel, `${policy.channel} no longer accepts our access (HTTP ${response.status}). Please reconnect.`);
      hasRefreshed = true;
      await refreshInto(session, policy);
      continue;
    }
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      throw new ChannelApiError(policy.channel, response.status, `${policy.channel} answered HTTP ${response.status} for ${new URL(url).pathname}: ${text}`);
    }
    return response;
  }
}

export async function callChannelJson<T>(session: ChannelSession, policy: CallPolicy, url: string, init: RequestInit = {}): Promise<T> {
  const response = await callChannel(session, policy, url, init);
  return (await response.json()) as T;
}
