/**
 * QuickBooks Online: OAuth 2.0 (no PKCE), 1-hour access tokens, rolling refresh tokens (an older one
 * dies 24 h after a newer is issued: always keep the newest). The company (realmId) arrives on the
 * callback; its name comes from CompanyInfo.
 */
import { AccountingError } from '@ledgerport/core/posting';
import { LIMITS } from '../shared/connection-limiter';
import type { AccountingSystemDefinition } from '../shared/system-definition';
import { createQboPort, QBO_MINOR_VERSION } from './qbo-port';

export const qboSystem: AccountingSystemDefinition = {
  system: 'QBO',
  displayName: 'QuickBooks Online',
  limits: LIMITS.QBO,
  oauth: (e) => ({
    systemName: 'QuickBooks Online',
    authorizeUrl: e.authorizeUrl,
    tokenUrl: e.tokenUrl,
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    scopes: ['com.intuit.quickbooks.accounting'],
    clientAuth: 'basic',
    usesPkce: false,
    refreshTokenLifetimeMs: 100 * 24 * 3600_000,
  }),
  async identify({ endpoints, accessToken, callbackParams, fetchImpl = fetch }) {
    const realmId = callbackParams.realmId;
    if (!realmId) throw new AccountingError({ kind: 'auth', message: 'QuickBooks did not say which company was connected. Connect again and pick a company.' });
    const base = endpoints.apiBaseUrl.replace(/\/$/, '');
    const res = await fetchImpl(`${base}/v3/company/${encodeURIComponent(realmId)}/companyinfo/${encodeURIComponent(realmId)}?minorversion=${QBO_MINOR_VERSION}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    const info = res.ok ? ((await res.json()) as { CompanyInfo?: { CompanyName?: string } }).CompanyInfo : undefined;
    return { remoteId: realmId, remoteName: info?.CompanyName ?? `QuickBooks company ${realmId}` };
  },
  createPort: createQboPort,
};
