import type { FastifyInstance } from 'fastify';
import { getTrackingSettings, listWhatsNew } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { whatsNewEntries } from './whats-new-entries';

export function registerWhatsNewRoutes(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, listWhatsNew, () => [...whatsNewEntries].sort((a, b) => b.date.localeCompare(a.date)));
  // The settings lookup of conversion tracking: off unless the operator set an id.
  addRoute(app, deps, getTrackingSettings, () => ({ isConversionTrackingEnabled: deps.config.conversionTrackingId !== undefined, conversionTrackingId: deps.config.conversionTrackingId ?? null }));
}
