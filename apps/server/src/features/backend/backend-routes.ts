/** The support backend's cross-account lists (issue 19): admin-only, read-only. */
import type { FastifyInstance } from 'fastify';
import { listFetchHistoryStatus, listInconsistentSettlements } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { listHistoryRequestsAcrossAccounts, listInconsistentAcrossAccounts } from './backend-repository';

export function registerBackendRoutes(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, listInconsistentSettlements, async ({ query }) => ({ settlements: await listInconsistentAcrossAccounts(deps.db, query.limit) }));
  addRoute(app, deps, listFetchHistoryStatus, async ({ query }) => ({ requests: await listHistoryRequestsAcrossAccounts(deps.db, query.limit) }));
}
