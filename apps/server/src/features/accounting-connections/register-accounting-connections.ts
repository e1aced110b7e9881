import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerAccountingConnectRoutes } from './accounting-connect-routes';
import { registerAccountingSettingsRoutes } from './accounting-settings-routes';

export function registerAccountingConnections(app: FastifyInstance, deps: Deps): void {
  registerAccountingConnectRoutes(app, deps);
  registerAccountingSettingsRoutes(app, deps);
}
