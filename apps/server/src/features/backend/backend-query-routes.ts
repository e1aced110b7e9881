/**
 * The backend's read-only query consoles (issue 19, decision 0045): the QBO playground and NetSuite's
 * SuiteQL console and record views, over the account's own connection (its stored, refreshed tokens
 * and shared limiter). Core's checkQboQuery/checkSuiteQlQuery let only one SELECT through; each
 * query is written to the account's audit log, with the staff member's name, before it is sent, so
 * a query that fails or times out is on record too.
 */
import type { FastifyInstance } from 'fastify';
import {
  errorMessages,
  getBackendNetSuiteRecord,
  listBackendNetSuiteRecords,
  runBackendQboQuery,
  runBackendSuiteQl,
  type SuiteQlPage,
} from '@ledgerport/contract';
import { checkQboQuery, checkSuiteQlQuery } from '@ledgerport/core/queries';
import { AccountingError, type AccountingPort } from '@ledgerport/core/posting';
import { isNetSuitePort, isQboPort, type NetSuitePort, type QboPort, type SuiteQlAnswer } from '@ledgerport/integrations/accounting';
import { recordStaffAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { findAccountingConnection } from '../accounting-connections/accounting-connection-store';
import { buildAccountingPort } from '../accounting-connections/resolve-accounting-connection-port';

const SYSTEM_NAMES: Record<string, string> = { QBO: 'QuickBooks Online', NETSUITE: 'NetSuite', XERO: 'Xero', SAGE: 'Sage', MANUAL: 'the built-in ledger' };

/** The account's port when it is connected to `system`; 404 for an unknown account, 409 otherwise. */
async function portOf<P extends AccountingPort>(deps: Deps, accountKey: string, system: 'QBO' | 'NETSUITE', isPort: (p: AccountingPort) => p is P): Promise<{ port: P; remoteId: string }> {
  const account = await deps.db.selectFrom('accounts').select(['account_name', 'accounting_system']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  const connection = await findAccountingConnection(deps.db, accountKey);
  const wanted = SYSTEM_NAMES[system]!;
  if (!connection || connection.system !== system) {
    const currentSystem = connection && connection.status !== 'DISCONNECTED' ? connection.system : account.accounting_system;
    const current = currentSystem && currentSystem !== 'NONE' ? (SYSTEM_NAMES[currentSystem] ?? currentSystem) : null;
    throw new AppError('accounting.not-connected', `${account.account_name} is not connected to ${wanted}${current ? ` (its accounting system is ${current})` : ''}, so there is nothing to query.`, { accountKey, system });
  }
  const port = await buildAccountingPort(deps, accountKey);
  if (!port || !isPort(port) || !connection.remote_id) {
    throw new AppError('accounting.not-connected', `${account.account_name}'s connection to ${wanted} is disconnected: the merchant has to connect it again from the admin page before it can be queried.`, { accountKey, system });
  }
  return { port, remoteId: connection.remote_id };
}

/** A vendor's refusal as the console shows it: its own words, with the status that fits. */
function toAppError(error: unknown, systemName: string): unknown {
  if (!(error instanceof AccountingError)) return error;
  const { kind, message, detail } = error.failure;
  if (kind === 'auth') return new AppError('accounting.not-connected', message, { detail: detail ?? null });
  if (kind === 'validation') return new AppError('backend.query-failed', `${systemName} could not run the query. ${message}`, { detail: detail ?? null });
  if (kind === 'not-found') return new AppError('not-found', message, { detail: detail ?? null });
  return new AppError('accounting.unavailable', message, { detail: detail ?? null });
}

async function call<T>(systemName: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAppError(error, systemName);
  }
}

const withoutLinks = (items: Record<string, unknown>[]) => items.map(({ links: _links, ...rest }) => rest);
const toPage = (query: string, accountId: string, limit: number, answer: SuiteQlAnswer): SuiteQlPage => ({
  query,
  accountId,
  items: withoutLinks(answer.items),
  limit,
  offset: answer.offset,
  hasMore: answer.hasMore,
  totalResults: answer.totalResults,
});

export function registerBackendQueryRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  const audit = async (staffUserId: string, accountKey: string, action: string, entityId: string, after: Record<string, unknown>) => {
    await recordStaffAudit(db, { actorUserId: staffUserId, accountKey, action, entityType: 'accounting-system', entityId, after, at: clock() });
  };

  addRoute(app, deps, runBackendQboQuery, async ({ caller, params, body }) => {
    const checked = checkQboQuery(body.query);
    if (!checked.isAccepted) throw new AppError('backend.query-refused', checked.message, { query: body.query });
    const { port, remoteId } = await portOf<QboPort>(deps, params.accountKey, 'QBO', isQboPort);
    await audit(caller.userId, params.accountKey, 'backend.qbo-queried', remoteId, { query: checked.query });
    const raw = await call('QuickBooks Online', () => port.runQuery(checked.query));
    const response = (raw.QueryResponse ?? {}) as Record<string, unknown>;
    const entityKey = Object.keys(response).find((k) => k.toLowerCase() === checked.entity.toLowerCase());
    const rows = entityKey && Array.isArray(response[entityKey]) ? (response[entityKey] as Record<string, unknown>[]) : [];
    const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
    return { query: checked.query, entity: entityKey ?? checked.entity, realmId: remoteId, rows, startPosition: int(response.startPosition), maxResults: int(response.maxResults), totalCount: int(response.totalCount), raw };
  });

  addRoute(app, deps, runBackendSuiteQl, async ({ caller, params, body }) => {
    const checked = checkSuiteQlQuery(body.query);
    if (!checked.isAccepted) throw new AppError('backend.query-refused', checked.message, { query: body.query });
    const { port, remoteId } = await portOf<NetSuitePort>(deps, params.accountKey, 'NETSUITE', isNetSuitePort);
    await audit(caller.userId, params.accountKey, 'backend.netsuite-queried', remoteId, { query: checked.query, limit: body.limit, offset: body.offset });
    const answer = await call('NetSuite', () => port.suiteQlPage(checked.query, body.limit, body.offset));
    return toPage(checked.query, remoteId, body.limit, answer);
  });

  addRoute(app, deps, listBackendNetSuiteRecords, async ({ caller, params, query }) => {
    // The record type passed the contract's identifier rule: it cannot carry SQL of its own.
    const q = `SELECT * FROM ${params.recordType.toLowerCase()} ORDER BY id`;
    const { port, remoteId } = await portOf<NetSuitePort>(deps, params.accountKey, 'NETSUITE', isNetSuitePort);
    await audit(caller.userId, params.accountKey, 'backend.netsuite-queried', remoteId, { query: q, limit: query.limit, offset: query.offset });
    const answer = await call('NetSuite', () => port.suiteQlPage(q, query.limit, query.offset));
    return toPage(q, remoteId, query.limit, answer);
  });

  addRoute(app, deps, getBackendNetSuiteRecord, async ({ caller, params }) => {
    const recordType = params.recordType.toLowerCase();
    const { port, remoteId } = await portOf<NetSuitePort>(deps, params.accountKey, 'NETSUITE', isNetSuitePort);
    await audit(caller.userId, params.accountKey, 'backend.netsuite-record-read', remoteId, { recordType, id: params.id });
    const record = await call('NetSuite', () => port.getRecord(recordType, params.id));
    const { links: _links, ...fields } = record;
    return { recordType, id: params.id, record: fields };
  });
}
