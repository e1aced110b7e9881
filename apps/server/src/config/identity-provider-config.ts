/**
 * Sign-in with identity providers (issue 30, decision 0064), read from the environment handed over by
 * config.ts (the only reader of process.env). Per provider (GOOGLE, INTUIT, XERO):
 * - LEDGERPORT_OIDC_<P>_CLIENT_ID and LEDGERPORT_OIDC_<P>_CLIENT_SECRET: both set turns the provider on;
 *   neither leaves it off (its button is not shown); one without the other is a start-up error.
 * - LEDGERPORT_OIDC_<P>_ISSUER: the OpenID Connect issuer (default: the vendor's). A URL containing
 *   /.well-known/ is taken as the discovery document itself (Intuit publishes it off the issuer).
 * An issuer must be https, except on the loopback (127.0.0.1, localhost, ::1) where a local provider
 * runs in tests and development. The secrets are never logged.
 */
import type { LoginEnablingParty } from '@ledgerport/contract';

export const IDENTITY_PROVIDERS = ['google', 'intuit', 'xero'] as const;
export type IdentityProviderSlug = (typeof IDENTITY_PROVIDERS)[number];

export interface IdentityProviderConfig {
  provider: IdentityProviderSlug;
  /** What the sign-in button says: "Sign in with {name}". */
  name: string;
  /** The user's `login_enabling_party` when this provider made the login. */
  party: LoginEnablingParty;
  /** Issuer identifier, or the discovery document's URL. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The issuer is http on the loopback (a local provider): plain http requests are allowed to it. */
  isLoopback: boolean;
}

const VENDORS: Record<IdentityProviderSlug, { name: string; party: LoginEnablingParty; issuer: string }> = {
  google: { name: 'Google', party: 'GOOGLE', issuer: 'https://accounts.google.com' },
  intuit: { name: 'Intuit', party: 'QBO', issuer: 'https://developer.api.intuit.com/.well-known/openid_configuration' },
  xero: { name: 'Xero', party: 'XERO', issuer: 'https://identity.xero.com' },
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function loadIdentityProviderConfig(env: NodeJS.ProcessEnv): IdentityProviderConfig[] {
  const providers: IdentityProviderConfig[] = [];
  for (const provider of IDENTITY_PROVIDERS) {
    const prefix = `LEDGERPORT_OIDC_${provider.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`] || '';
    const clientSecret = env[`${prefix}CLIENT_SECRET`] || '';
    const vendor = VENDORS[provider];
    if (!clientId && !clientSecret) {
      if (env[`${prefix}ISSUER`]) throw new Error(`${prefix}ISSUER is set but ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET are not: set all three to offer sign-in with ${vendor.name}, or none.`);
      continue;
    }
    if (!clientId || !clientSecret) throw new Error(`Set both ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET to offer sign-in with ${vendor.name}, or neither to leave it off.`);
    const issuer = env[`${prefix}ISSUER`] || vendor.issuer;
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new Error(`${prefix}ISSUER must be the provider's issuer URL, such as ${vendor.issuer}, got "${issuer}".`);
    }
    const isLoopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
    if (url.protocol !== 'https:' && !isLoopback) throw new Error(`${prefix}ISSUER must start with https:// (plain http only on 127.0.0.1 or localhost), got "${issuer}".`);
    providers.push({ provider, name: vendor.name, party: vendor.party, issuer, clientId, clientSecret, isLoopback });
  }
  return providers;
}
