/**
 * The OAuth round trip against a local sandbox, as a person does it in the browser: the system's
 * authorize URL, its consent page answered "Allow access", the redirect back with code and state,
 * the code exchange (PKCE) and the identify call that names the organisation. The demo's start-up
 * connects its accounts this way, and the tests build their ports on it (testing/connect-for-test.ts).
 */
import { createOAuthClient, newCodeVerifier, newState } from '../shared/oauth-client';
import type { AccountingSystemDefinition, ConnectionSettings, SystemEndpoints } from '../shared/system-definition';
import type { VendorTokenSet } from '../shared/token-set';

export interface SandboxAuthorization {
  tokens: VendorTokenSet;
  org: { remoteId: string; remoteName: string };
}

export async function authorizeOnLocalSandbox(
  definition: AccountingSystemDefinition,
  endpoints: SystemEndpoints,
  options: { settings?: ConnectionSettings; redirectUri?: string; now?: Date } = {},
): Promise<SandboxAuthorization> {
  const settings = options.settings ?? {};
  const oauth = createOAuthClient(definition.oauth(endpoints));
  const state = newState();
  const codeVerifier = newCodeVerifier();
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:9/app/admin/accounting/cb';
  const authorize = new URL(await oauth.authorizeUrl({ state, redirectUri, codeVerifier }));
  const decide = new URL('decide', authorize);
  decide.search = authorize.search;
  decide.searchParams.set('decision', 'allow');
  const consent = await fetch(decide, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  if (back.searchParams.get('state') !== state) throw new Error(`${definition.system} sandbox did not return the state`);
  const { tokens } = await oauth.exchangeCode({ code: back.searchParams.get('code') ?? '', redirectUri, codeVerifier }, options.now ?? new Date());
  const org = await definition.identify({ endpoints, accessToken: tokens.accessToken, callbackParams: Object.fromEntries(back.searchParams), settings });
  return { tokens, org };
}
