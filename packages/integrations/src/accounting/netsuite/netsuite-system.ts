/**
 * NetSuite: OAuth 2.0 authorization code with PKCE on the customer's account domain
 * ({accountId} in the URLs), 60-minute access tokens, 7-day refresh tokens.
 */
import { AccountingError } from '@ledgerport/core/posting';
import { LIMITS } from '../shared/connection-limiter';
import type { AccountingSystemDefinition } from '../shared/system-definition';
import { createNetSuitePort } from './netsuite-port';

export const netSuiteSystem: AccountingSystemDefinition = {
  system: 'NETSUITE',
  displayName: 'NetSuite',
  limits: LIMITS.NETSUITE,
  oauth: (e) => ({
    systemName: 'NetSuite',
    authorizeUrl: e.authorizeUrl,
    tokenUrl: e.tokenUrl,
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    scopes: ['rest_webservices'],
    clientAuth: 'basic',
    usesPkce: true,
    refreshTokenLifetimeMs: 7 * 24 * 3600_000,
  }),
  // NetSuite has no organization call before the first request: the account id the user typed is the identity.
  identify({ settings }) {
    if (!settings.accountId) return Promise.reject(new AccountingError({ kind: 'validation', message: 'Enter your NetSuite account id (Setup > Company > Company Information) to connect.' }));
    return Promise.resolve({ remoteId: settings.accountId, remoteName: `NetSuite account ${settings.accountId}` });
  },
  createPort: createNetSuitePort,
};
