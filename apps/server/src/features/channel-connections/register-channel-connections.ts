import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerConnectRoutes } from './connect-routes';
import { registerConnectionRoutes } from './connection-routes';

export function registerChannelConnections(app: FastifyInstance, deps: Deps): void {
  registerConnectRoutes(app, deps);
  registerConnectionRoutes(app, deps);
}
