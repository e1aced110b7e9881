/**
 * Sage Business Cloud Accounting: OAuth 2.0 (no PKCE; client secret in the body), 5-minute access
 * tokens, rotating refresh tokens; the business (X-Business) is the lead business of GET /businesses
 * unless the financial-settings page picks another.
 */
import { AccountingError } from '@ledgerport/core/posting';
import { LIMITS } from '../shared/connection-limiter';
import type { AccountingSystemDefinition } from '../shared/system-definition';
import { createSagePort } from './sage-port';

export const sageSystem: AccountingSystemDefinition = {
  system: 'SAGE',
  displayName: 'Sage',
  limits: LIMITS.SAGE,
  oauth: (e) => ({
    systemName: 'Sage',
    authorizeUrl: e.authorizeUrl,
    tokenUrl: e.tokenUrl,
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    scopes: ['full_access'],
    clientAuth: 'post',
    usesPkce: false,
    refreshTokenLifetimeMs: 31 * 24 * 3600_000,
  }),
  async identify({ endpoints, accessToken, fetchImpl = fetch }) {
    const res = await fetchImpl(`${endpoints.apiBaseUrl.replace(/\/$/, '')}/businesses`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const body = res.ok ? ((await res.json()) as { $items?: { id: string; name?: string; displayed_as?: string }[] } | { id: string; name?: string }[]) : [];
    const items = Array.isArray(body) ? body : (body.$items ?? []);
    const lead = items[0];
    if (!lead) throw new AccountingError({ kind: 'auth', message: 'Sage did not give access to any business. Connect again with a user of the business.', detail: `GET businesses: HTTP ${res.status}` });
    return { remoteId: lead.id, remoteName: lead.name ?? ('displayed_as' in lead ? String(lead.displayed_as) : 'Sage business') };
  },
  createPort: createSagePort,
};
