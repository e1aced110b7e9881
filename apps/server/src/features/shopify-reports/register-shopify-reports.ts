/** The Shopify reports (issue 18): Finance Report with its drill-down, Gift Card Report, order report and order detail. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { registerFinanceReportRoutes } from './finance-report-routes';
import { registerGiftCardReportRoutes } from './gift-card-report-routes';
import { registerOrderReportRoutes } from './order-report-routes';

export function registerShopifyReports(app: FastifyInstance, deps: Deps): void {
  registerFinanceReportRoutes(app, deps);
  registerGiftCardReportRoutes(app, deps);
  registerOrderReportRoutes(app, deps);
}
