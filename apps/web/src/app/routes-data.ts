/** Settlement, mapping, report and inventory routes (spec section 2). */
import { page, special, type RedirectMeta, type RouteMeta } from './route-meta';

const toAdmin = { label: 'Open admin', to: '/admin' };

export const dataRoutes: RouteMeta[] = [
  special('settlements', 'Settlements', 'settlements', { isTitledByChannel: true }),
  special('settlement', 'Settlement', 'settlement-detail'),
  special('settlement-import', 'Load Settlement Files', 'settlement-import'),
  special('b2b-settlements', 'B2B Invoices', 'b2b-settlements'),
  special('deferred-revenue-settlements', 'Deferred Revenue Settlements', 'deferred-revenue-settlements'),
  special('deferred-transactions-settlements', 'Deferred Transactions', 'deferred-transactions-settlements'),
  special('export-settlement', 'Export Settlements', 'export-settlement'),
  special('export-cogs', 'Export Cost of Goods Sold', 'export-cogs'),
  special('overview-settlements', 'Account Overview', 'overview-settlements'),
  special('mapping', 'Account and Tax Rate Mappings', 'mapping'),
  special('ledger', 'Built-in Ledger', 'ledger'),
  page('mapping-opt', 'Mapping Options', { what: 'Options for how transaction types are mapped will appear here.', now: 'Connect your accounting system first.', action: toAdmin }),
  special('reports/export-data', 'Export Data', 'export-data'),
  special('shopify/financereport', 'Finance Report', 'shopify-finance-report'),
  special('shopify/giftcards', 'Gift Card Report', 'shopify-gift-cards'),
  special('shopify/order', 'Orders', 'shopify-orders'),
  special('shopify/order/:orderId', 'Order', 'shopify-order'),
  special('shopify/b2b-invoice-report', 'B2B Invoice Report', 'b2b-invoice-report'),
  special('reconciliation-reports', 'Reconciliation Report', 'reconciliation-reports'),
  special('reconciliation-reports/report', 'New Reconciliation Report', 'reconciliation-report-new'),
  special('reconciliation-reports/report/:reconciliationReportId', 'Reconciliation Report', 'reconciliation-report'),
  special('amazon/date-range-summary-report', 'Summary Report', 'amazon-summary-report'),
  special('shopify/reconnect', 'Reconnect Shopify', 'shopify-reconnect'),
  special('shopify/reconnect/store-mismatch', 'Store Mismatch', 'shopify-store-mismatch'),
  special('inventory', 'Monthly Inventory Summary', 'inventory-summary'),
  special('inventory-locations', 'Inventory Locations', 'inventory-locations'),
  special('cost-admin', 'Costs', 'cost-admin'),
  special('invoices', 'Postings', 'postings'),
  special('invoice', 'Posting', 'posting'),
  page('afterpay', 'Afterpay', { what: 'This demo page will show how Afterpay payouts are posted.', now: 'Connect an Afterpay account from the admin page.', action: toAdmin }),
];

/** The same pages listed in the spec with an /app prefix. */
export const dataRedirects: RedirectMeta[] = [];
