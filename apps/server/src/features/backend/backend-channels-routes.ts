/**
 * The backend's per-account channel pages (issue 19, decision 0046), admin-only: PayPal transactions
 * as received and a refresh of the PayPal statements (the account's own history request, audited with
 * the staff member's name), Amazon's financial event groups and one group's events, read live from
 * the Finances API through the account's connection.
 */
import type { FastifyInstance } from 'fastify';
import {
  getAmazonFinancialEvents,
  getPayPalRawTransaction,
  getPayPalSettlementsRefresh,
  listAmazonFinanceSettlements,
  listPayPalRawTransactions,
  requestPayPalSettlementsRefresh,
} from '@ledgerport/contract';
import { ChannelApiError, ChannelAuthError, listEventGroups, listGroupEvents, summarizeEventLists } from '@ledgerport/integrations/channels';
import { recordStaffAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { stateOfConnectionRow } from '../accounts/connection-states';
import { settingsOf, type ConnectionRow } from '../channel-connections/channel-connection-repository';
import { openSession } from '../channel-connections/channel-runtime';
import { queueHistoryRequest } from '../channel-connections/queue-history-request';
import { findBackendConnection, findRawTransaction, listRawTransactions, withSettlements } from './backend-channels-repository';

const DAY_MS = 24 * 3600 * 1000;
/** The finance-API page's period when none is asked for: the last 90 days. */
const DEFAULT_DAYS = 90;
const PERIOD_DAYS_MAX = 366;

export function registerBackendChannelsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, listPayPalRawTransactions, async ({ params, query }) => {
    const { connection } = await findBackendConnection(db, params.accountKey, 'PAYPAL', clock());
    return { connection, ...(await listRawTransactions(db, params.accountKey, query)) };
  });

  addRoute(app, deps, getPayPalRawTransaction, async ({ params }) => {
    await findBackendConnection(db, params.accountKey, 'PAYPAL', clock());
    const found = await findRawTransaction(db, params.accountKey, params.transactionId);
    if (!found) throw new AppError('not-found', `No PayPal transaction ${params.transactionId} was received for ${params.accountKey}.`, { transactionId: params.transactionId });
    return found;
  });

  addRoute(app, deps, getPayPalSettlementsRefresh, async ({ params }) => {
    const { connection, row } = await findBackendConnection(db, params.accountKey, 'PAYPAL', clock());
    const account = await db.selectFrom('accounts').select('request_history_blocked').where('account_key', '=', params.accountKey).executeTakeFirstOrThrow();
    return { connection, requestHistoryBlocked: account.request_history_blocked, requests: [...(settingsOf(row).historyRequests ?? [])].reverse() };
  });

  addRoute(app, deps, requestPayPalSettlementsRefresh, async ({ caller, params, body }) => {
    const { row } = await findBackendConnection(db, params.accountKey, 'PAYPAL', clock());
    if (!stateOfConnectionRow(row, clock()).isUsable) throw new AppError('channel.not-connected', 'The PayPal connection of this account is disconnected: the seller must connect PayPal again before statements can be refreshed.');
    const request = await queueHistoryRequest(deps, params.accountKey, row, body.fromDate, body.toDate);
    await recordStaffAudit(db, {
      actorUserId: caller.userId,
      accountKey: params.accountKey,
      action: 'backend.paypal-refresh-requested',
      entityType: 'connection',
      entityId: row.connection_id,
      after: { requestId: request.requestId, fromDate: body.fromDate, toDate: body.toDate },
      at: clock(),
    });
    return request;
  });

  addRoute(app, deps, listAmazonFinanceSettlements, async ({ params, query }) => {
    const { connection, row } = await findBackendConnection(db, params.accountKey, 'AMAZON', clock());
    const today = clock().toISOString().slice(0, 10);
    const toDate = query.toDate ?? today;
    const fromDate = query.fromDate ?? new Date(Date.parse(`${toDate}T00:00:00Z`) - DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 10);
    const from = Date.parse(`${fromDate}T00:00:00Z`);
    const to = Date.parse(`${toDate}T00:00:00Z`) + DAY_MS;
    if (to <= from) throw new AppError('request.invalid', 'The toDate must be on or after the fromDate.', [{ path: 'toDate', message: 'before fromDate' }]);
    if ((to - from) / DAY_MS > PERIOD_DAYS_MAX) throw new AppError('request.invalid', `Ask for at most ${PERIOD_DAYS_MAX} days at a time.`, [{ path: 'toDate', message: 'range too long' }]);
    const groups = await callAmazon(row, (s) => listEventGroups(s, { from, to }));
    // listEventGroups also reads the month before the period (for the fetch's open groups): keep the period's.
    const inPeriod = groups.filter((g) => {
      const start = Date.parse(g.FinancialEventGroupStart ?? '');
      return start >= from && start < to;
    });
    return { connection, fromDate, toDate, groups: await withSettlements(db, params.accountKey, inPeriod) };
  });

  addRoute(app, deps, getAmazonFinancialEvents, async ({ params }) => {
    const { connection, row } = await findBackendConnection(db, params.accountKey, 'AMAZON', clock());
    const pages = await callAmazon(row, (s) => listGroupEvents(s, params.groupId));
    return { connection, groupId: params.groupId, lists: summarizeEventLists(pages) };
  });

  /** Amazon through the account's connection; what Amazon refuses becomes a sentence for support. */
  async function callAmazon<T>(row: ConnectionRow, call: (s: ReturnType<typeof openSession>) => Promise<T>): Promise<T> {
    if (!stateOfConnectionRow(row, clock()).isUsable) throw new AppError('channel.not-connected', 'The Amazon connection of this account is disconnected: the seller must connect Amazon again before its finance data can be read.');
    try {
      return await call(openSession(deps, db, row));
    } catch (error) {
      if (error instanceof ChannelAuthError) throw new AppError('channel.unavailable', `Amazon refused this account's authorization: ${error.message}`);
      if (error instanceof ChannelApiError) throw new AppError('channel.unavailable', `Amazon answered with an error: ${error.message}`);
      throw error;
    }
  }
}
