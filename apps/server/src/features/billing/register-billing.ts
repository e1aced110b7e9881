import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerBackendPlanRoutes } from './backend-plan-routes';
import { registerBillingRoutes } from './billing-routes';
import { registerFirmBillingRoutes } from './firm-billing-routes';
import { registerStripeWebhookRoute } from './webhook-route';

/** Billing (issue 16, decision 0031): the account's calls, the Stripe webhook and the backend's plans. */
export function registerBilling(app: FastifyInstance, deps: Deps): void {
  registerBillingRoutes(app, deps);
  registerFirmBillingRoutes(app, deps);
  registerStripeWebhookRoute(app, deps);
  registerBackendPlanRoutes(app, deps);
}
