/**
 * Xero: OAuth 2.0 with PKCE, 30-minute access tokens and rotating refresh tokens (60 days unused);
 * the organisation is the first tenant of GET /connections.
 */
import { AccountingError } from '@ledgerport/core/posting';
import { LIMITS } from '../shared/connection-limiter';
import type { AccountingSystemDefinition } from '../shared/system-definition';
import { createXeroPort } from './xero-port';

export const XERO_SCOPES = ['offline_access', 'accounting.settings', 'accounting.contacts', 'accounting.transactions'];

export const xeroSystem: AccountingSystemDefinition = {
  system: 'XERO',
  displayName: 'Xero',
  limits: LIMITS.XERO,
  oauth: (e) => ({
    systemName: 'Xero',
    authorizeUrl: e.authorizeUrl,
    tokenUrl: e.tokenUrl,
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    scopes: XERO_SCOPES,
    clientAuth: 'basic',
    usesPkce: true,
    refreshTokenLifetimeMs: 60 * 24 * 3600_000,
  }),
  async identify({ endpoints, accessToken, fetchImpl = fetch }) {
    const url = endpoints.identityUrl ?? 'https://api.xero.com/connections';
    const res = await fetchImpl(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const tenants = res.ok ? ((await res.json()) as { tenantId?: string; tenantName?: string; tenantType?: string }[]) : [];
    const org = tenants.find((t) => t.tenantType === 'ORGANISATION' && t.tenantId) ?? tenants.find((t) => t.tenantId);
    if (!org?.tenantId) throw new AccountingError({ kind: 'auth', message: 'Xero did not give access to any organisation. Connect again and pick an organisation.', detail: `GET connections: HTTP ${res.status}` });
    return { remoteId: org.tenantId, remoteName: org.tenantName ?? 'Xero organisation' };
  },
  createPort: createXeroPort,
};
