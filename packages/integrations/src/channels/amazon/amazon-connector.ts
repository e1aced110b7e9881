/**
 * Amazon Seller Central through SP-API. Connect: the seller consents in Seller Central (website
 * authorization workflow), which redirects back with spapi_oauth_code and selling_partner_id; the code
 * is exchanged at LWA for a refresh token. The seller's marketplace picks the consent page and the
 * region's SP-API host (amazon-region.ts); the session's endpoints are already the connection's region. Fetch: settlement reports (closed settlements), the
 * Finances API's Open event groups (the settlement still running, named by the settlement id its
 * transactions carry, so its report completes it later) and, when the account asks for them, the
 * deferred transactions (amazon-deferred.ts).
 */
import { findAmazonMarketplace } from '@ledgerport/core/inventory';
import type { ParseResult } from '@ledgerport/core/settlements';
import { emptyResult, mergeResults, type ChannelConnector } from '../channel-connector';
import { ChannelAuthError, ReportNotReadyError } from '../shared/channel-errors';
import { requestToken } from '../shared/oauth-token';
import { DEFERRED_PREFIX, fetchDeferredMonth, fetchDeferredSettlements } from './amazon-deferred';
import { OPEN_PREFIX, fetchOpenGroup, listEventGroups, type FinancialEventGroup } from './amazon-finances';
import { AMAZON } from './amazon-policy';
import { amazonEndpointsFor } from './amazon-region';
import { REPORT_RETENTION_MS, downloadReport, fetchSettlementReports, listSettlementReports } from './amazon-reports';
import { findGroupSettlementId } from './amazon-transactions';

export const amazonConnector: ChannelConnector = {
  channel: 'AMAZON',
  connectKind: 'oauth',
  keyFields: [],
  endpointsFor: amazonEndpointsFor,
  authorizeUrl: (env, start) => {
    const url = new URL(env.endpoints.consent!);
    url.searchParams.set('application_id', env.endpoints.applicationId || env.app.clientId);
    url.searchParams.set('state', start.state);
    url.searchParams.set('redirect_uri', start.redirectUri);
    return url.toString();
  },
  finishConnect: async (env, finish) => {
    const code = finish.query.spapi_oauth_code;
    const sellerId = finish.query.selling_partner_id;
    if (!code || !sellerId) throw new ChannelAuthError(AMAZON, 'Amazon did not send back an authorization code and seller id.');
    const tokens = await requestToken(env.fetch, {
      channel: AMAZON,
      tokenUrl: env.endpoints.token!,
      clientId: env.app.clientId,
      clientSecret: env.app.clientSecret,
      clientAuth: 'body',
      params: { grant_type: 'authorization_code', code, redirect_uri: finish.redirectUri },
      now: env.now(),
    });
    const marketplace = finish.form.marketplaceId ? findAmazonMarketplace(finish.form.marketplaceId) : undefined;
    return {
      credentials: {
        tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt },
        params: { sellingPartnerId: sellerId, ...(marketplace ? { marketplaceId: marketplace.id } : {}) },
      },
      remoteId: sellerId,
      storeName: marketplace ? `Amazon seller ${sellerId} (${marketplace.name})` : `Amazon seller ${sellerId}`,
    };
  },
  fetchSettlements: async (s, range, options = {}) => {
    const reports = await fetchSettlementReports(s, range);
    const opens: ParseResult[] = [];
    const renamed: { from: string; to: string }[] = [];
    for (const group of await listEventGroups(s, range)) {
      const groupId = group.FinancialEventGroupId;
      if (!groupId) continue;
      if (group.ProcessingStatus === 'Open') opens.push(await fetchOpenGroup(s, group));
      else if (isClosedSince(group, range.from)) {
        // Closed since the last fetch: an open settlement stored under the provisional id gets its name.
        const settlementId = await findGroupSettlementId(s, groupId);
        if (settlementId) renamed.push({ from: `${OPEN_PREFIX}${groupId}`, to: settlementId });
      }
    }
    const deferred = options.isDeferredTransactionsEnabled ? await fetchDeferredSettlements(s, range) : emptyResult();
    return {
      result: mergeResults([reports.result, ...opens, deferred]),
      notReady: reports.notReady.map((r) => ({ id: r.reportId, createdAt: Date.parse(r.createdTime) })),
      renamed,
      deferredTransactionIds: deferred.settlements.map((x) => x.settlementId),
    };
  },
  fetchSettlement: async (s, settlementId) => {
    if (settlementId.startsWith(DEFERRED_PREFIX)) return fetchDeferredMonth(s, settlementId);
    const groups = () => listEventGroups(s, { from: s.now() - REPORT_RETENTION_MS, to: s.now() });
    if (settlementId.startsWith(OPEN_PREFIX)) {
      const group = (await groups()).find((g) => `${OPEN_PREFIX}${g.FinancialEventGroupId}` === settlementId);
      return group ? fetchOpenGroup(s, group) : mergeResults([]);
    }
    // Reports are not indexed by settlement id: read the retained ones until it turns up.
    const reports = await listSettlementReports(s, { from: s.now() - REPORT_RETENTION_MS, to: s.now() });
    for (const report of reports) {
      if (report.processingStatus === 'IN_QUEUE' || report.processingStatus === 'IN_PROGRESS')
        throw new ReportNotReadyError(AMAZON, report.reportId, `Amazon is still generating report ${report.reportId}; try again in a few minutes.`);
      if (report.processingStatus !== 'DONE') continue;
      const result = await downloadReport(s, report);
      if (result.settlements.some((x) => x.settlementId === settlementId) || result.invalidSettlementIds.includes(settlementId)) return result;
    }
    // Not in a report yet: the settlement of a group still open (its id named by its transactions).
    for (const group of await groups()) {
      if (group.ProcessingStatus !== 'Open' || !group.FinancialEventGroupId) continue;
      const open = await fetchOpenGroup(s, group);
      if (open.settlements.some((x) => x.settlementId === settlementId)) return open;
    }
    return mergeResults([]);
  },
};

/** A Closed group whose end falls after `since` (groups closed earlier were renamed by an earlier fetch). */
function isClosedSince(group: FinancialEventGroup, since: number): boolean {
  const end = Date.parse(group.FinancialEventGroupEnd ?? '');
  return group.ProcessingStatus === 'Closed' && (Number.isNaN(end) || end >= since);
}
