/**
 * Settings > Connections and Settings > History. The list shows the account's accounting connection
 * (issue 6's row, or the account's accounting system when it has no row yet) and its sales channel,
 * each with the spec's badge. History requests are kept on the connection (settings.historyRequests)
 * and refused while the account's requestHistoryBlocked is set.
 */
import type { FastifyInstance } from 'fastify';
import { fetchChannelNow, listConnections, listHistoryRequests, requestHistory, type ConnectionBadge, type ConnectionView } from '@ledgerport/contract';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { recordStaffAudit } from '../../audit/record-audit';
import { assertAccountAccess } from '../accounts/account-access';
import { findAccountChannelConnection, settingsOf, type ConnectionRow } from './channel-connection-repository';
import { jobsOf } from './channel-jobs';
import { FETCH_CHANNEL_QUEUE } from './fetch-channel-settlements-job';
import { assertBillingAllows } from '../billing/check-billing';
import { queueHistoryRequest } from './queue-history-request';

export function badgeOf(status: ConnectionRow['status']): ConnectionBadge {
  if (status === 'CONNECTED') return 'Connected';
  if (status === 'ERROR') return 'Connection Error';
  if (status === 'PROBLEM') return 'Connection Problem';
  return 'Disconnected';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: ConnectionRow): ConnectionView {
  return { role: row.role, system: row.system, badge: badgeOf(row.status), storeName: row.remote_name, lastError: row.last_error, lastErrorAt: iso(row.last_error_at), lastSyncedAt: iso(row.last_synced_at) };
}

export function registerConnectionRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, listConnections, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const account = await db.selectFrom('accounts').select(['accounting_system', 'accounting_system_connected', 'accounting_system_organization_name', 'sales_channel']).where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('connections').selectAll().where('account_key', '=', query.accountKey).orderBy('role').execute();
    const connections = rows.map(view);
    if (!rows.some((r) => r.role === 'accounting') && account.accounting_system !== 'NONE')
      connections.unshift({ role: 'accounting', system: account.accounting_system, badge: account.accounting_system_connected ? 'Connected' : 'Disconnected', storeName: account.accounting_system_organization_name, lastError: null, lastErrorAt: null, lastSyncedAt: null });
    if (!rows.some((r) => r.role !== 'accounting'))
      connections.push({ role: account.sales_channel === 'PAYPAL' || account.sales_channel === 'AFTERPAY' ? 'sales-source' : 'sales-channel', system: account.sales_channel, badge: 'Disconnected', storeName: null, lastError: null, lastErrorAt: null, lastSyncedAt: null });
    return { connections };
  });

  addRoute(app, deps, fetchChannelNow, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const row = await findAccountChannelConnection(db, body.accountKey);
    if (!row?.credentials_sealed || row.status === 'DISCONNECTED') throw new AppError('channel.not-connected', 'Connect your sales channel first (Settings > Connections).');
    await assertBillingAllows(deps, body.accountKey, { kind: 'fetch', isScheduled: false });
    await jobsOf(deps).send(FETCH_CHANNEL_QUEUE, { accountKey: body.accountKey, role: row.role, kind: 'scheduled' }, { singletonKey: `${body.accountKey}:${row.role}:scheduled` });
  });

  addRoute(app, deps, listHistoryRequests, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const account = await db.selectFrom('accounts').select(['request_history_blocked']).where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
    const row = await findAccountChannelConnection(db, query.accountKey);
    return { requestHistoryBlocked: account.request_history_blocked, requests: row ? [...(settingsOf(row).historyRequests ?? [])].reverse() : [] };
  });

  addRoute(app, deps, requestHistory, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const row = await findAccountChannelConnection(db, body.accountKey);
    const request = await queueHistoryRequest(deps, body.accountKey, row, body.fromDate, body.toDate);
    // Support asks through the account's own call (Backend > fetch-history): their write is audited by name.
    if (caller.isAdmin && row)
      await recordStaffAudit(db, { actorUserId: caller.userId, accountKey: body.accountKey, action: 'backend.history-requested', entityType: 'connection', entityId: row.connection_id, after: { requestId: request.requestId, fromDate: body.fromDate, toDate: body.toDate }, at: deps.clock() });
    return request;
  });
}
