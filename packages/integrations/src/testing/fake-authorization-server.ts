/**
 * A channel's OAuth 2.0 authorization server for tests (RFC 6749 as the channels document it):
 * authorization codes, the authorization_code / refresh_token / client_credentials grants with client
 * authentication by Basic or in the body, access tokens that expire, and revocation (the seller
 * removing our app), after which refresh answers invalid_grant. Requests that break the protocol are
 * collected as violations, like a contract's.
 */
import { randomBytes } from 'node:crypto';

export interface FakeAuthorizationServer {
  handleToken: (request: Request) => Promise<Response>;
  /** A code the consent page would hand out (optionally bound to a PKCE challenge). */
  issueCode: (o?: { codeChallenge?: string }) => string;
  /** An access token, usable now (what a seller-typed key would be for key-based channels). */
  issueAccessToken: () => string;
  isValidAccessToken: (token: string) => boolean;
  /** Every access token expires now; refresh tokens stay valid. */
  expireAccessTokens: () => void;
  /** The seller revoked our app: every token stops working, refresh gives invalid_grant. */
  revokeAll: () => void;
  violations: string[];
  grants: string[];
}

export interface FakeAuthorizationOptions {
  name: string;
  clientId: string;
  clientSecret: string;
  clientAuth: 'basic' | 'body';
  accessTokenTtlSeconds: number | null;
  /** Channels that rotate refresh tokens send a new one on each refresh. */
  isRotatingRefreshToken?: boolean;
  /** Shopify's code exchange sends no grant_type: the grant assumed when it is missing. */
  implicitGrant?: 'authorization_code';
  now?: () => number;
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function createFakeAuthorizationServer(o: FakeAuthorizationOptions): FakeAuthorizationServer {
  const now = o.now ?? Date.now;
  const codes = new Map<string, { codeChallenge?: string }>();
  const access = new Map<string, number | null>();
  const refresh = new Set<string>();
  const violations: string[] = [];
  const grants: string[] = [];
  const issueAccess = () => {
    const t = token('at');
    access.set(t, o.accessTokenTtlSeconds === null ? null : now() + o.accessTokenTtlSeconds * 1000);
    return t;
  };
  const answerTokens = (refreshToken: string | null) => {
    const body: Record<string, unknown> = { access_token: issueAccess(), token_type: 'bearer' };
    if (o.accessTokenTtlSeconds !== null) body.expires_in = o.accessTokenTtlSeconds;
    if (refreshToken) body.refresh_token = refreshToken;
    return json(200, body);
  };
  const fail = (msg: string) => {
    violations.push(`${o.name} token endpoint: ${msg}`);
    return json(400, { error: 'invalid_request', error_description: msg });
  };

  return {
    violations,
    grants,
    issueCode: (opts = {}) => {
      const code = token('code');
      codes.set(code, opts);
      return code;
    },
    issueAccessToken: issueAccess,
    isValidAccessToken: (t) => {
      if (!access.has(t)) return false;
      const expiresAt = access.get(t);
      return expiresAt === null || expiresAt === undefined || expiresAt > now();
    },
    expireAccessTokens: () => {
      for (const k of access.keys()) access.set(k, now() - 1);
    },
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    handleToken: async (request) => {
      if (request.method !== 'POST') return fail(`method ${request.method}, expected POST`);
      if (!/application\/x-www-form-urlencoded/.test(request.headers.get('content-type') ?? '')) return fail('body must be application/x-www-form-urlencoded');
      const form = new URLSearchParams(await request.text());
      let clientId = form.get('client_id');
      let clientSecret = form.get('client_secret');
      const basic = /^Basic (.+)$/.exec(request.headers.get('authorization') ?? '');
      if (o.clientAuth === 'basic') {
        if (!basic) return fail('client authentication must use HTTP Basic');
        const [id = '', secret = ''] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
        clientId = id;
        clientSecret = secret;
      }
      if (clientId !== o.clientId || clientSecret !== o.clientSecret) return json(401, { error: 'invalid_client' });
      const grant = form.get('grant_type') ?? o.implicitGrant ?? '';
      grants.push(grant);
      if (grant === 'client_credentials') return answerTokens(null);
      if (grant === 'authorization_code') {
        const code = form.get('code') ?? '';
        const issued = codes.get(code);
        if (!issued) return json(400, { error: 'invalid_grant', error_description: 'unknown or used code' });
        codes.delete(code);
        if (issued.codeChallenge) {
          const verifier = form.get('code_verifier') ?? '';
          const { createHash } = await import('node:crypto');
          if (createHash('sha256').update(verifier).digest('base64url') !== issued.codeChallenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE verifier does not match' });
        }
        const r = token('rt');
        refresh.add(r);
        return answerTokens(r);
      }
      if (grant === 'refresh_token') {
        const r = form.get('refresh_token') ?? '';
        if (!refresh.has(r)) return json(400, { error: 'invalid_grant', error_description: 'refresh token revoked or unknown' });
        if (o.isRotatingRefreshToken) {
          refresh.delete(r);
          const next = token('rt');
          refresh.add(next);
          return answerTokens(next);
        }
        return answerTokens(null);
      }
      return fail(`unsupported grant_type '${grant}'`);
    },
  };
}
