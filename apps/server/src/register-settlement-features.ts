/** The routes of issue 5: settlements, their actions and export, uploads, mappings, the built-in ledger, the postings and reconciliation reports; and cost of goods sold (issue 17). */
import type { FastifyInstance } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import type { Deps } from './http/deps';
import { registerImportRoutes } from './features/imports/import-routes';
import { registerCogsRoutes } from './features/cogs/register-cogs-routes';
import { registerInventoryFeature } from './features/inventory/register-inventory-routes';
import { registerLedgerRoutes } from './features/ledger/ledger-routes';
import { registerBuiltInChartRoutes } from './features/ledger/built-in-chart-routes';
import { registerLedgerLockRoutes } from './features/ledger/ledger-lock-routes';
import { registerMappingRoutes } from './features/mappings/mapping-routes';
import { registerSendProgressRoute } from './features/posting/send-progress-route';
import { registerPostingRoutes } from './features/postings/posting-routes';
import { registerReconciliationRoutes } from './features/reconciliation/reconciliation-routes';
import { registerRedactionRoutes } from './features/redaction/redaction-routes';
import { registerSettlementActionRoutes } from './features/settlements/settlement-action-routes';
import { registerBulkReprocessRoutes } from './features/settlements/bulk-reprocess-routes';
import { registerSettlementExportRoute } from './features/settlements/settlement-export-route';
import { registerSettlementRoutes } from './features/settlements/settlement-routes';

export function registerSettlementFeatures(app: FastifyInstance, deps: Deps): void {
  registerSettlementRoutes(app, deps);
  registerSettlementExportRoute(app, deps);
  registerBulkReprocessRoutes(app, deps);
  registerMappingRoutes(app, deps);
  registerLedgerRoutes(app, deps);
  registerBuiltInChartRoutes(app, deps);
  registerLedgerLockRoutes(app, deps);
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
