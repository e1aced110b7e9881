/**
 * The OAuth 2.0 token endpoint call every channel shares (RFC 6749 §4.1.3, §6, §4.4): form-encoded
 * grant, client authentication by HTTP Basic or in the body as the channel documents. A 400/401
 * answer (invalid_grant: revoked or expired refresh token) is a ChannelAuthError.
 */
import { ChannelApiError, ChannelAuthError } from './channel-errors';
import type { ChannelTokens, FetchLike } from './channel-session';

export interface TokenRequest {
  channel: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  clientAuth: 'basic' | 'body';
  params: Record<string, string>;
  headers?: Record<string, string>;
  now: number;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  error?: string;
  error_description?: string;
}

export async function requestToken(fetchImpl: FetchLike, r: TokenRequest, previousRefreshToken: string | null = null): Promise<ChannelTokens & { raw: Record<string, unknown> }> {
  const body = new URLSearchParams(r.params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...r.headers };
  if (r.clientAuth === 'basic') headers.authorization = 'Basic ' + Buffer.from(`${r.clientId}:${r.clientSecret}`).toString('base64');
  else {
    body.set('client_id', r.clientId);
    if (r.clientSecret) body.set('client_secret', r.clientSecret);
  }
  const response = await fetchImpl(r.tokenUrl, { method: 'POST', headers, body: body.toString() });
  const text = await response.text();
  let answer: TokenAnswer = {};
  try {
    answer = JSON.parse(text) as TokenAnswer;
  } catch {
    // not JSON: handled below by status
  }
  if (response.status === 400 || response.status === 401 || response.status === 403)
    // The seller removed our app or the authorization expired; the vendor's code stays for support.
    throw new ChannelAuthError(r.channel, `${r.channel} no longer accepts Ledgerport's access (the authorization was removed or has expired; ${r.channel} said '${answer.error ?? response.status}'). Please reconnect.`);
  if (!response.ok || !answer.access_token) throw new ChannelApiError(r.channel, response.status, `${r.channel} token endpoint answered HTTP ${response.status}.`);
  const expiresIn = answer.expires_in === undefined ? null : Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    // Some channels rotate the refresh token, others keep the old one valid and omit it.
    refreshToken: answer.refresh_token ?? previousRefreshToken,
    expiresAt: expiresIn === null || !Number.isFinite(expiresIn) ? null : r.now + expiresIn * 1000,
    raw: answer as Record<string, unknown>,
  };
}
