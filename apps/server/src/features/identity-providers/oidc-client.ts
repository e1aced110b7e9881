/**
 * The OpenID Connect relying party (openid-client, decision 0064): discovery per configured provider
 * (cached once it succeeds), the authorization URL of a code flow with PKCE (S256), state and nonce,
 * and the code exchange. openid-client checks the ID token's issuer, audience, expiry, nonce and
 * issued-at; `enableNonRepudiationChecks` makes it verify the token's signature against the
 * provider's published keys too (by default it trusts the TLS channel to the token endpoint).
 */
import * as oidc from 'openid-client';
import type { IdentityProviderConfig } from '../../config/identity-provider-config';

/** What a sign-in needs to remember between the start and the provider's answer. */
export interface PendingSignIn {
  provider: IdentityProviderConfig['provider'];
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch milliseconds after which the answer is refused. */
  expiresAt: number;
}

/** The claims of a verified ID token that sign a person in. */
export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  isEmailVerified: boolean;
  name: string | undefined;
}

export const SIGN_IN_SCOPE = 'openid email profile';

const configurations = new WeakMap<IdentityProviderConfig, Promise<oidc.Configuration>>();

/** The provider's discovered configuration; a failed discovery is not cached, so the next sign-in tries again. */
export function providerConfiguration(provider: IdentityProviderConfig): Promise<oidc.Configuration> {
  let found = configurations.get(provider);
  if (!found) {
    const execute = provider.isLoopback ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
    found = oidc.discovery(new URL(provider.issuer), provider.clientId, { client_secret: provider.clientSecret }, oidc.ClientSecretBasic(provider.clientSecret), { execute, timeout: 10 });
    configurations.set(provider, found);
    found.catch(() => configurations.delete(provider));
  }
  return found;
}

export async function buildSignInUrl(provider: IdentityProviderConfig, redirectUri: string, now: Date, ttlMs: number): Promise<{ url: URL; pending: PendingSignIn }> {
  const configuration = await providerConfiguration(provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const pending: PendingSignIn = { provider: provider.provider, state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier, expiresAt: now.getTime() + ttlMs };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SIGN_IN_SCOPE,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

/**
 * Exchanges the code of the provider's answer (`callbackUrl`: the redirect URI with the answer's
 * query) and verifies the ID token. Throws openid-client's errors when anything does not hold.
 */
export async function redeemSignIn(provider: IdentityProviderConfig, pending: PendingSignIn, callbackUrl: URL): Promise<VerifiedIdentity> {
  const configuration = await providerConfiguration(provider);
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider answered without an ID token.');
  let facts: Record<string, unknown> = claims;
  // Some providers (Intuit) leave the email out of the ID token: the UserInfo answer for the same
  // subject (openid-client refuses another one) gives it.
  if ((claims.email === undefined || claims.email_verified === undefined) && configuration.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    facts = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified ?? info.emailVerified };
  }
  const email = typeof facts.email === 'string' && facts.email.trim() !== '' ? facts.email.trim() : undefined;
  const name = typeof facts.name === 'string' && facts.name.trim() !== '' ? facts.name.trim().slice(0, 200) : undefined;
  // Only the boolean true (or the string "true" some providers send) counts as verified.
  const isEmailVerified = facts.email_verified === true || facts.email_verified === 'true';
  return { subject: claims.sub, email, isEmailVerified, name };
}
