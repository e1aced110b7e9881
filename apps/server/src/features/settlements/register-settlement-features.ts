/** The routes of issue 5: settlements, their actions and export, uploads, mappings, the built-in ledger, the postings and reconciliation reports; and cost of goods sold (issue 17). */
import type { FastifyInstance } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import type { Deps } from '../../http/deps';
import { registerImportRoutes } from '../imports/import-routes';
import { registerCogsRoutes } from '../cogs/register-cogs-routes';
import { registerInventoryFeature } from '../inventory/register-inventory-routes';
import { registerLedgerRoutes } from '../ledger/ledger-routes';
import { registerMappingRoutes } from '../mappings/mapping-routes';
import { registerSendProgressRoute } from '../posting/send-progress-route';
import { registerPostingRoutes } from '../postings/posting-routes';
import { registerReconciliationRoutes } from '../reconciliation/reconciliation-routes';
import { registerRedactionRoutes } from '../redaction/redaction-routes';
import { registerSettlementActionRoutes } from './settlement-action-routes';
import { registerSettlementExportRoute } from './settlement-export-route';
import { registerSettlementRoutes } from './settlement-routes';

export function registerSettlementFeatures(app: FastifyInstance, deps: Deps): void {
  registerSettlementRoutes(app, deps);
  registerSettlementExportRoute(app, deps);
  registerMappingRoutes(app, deps);
  registerLedgerRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerSendProgressRoute(app, deps);
  registerPostingRoutes(app, deps);
  registerReconciliationRoutes(app, deps);
  registerCogsRoutes(app, deps);
  registerInventoryFeature(app, deps);
  // settlementSend, bulkActionSettlement and account_redaction are form encoded (spec section 7): parsed in their scope only.
  void app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    registerSettlementActionRoutes(scope, deps);
    registerRedactionRoutes(scope, deps);
  });
}
