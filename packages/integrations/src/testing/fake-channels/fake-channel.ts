/**
 * What every fake channel shares: one fetch that plays the channel (token endpoint, auth check,
 * throttling, then the contract), the violations of all its parts, and a control surface tests and
 * the e2e control routes use (throttle, expire, revoke).
 */
import type { Contract } from '../openapi-contract';
import type { FakeAuthorizationServer } from '../fake-authorization-server';

export interface FakeChannel {
  /** Where the app sends requests for this channel; one fetch for all its hosts. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  auth: FakeAuthorizationServer;
  contracts: Contract[];
  violations: () => string[];
  /** The next `count` API calls answer 429 with this Retry-After (seconds). */
  throttleNext: (count: number, retryAfterSeconds: number) => void;
  /** API calls seen (not token calls), for pagination assertions. */
  apiCalls: () => { operationId: string | null; url: string; status: number }[];
}

export interface Throttle {
  take: () => Response | null;
  set: (count: number, retryAfterSeconds: number) => void;
}

export function createThrottle(body: unknown): Throttle {
  let remaining = 0;
  let seconds = 1;
  return {
    set: (count, retryAfterSeconds) => {
      remaining = count;
      seconds = retryAfterSeconds;
    },
    take: () => {
      if (remaining <= 0) return null;
      remaining--;
      return new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) } });
    },
  };
}

/** Page tokens of the fakes: opaque to the client, an offset for us. */
export const encodePageToken = (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64url');
export function decodePageToken(tokenText: string | null | undefined): number {
  if (!tokenText) return 0;
  const m = /^offset:(\d+)$/.exec(Buffer.from(tokenText, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : 0;
}

/** A path parameter of the routed request, as text. */
export function paramOf(c: { request: { params?: unknown } }, name: string): string {
  return String((c.request.params as Record<string, string | undefined> | undefined)?.[name] ?? '');
}

export function queryOf(c: { request: { query?: unknown } }): Record<string, string> {
  const q = c.request.query as Record<string, string | string[] | undefined> | undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(',') : v;
  return out;
}
