/** Settlement, mapping, report and inventory routes (spec section 2). */
import { page, special, type RedirectMeta, type RouteMeta } from './route-meta';

const connectFirst = 'Connect your sales channel and accounting system from the admin page; settlements appear once the channel sends them.';
const toAdmin = { label: 'Open admin', to: '/admin' };

export const dataRoutes: RouteMeta[] = [
  special('settlements', 'Settlements', 'settlements'),
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
  page('reports/export-data', 'Export Data', { what: 'Exporting your settlement data for a date range (up to 92 days) will happen here.', now: connectFirst, action: toAdmin }),
  page('shopify/financereport', 'Finance Report', { what: 'The Shopify finance report for a date range will appear here.', now: connectFirst, action: toAdmin }),
  page('shopify/giftcards', 'Gift Card Report', { what: 'Shopify gift card sales and redemptions will be listed here.', now: connectFirst, action: toAdmin }),
  page('shopify/order', 'Orders', { what: 'Shopify orders and the settlements that paid them will be listed here.', now: connectFirst, action: toAdmin }),
  page('shopify/order/:orderId', 'Order', { what: 'One Shopify order and the settlement lines that paid it will appear here.', now: 'Open an order from the orders list.', action: { label: 'Open orders', to: '/shopify/order' } }),
  page('shopify/b2b-invoice-report', 'B2B Invoice Report', { what: 'The single-order invoice report will appear here.', now: connectFirst, action: toAdmin }),
  special('reconciliation-reports', 'Reconciliation Report', 'reconciliation-reports'),
  special('reconciliation-reports/report', 'New Reconciliation Report', 'reconciliation-report-new'),
  special('reconciliation-reports/report/:reconciliationReportId', 'Reconciliation Report', 'reconciliation-report'),
  special('amazon/date-range-summary-report', 'Summary Report', 'amazon-summary-report'),
  page('shopify/reconnect', 'Reconnect Shopify', { what: 'Reconnecting your Shopify store will happen here.', now: 'Your store connection is shown on the admin page.', action: toAdmin }),
  page('shopify/reconnect/store-mismatch', 'Store Mismatch', { what: 'This page explains what to do when the Shopify store you signed in to is not the one connected to this account.', now: 'Go back to the admin page to see which store is connected.', action: toAdmin }),
  page('inventory', 'Monthly Inventory Summary', { what: 'Your Amazon inventory, month by month, will appear here.', now: connectFirst, action: toAdmin }),
  page('inventory-locations', 'Inventory Locations', { what: 'Your Amazon inventory locations will be listed here.', now: connectFirst, action: toAdmin }),
  special('cost-admin', 'Costs', 'cost-admin'),
  special('invoices', 'Postings', 'postings'),
  special('invoice', 'Posting', 'posting'),
  page('afterpay', 'Afterpay', { what: 'This demo page will show how Afterpay payouts are posted.', now: 'Connect an Afterpay account from the admin page.', action: toAdmin }),
];

/** The same pages listed in the spec with an /app prefix. */
export const dataRedirects: RedirectMeta[] = [];
