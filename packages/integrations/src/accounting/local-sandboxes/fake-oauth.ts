/**
 * An OAuth 2.0 authorization server as each vendor runs it: a consent page that redirects back with
 * code and state (or error=access_denied on Cancel), single-use codes bound to redirect_uri and the
 * PKCE challenge, access tokens with a lifetime, and refresh tokens that rotate (an old one is
 * refused once used, as Xero and Sage do).
 */
import crypto from 'node:crypto';
import { json, type FakeRequest, type FakeResponse } from './fake-types';

export interface FakeOAuthOptions {
  name: string;
  clientId: string;
  clientSecret: string;
  clientAuth: 'basic' | 'post';
  requiresPkce: boolean;
  accessTokenTtlSeconds: number;
  /** Extra fields of the token response (QBO x_refresh_token_expires_in...). */
  extraTokenFields?: Record<string, unknown>;
  /** Query parameters added to the redirect (QBO realmId). */
  redirectExtras?: Record<string, string>;
}

interface Code {
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
}

export interface FakeOAuth {
  authorizePage(req: FakeRequest): FakeResponse;
  decide(req: FakeRequest): FakeResponse;
  token(req: FakeRequest): FakeResponse;
  /** The access token's state: 'valid', 'expired' or 'unknown'. */
  check(authorization: string | undefined): 'valid' | 'expired' | 'unknown';
  expireAccessTokens(): void;
  readonly log: { grants: string[]; refreshTokensIssued: string[] };
}

const random = () => crypto.randomBytes(18).toString('base64url');

export function createFakeOAuth(o: FakeOAuthOptions): FakeOAuth {
  const codes = new Map<string, Code>();
  const access = new Map<string, number>();
  const refresh = new Map<string, 'live' | 'used'>();
  const log = { grants: [] as string[], refreshTokensIssued: [] as string[] };

  const issue = (): FakeResponse => {
    const accessToken = `${o.name.toLowerCase()}-at-${random()}`;
    const refreshToken = `${o.name.toLowerCase()}-rt-${random()}`;
    access.set(accessToken, Date.now() + o.accessTokenTtlSeconds * 1000);
    refresh.set(refreshToken, 'live');
    log.refreshTokensIssued.push(refreshToken);
    return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: o.accessTokenTtlSeconds, refresh_token: refreshToken, ...o.extraTokenFields });
  };

  const clientOk = (req: FakeRequest, form: URLSearchParams): boolean => {
    if (o.clientAuth === 'basic') {
      const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      if (!m) return false;
      const [id, secret] = Buffer.from(m[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      return id === o.clientId && secret === o.clientSecret;
    }
    return form.get('client_id') === o.clientId && form.get('client_secret') === o.clientSecret;
  };

  return {
    log,
    authorizePage(req) {
      const q = req.query;
      if (q.get('client_id') !== o.clientId || q.get('response_type') !== 'code' || !q.get('redirect_uri') || !q.get('state')) {
        return { status: 400, html: `<h1>${o.name}</h1><p role="alert">Invalid authorization request: client_id, response_type=code, redirect_uri and state are required.</p>` };
      }
      if (o.requiresPkce && (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))) {
        return { status: 400, html: `<h1>${o.name}</h1><p role="alert">PKCE (S256) is required.</p>` };
      }
      const hidden = [...q.entries()].map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`).join('');
      return {
        status: 200,
        html: `<!doctype html><html lang="en"><head><title>${o.name} – authorize</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<h1>${o.name}</h1><p>Ledgerport (local test) asks to access your organisation's accounting data (scopes: ${q.get('scope') ?? ''}).</p>
<form method="get" action="decide">${hidden}<button name="decision" value="allow">Allow access</button> <button name="decision" value="cancel">Cancel</button></form></body></html>`,
      };
    },
    decide(req) {
      const q = req.query;
      const target = new URL(q.get('redirect_uri') ?? '');
      target.searchParams.set('state', q.get('state') ?? '');
      if (q.get('decision') !== 'allow') {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = random();
        codes.set(code, { redirectUri: q.get('redirect_uri') ?? '', challenge: q.get('code_challenge'), expiresAt: Date.now() + 60_000 });
        target.searchParams.set('code', code);
        for (const [k, v] of Object.entries(o.redirectExtras ?? {})) target.searchParams.set(k, v);
      }
      return { status: 302, headers: { location: target.toString() } };
    },
    token(req) {
      const form = req.body instanceof URLSearchParams ? req.body : new URLSearchParams();
      if (!clientOk(req, form)) return json(401, { error: 'invalid_client' });
      const grant = form.get('grant_type');
      log.grants.push(grant ?? '');
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.expiresAt < Date.now() || code.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
        if (code.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          if (crypto.createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        return issue();
      }
      if (grant === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        if (refresh.get(token) !== 'live') return json(400, { error: 'invalid_grant' });
        refresh.set(token, 'used');
        return issue();
      }
      return json(400, { error: 'unsupported_grant_type' });
    },
    check(authorization) {
      const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
      const expiry = token ? access.get(token) : undefined;
      if (expiry === undefined) return 'unknown';
      return expiry > Date.now() ? 'valid' : 'expired';
    },
    expireAccessTokens() {
      for (const k of access.keys()) access.set(k, 0);
    },
  };
}
