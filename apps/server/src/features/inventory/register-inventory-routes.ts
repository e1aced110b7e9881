/** The routes of inventory (issue 17, decisions 0034 and 0050): upload or SP-API fetch of the Amazon Inventory Ledger summary, summary, locations, reconciliation. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerInventoryFetchRoutes } from './inventory-fetch-routes';
import { registerInventoryRoutes } from './inventory-routes';
import { registerInventoryUploadRoute } from './inventory-upload-route';

export function registerInventoryFeature(app: FastifyInstance, deps: Deps): void {
  registerInventoryRoutes(app, deps);
  registerInventoryUploadRoute(app, deps);
  registerInventoryFetchRoutes(app, deps);
}
