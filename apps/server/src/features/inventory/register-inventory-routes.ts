/** The routes of inventory (issue 17, decision 0034): upload of the Amazon Inventory Ledger summary, summary, locations, reconciliation. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerInventoryRoutes } from './inventory-routes';
import { registerInventoryUploadRoute } from './inventory-upload-route';

export function registerInventoryFeature(app: FastifyInstance, deps: Deps): void {
  registerInventoryRoutes(app, deps);
  registerInventoryUploadRoute(app, deps);
}
