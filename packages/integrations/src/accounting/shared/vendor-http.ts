/**
 * One HTTP call to an accounting system, the way every adapter makes it: through the connection's
 * limiter, with the current access token (refreshed once on a 401), a timeout, and retries with
 * backoff for 429 (honouring Retry-After) and, where the call is safe to repeat, for timeouts and
 * 5xx. Failures leave as AccountingError via the system's own `describeError`.
 */
import { AccountingError, type AccountingFailure } from '@ledgerport/core/posting';
import { stringifyWithDecimals } from './json-decimal';
import type { ConnectionLimiter, LimiterClock } from './connection-limiter';
import { realLimiterClock } from './connection-limiter';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface VendorResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or null for an empty body. */
  body: unknown;
}

export interface VendorHttpOptions {
  systemName: string;
  fetchImpl?: FetchLike;
  limiter: ConnectionLimiter;
  /** The access token to send; `forceRefresh` after a 401. */
  accessToken(forceRefresh: boolean): Promise<string>;
  /** Turns a non-2xx answer into the failure a bookkeeper reads. */
  describeError(status: number, body: unknown, headers: Headers): AccountingFailure;
  timeoutMs?: number;
  retryMax?: number;
  clock?: LimiterClock;
}

export interface VendorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Whether a timeout or 5xx may be retried (the call carries an idempotency key or only reads). */
  isRepeatable: boolean;
}

export interface VendorHttp {
  send(request: VendorRequest): Promise<VendorResponse>;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 60_000;

export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number.parseInt(value, 10) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const fetchImpl = options.fetchImpl ?? fetch;
  const clock = options.clock ?? realLimiterClock;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retryMax = options.retryMax ?? 4;

  const once = async (request: VendorRequest, token: string): Promise<VendorResponse> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, ...request.headers };
      let body: string | undefined;
      if (request.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = stringifyWithDecimals(request.body);
      }
      const res = await fetchImpl(request.url, { method: request.method, headers, body, signal: controller.signal });
      const text = await res.text();
      let parsed: unknown = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      return { status: res.status, headers: res.headers, body: parsed };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async send(request) {
      let refreshed = false;
      for (let attempt = 0; ; attempt += 1) {
        const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
        let response: VendorResponse;
        try {
          const token = await options.accessToken(false);
          response = await options.limiter.run(() => once(request, token));
        } catch (error) {
          if (error instanceof AccountingError) throw error;
          const isTimeout = (error as Error).name === 'AbortError';
          if (request.isRepeatable && attempt < retryMax) {
            await clock.sleep(backoff);
            continue;
          }
          throw new AccountingError({
            kind: 'unavailable',
            message: isTimeout
              ? `${options.systemName} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Nothing was changed on our side; try again shortly.`
              : `${options.systemName} could not be reached. Try again shortly.`,
            detail: String((error as Error).message),
          });
        }
        if (response.status >= 200 && response.status < 300) return response;
        if (response.status === 401 && !refreshed) {
          refreshed = true;
          await options.accessToken(true);
          continue;
        }
        if (response.status === 429 && attempt < retryMax) {
          const wait = retryAfterMs(response.headers, clock.now()) ?? backoff;
          options.limiter.pauseFor(wait);
          continue;
        }
        if (response.status >= 500 && request.isRepeatable && attempt < retryMax) {
          await clock.sleep(backoff);
          continue;
        }
        const failure = options.describeError(response.status, response.body, response.headers);
        if (response.status === 429) {
          failure.retryAfterSeconds = Math.ceil((retryAfterMs(response.headers, clock.now()) ?? BACKOFF_MAX_MS) / 1000);
        }
        throw new AccountingError(failure);
      }
    },
  };
}

/** The kind of failure an HTTP status means when the body says nothing more specific. */
export function failureKindOf(status: number): AccountingFailure['kind'] {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'unavailable';
  return 'validation';
}
