/**
 * Settings > Connections and Settings > History. The list shows the account's accounting connection
 * (issue 6's row, or the account's accounting system when it has no row yet) and its sales channel,
 * each with the spec's badge. History requests are kept on the connection (settings.historyRequests)
 * and refused while the account's requestHistoryBlocked is set.
 */
import type { FastifyInstance } from 'fastify';
import { fetchChannelNow, getHistoryRequest, listConnections, listHistoryRequests, requestHistory, type ConnectionView } from '@ledgerport/contract';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { recordStaffAudit } from '../../audit/record-audit';
import { assertAccountAccess } from '../accounts/account-access';
import { findAccountChannelConnection, roleOfChannel, settingsOf, type ConnectionRow } from './channel-connection-repository';
import { accountingStateOfRow, stateOfConnectionRow } from '../accounts/connection-states';
import { jobsOf } from './channel-jobs';
import { FETCH_CHANNEL_QUEUE } from './fetch-channel-settlements-job';
import { assertBillingAllows } from '../billing/check-billing';
import { queueHistoryRequest } from './queue-history-request';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row as Settings > Connections shows it: badge and state from the one derivation (decision 0056). */
function view(row: ConnectionRow, now: Date): ConnectionView {
  const state = stateOfConnectionRow(row, now);
  return { role: row.role, system: row.system, badge: state.badge, state: state.state, isSandbox: state.isSandbox, storeName: row.remote_name, lastError: row.last_error, lastErrorAt: iso(row.last_error_at), lastSyncedAt: iso(row.last_synced_at) };
}

export function registerConnectionRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  addRoute(app, deps, listConnections, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const now = deps.clock();
    const account = await db.selectFrom('accounts').select(['accounting_system', 'accounting_system_organization_name', 'sales_channel']).where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('connections').selectAll().where('account_key', '=', query.accountKey).orderBy('role').execute();
    const connections = rows.map((r) => view(r, now));
    if (!rows.some((r) => r.role === 'accounting') && account.accounting_system !== 'NONE') {
      // No row: the built-in ledger (always connected) or a system never connected.
      const state = accountingStateOfRow(account.accounting_system, undefined, now);
      connections.unshift({ role: 'accounting', system: account.accounting_system, badge: state.badge, state: state.state, isSandbox: false, storeName: state.isUsable ? account.accounting_system_organization_name : null, lastError: null, lastErrorAt: null, lastSyncedAt: null });
    }
    if (!rows.some((r) => r.role !== 'accounting'))
      connections.push({ role: roleOfChannel(account.sales_channel), system: account.sales_channel, badge: 'Disconnected', state: 'none', isSandbox: false, storeName: null, lastError: null, lastErrorAt: null, lastSyncedAt: null });
    return { connections };
  });

  addRoute(app, deps, fetchChannelNow, async ({ caller, body }) => {
    await assertAccountAccess(db, caller, body.accountKey);
    const row = await findAccountChannelConnection(db, body.accountKey);
    if (!row || !stateOfConnectionRow(row, deps.clock()).isUsable) throw new AppError('channel.not-connected', 'Connect your sales channel first (Settings > Connections).');
    await assertBillingAllows(deps, body.accountKey, { kind: 'fetch', isScheduled: false });
    await jobsOf(deps).send(FETCH_CHANNEL_QUEUE, { accountKey: body.accountKey, role: row.role, kind: 'scheduled' }, { singletonKey: `${body.accountKey}:${row.role}:scheduled` });
  });

  addRoute(app, deps, listHistoryRequests, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const account = await db.selectFrom('accounts').select(['request_history_blocked']).where('account_key', '=', query.accountKey).executeTakeFirstOrThrow();
    const row = await findAccountChannelConnection(db, query.accountKey);
    return { requestHistoryBlocked: account.request_history_blocked, requests: row ? [...(settingsOf(row).historyRequests ?? [])].reverse() : [] };
  });

  addRoute(app, deps, getHistoryRequest, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    const row = await findAccountChannelConnection(db, query.accountKey);
    const found = row ? (settingsOf(row).historyRequests ?? []).find((r) => r.requestId === query.requestId) : undefined;
    if (!found) throw new AppError('channel.history-request-not-found', `This account has no history request ${query.requestId}.`, { accountKey: query.accountKey, requestId: query.requestId });
    return found;
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
