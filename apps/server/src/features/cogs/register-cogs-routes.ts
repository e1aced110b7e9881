/** The routes of cost of goods sold (issue 17): settings, catalog and costs, cost sheets, a settlement's COGS, the export. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerBundleLotRoutes } from './bundle-lot-routes';
import { registerCatalogRoutes } from './catalog-routes';
import { registerCogsExportRoute } from './cogs-export-route';
import { registerCogsSettingsRoutes } from './cogs-settings-routes';
import { registerCostSheetRoutes } from './cost-sheet-routes';

export function registerCogsRoutes(app: FastifyInstance, deps: Deps): void {
  registerCogsSettingsRoutes(app, deps);
  registerCatalogRoutes(app, deps);
  registerBundleLotRoutes(app, deps);
  registerCostSheetRoutes(app, deps);
  registerCogsExportRoute(app, deps);
}
