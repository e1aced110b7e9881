/**
 * The OAuth 2.0 authorization-code flow every accounting system uses (oauth4webapi does the
 * protocol): the authorize URL with state (and PKCE where the system supports it), the code
 * exchange and the refresh. Refresh tokens rotate on Xero, Sage and NetSuite, and QBO's roll: the
 * caller must store the whole returned set at once and never reuse an old refresh token.
 */
import * as oauth from 'oauth4webapi';
import { AccountingError } from '@ledgerport/core/posting';
import type { FetchLike } from './vendor-http';
import type { VendorTokenSet } from './token-set';

export interface OAuthSettings {
  systemName: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'basic' | 'post';
  usesPkce: boolean;
  /** Added to the authorize URL (Sage: filter=apiv3.1 is part of its URL already). */
  extraAuthorizeParams?: Record<string, string>;
  /** Used when the token response has no refresh-token lifetime (Xero: 60 days unused). */
  refreshTokenLifetimeMs: number | null;
}

export interface OAuthClient {
  readonly usesPkce: boolean;
  authorizeUrl(input: { state: string; redirectUri: string; codeVerifier?: string }): Promise<string>;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }, now: Date): Promise<{ tokens: VendorTokenSet; extra: Record<string, unknown> }>;
  refresh(refreshToken: string, now: Date): Promise<VendorTokenSet>;
}

export const newCodeVerifier = (): string => oauth.generateRandomCodeVerifier();
export const newState = (): string => oauth.generateRandomState();

export function createOAuthClient(settings: OAuthSettings, fetchImpl: FetchLike = fetch): OAuthClient {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(settings.tokenUrl).origin,
    authorization_endpoint: settings.authorizeUrl,
    token_endpoint: settings.tokenUrl,
  };
  const client: oauth.Client = { client_id: settings.clientId };
  const auth = settings.clientAuth === 'basic' ? oauth.ClientSecretBasic(settings.clientSecret) : oauth.ClientSecretPost(settings.clientSecret);
  const requestOptions = {
    [oauth.customFetch]: fetchImpl,
    // Base URLs are configurable so local stand-ins (http://127.0.0.1) work like the vendors.
    [oauth.allowInsecureRequests]: new URL(settings.tokenUrl).protocol === 'http:',
  };

  const toTokens = (r: oauth.TokenEndpointResponse, now: Date): VendorTokenSet => {
    const refreshIn =
      typeof r.x_refresh_token_expires_in === 'number'
        ? r.x_refresh_token_expires_in * 1000
        : typeof r.refresh_token_expires_in === 'number'
          ? r.refresh_token_expires_in * 1000
          : settings.refreshTokenLifetimeMs;
    return {
      accessToken: r.access_token,
      refreshToken: r.refresh_token ?? null,
      accessTokenExpiresAt: new Date(now.getTime() + (r.expires_in ?? 1800) * 1000).toISOString(),
      refreshTokenExpiresAt: r.refresh_token && refreshIn !== null ? new Date(now.getTime() + refreshIn).toISOString() : null,
    };
  };

  const refused = (error: unknown, what: string): AccountingError => {
    const detail = error instanceof oauth.ResponseBodyError ? `${error.error}: ${error.error_description ?? ''}` : String((error as Error).message);
    const isGrant = error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant';
    return new AccountingError({
      kind: 'auth',
      message: isGrant
        ? `${settings.systemName} no longer accepts this connection's authorization. Reconnect ${settings.systemName} from the admin page.`
        : `${settings.systemName} refused to ${what}. Reconnect ${settings.systemName} from the admin page.`,
      detail,
    });
  };

  return {
    usesPkce: settings.usesPkce,
    async authorizeUrl({ state, redirectUri, codeVerifier }) {
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', settings.scopes.join(' '));
      url.searchParams.set('state', state);
      for (const [k, v] of Object.entries(settings.extraAuthorizeParams ?? {})) url.searchParams.set(k, v);
      if (settings.usesPkce) {
        if (!codeVerifier) throw new Error(`${settings.systemName} needs a PKCE code verifier`);
        url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url.toString();
    },
    async exchangeCode({ code, redirectUri, codeVerifier }, now) {
      try {
        // The state was already matched to a stored, single-use connect flow by the caller.
        const params = oauth.validateAuthResponse(as, client, new URLSearchParams({ code }), oauth.skipStateCheck);
        const res = await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, settings.usesPkce && codeVerifier ? codeVerifier : oauth.nopkce, requestOptions);
        const r = await oauth.processAuthorizationCodeResponse(as, client, res);
        return { tokens: toTokens(r, now), extra: r as unknown as Record<string, unknown> };
      } catch (error) {
        throw refused(error, 'finish the connection');
      }
    },
    async refresh(refreshToken, now) {
      try {
        const res = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, requestOptions);
        const r = await oauth.processRefreshTokenResponse(as, client, res);
        const tokens = toTokens(r, now);
        // A system that does not rotate keeps the old refresh token valid.
        return tokens.refreshToken ? tokens : { ...tokens, refreshToken };
      } catch (error) {
        throw refused(error, 'renew its access');
      }
    },
  };
}
