/**
 * The one HTTP client of the web app (spec sections 4, 7 and 8). It sends the bearer access token,
 * refreshes the token set once and retries when the server answers 403 'Access Token has expired.'
 * (or when the stored access token is already past its expiry), and announces the end of the session
 * when the refresh token has expired or the refresh fails. Every failure becomes an ApiError carrying
 * the normalised message of spec section 8.
 */
import {
  ACCESS_TOKEN_EXPIRED,
  REFRESH_TOKEN_EXPIRED,
  isTokenExpired,
  normalizeError,
  type FailureInput,
  type NormalizedError,
} from '@ledgerport/core/rules';
import type { TokenSet } from './api-types';
import { announceSessionExpired } from './session-events';
import { readTokenSet, writeTokenSet } from './token-store';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(normalized: NormalizedError) {
    super(normalized.message);
    this.name = 'ApiError';
    this.status = normalized.status;
    this.code = normalized.code;
  }
}

/** An error as a bookkeeper reads it: the server's message, or a plain sentence when there is none. */
export const errorText = (error: unknown): string => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.');

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A form-encoded (URLSearchParams) or multipart (FormData) body, sent as is instead of JSON. */
  form?: URLSearchParams | FormData;
  /** Sign-in and refresh calls carry no bearer token and never trigger a refresh. */
  anonymous?: boolean;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** A call the server failed (5xx) or never answered (status 0), with the server's request id (X-Request-Id). */
export interface FailedCall {
  method: string;
  path: string;
  status: number;
  traceId?: string | null;
}

/** The window event announcing a FailedCall; lib/install-error-reporter.ts turns it into a js_error (spec section 7). */
export const CALL_FAILED = 'ledgerport:call-failed';
const callFailed = (detail: FailedCall) => window.dispatchEvent(new CustomEvent(CALL_FAILED, { detail }));

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(method: string, path: string, options: RequestOptions, accessToken: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      signal: controller.signal,
    });
    if (response.status >= 500) callFailed({ method, path, status: response.status, traceId: response.headers.get('x-request-id') });
    return response;
  } catch {
    callFailed({ method, path, status: 0 });
    const failure: FailureInput = controller.signal.aborted ? { kind: 'timeout', path } : { kind: 'network' };
    throw new ApiError(normalizeError(failure));
  } finally {
    clearTimeout(timer);
  }
}

async function failureOf(response: Response): Promise<ApiError> {
  const bodyText = await response.text();
  return new ApiError(normalizeError({ kind: 'response', status: response.status, contentType: response.headers.get('content-type') ?? '', bodyText }));
}

let refreshing: Promise<TokenSet | undefined> | undefined;

/**
 * Refreshes the token set once for all concurrent callers: two refreshes with the same rotating
 * refresh token would look like token reuse to the server and revoke the whole sign-in.
 */
function refreshTokens(stale: TokenSet): Promise<TokenSet | undefined> {
  if (refreshing) return refreshing;
  const attempt = (async () => {
    // Another tab may have refreshed already: use its tokens instead of reusing ours.
    const current = readTokenSet();
    if (current && current.refreshToken !== stale.refreshToken && !isTokenExpired(current.accessTokenExpiresAt, Date.now())) return current;
    if (isTokenExpired(stale.refreshTokenExpiresAt, Date.now())) return undefined;
    const refreshed = await send('POST', '/oauth/refresh', { body: stale }, undefined).catch(() => undefined);
    if (!refreshed?.ok) return undefined;
    const tokens = (await refreshed.json()) as TokenSet;
    writeTokenSet(tokens);
    return tokens;
  })();
  // Cleared only once settled (never synchronously), so a finished attempt is never handed out again.
  refreshing = attempt.finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** A response that was redirected to a sign-in page means the server no longer knows this session. */
function isRedirectToLogin(response: Response): boolean {
  if (!response.redirected || !response.url) return false;
  const { pathname } = new URL(response.url);
  return pathname === '/login' || pathname.startsWith('/app/login');
}

function sessionOver(): never {
  announceSessionExpired();
  throw new ApiError({ message: REFRESH_TOKEN_EXPIRED, status: 401, code: 'auth.refresh-token-expired' });
}

/**
 * A current access token for a request this client cannot send itself (an upload through
 * XMLHttpRequest, which reports upload progress): refreshed first when it has expired.
 */
export async function getFreshAccessToken(): Promise<string> {
  const tokens = readTokenSet() ?? sessionOver();
  if (!isTokenExpired(tokens.accessTokenExpiresAt, Date.now())) return tokens.accessToken;
  return ((await refreshTokens(tokens)) ?? sessionOver()).accessToken;
}

/** The successful response itself (for downloads), after the same token handling as apiRequest. */
export async function apiResponse(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  let tokens = options.anonymous ? undefined : readTokenSet();
  if (!options.anonymous) {
    if (!tokens) sessionOver();
    if (isTokenExpired(tokens.accessTokenExpiresAt, Date.now())) tokens = (await refreshTokens(tokens)) ?? sessionOver();
  }
  let response = await send(method, path, options, tokens?.accessToken);
  if (isRedirectToLogin(response)) sessionOver();
  if (!response.ok && tokens) {
    const error = await failureOf(response.clone());
    if (error.status === 403 && (error.message === ACCESS_TOKEN_EXPIRED || error.code === 'auth.access-token-expired')) {
      tokens = (await refreshTokens(tokens)) ?? sessionOver();
      response = await send(method, path, options, tokens.accessToken); // retried once, never again
    } else if (error.status === 401 && (error.message === REFRESH_TOKEN_EXPIRED || error.code === 'auth.refresh-token-expired')) {
      sessionOver();
    }
  }
  if (!response.ok) throw await failureOf(response);
  return response;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(method, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(normalizeError({ kind: 'response', status: 500, contentType: response.headers.get('content-type') ?? '', bodyText: text }));
  }
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => apiRequest<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, query?: RequestOptions['query']) => apiRequest<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown, query?: RequestOptions['query']) => apiRequest<T>('PUT', path, { body, query }),
  /** POST a form-encoded or multipart body. */
  postForm: <T>(path: string, form: URLSearchParams | FormData, query?: RequestOptions['query']) => apiRequest<T>('POST', path, { form, query }),
};
