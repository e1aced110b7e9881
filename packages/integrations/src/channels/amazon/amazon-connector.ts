/**
 * Amazon Seller Central through SP-API. Connect: the seller consents in Seller Central (website
 * authorization workflow), which redirects back with spapi_oauth_code and selling_partner_id; the code
 * is exchanged at LWA for a refresh token. Fetch: settlement reports (closed settlements) plus the
 * Finances API's Open event groups (the settlement still running).
 */
import type { ParseResult } from '@ledgerport/core/settlements';
import { mergeResults, type ChannelConnector } from '../channel-connector';
import { ChannelAuthError, ReportNotReadyError } from '../shared/channel-errors';
import { requestToken } from '../shared/oauth-token';
import { fetchOpenGroup, listEventGroups } from './amazon-finances';
import { AMAZON } from './amazon-policy';
import { REPORT_RETENTION_MS, downloadReport, fetchSettlementReports, listSettlementReports } from './amazon-reports';

export const amazonConnector: ChannelConnector = {
  channel: 'AMAZON',
  connectKind: 'oauth',
  keyFields: [],
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
    return {
      credentials: { tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt }, params: { sellingPartnerId: sellerId } },
      remoteId: sellerId,
      storeName: `Amazon seller ${sellerId}`,
    };
  },
  fetchSettlements: async (s, range) => {
    const reports = await fetchSettlementReports(s, range);
    const opens: ParseResult[] = [];
    for (const group of await listEventGroups(s, range))
      if (group.ProcessingStatus === 'Open' && group.FinancialEventGroupId) opens.push(await fetchOpenGroup(s, group));
    return {
      result: mergeResults([reports.result, ...opens]),
      notReady: reports.notReady.map((r) => ({ id: r.reportId, createdAt: Date.parse(r.createdTime) })),
    };
  },
  fetchSettlement: async (s, settlementId) => {
    if (settlementId.startsWith('open:')) {
      const groupId = settlementId.slice('open:'.length);
      const groups = await listEventGroups(s, { from: s.now() - 180 * 24 * 3600 * 1000, to: s.now() });
      const group = groups.find((g) => g.FinancialEventGroupId === groupId);
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
    return mergeResults([]);
  },
};
