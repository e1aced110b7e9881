/** Settlement, mapping, report and inventory routes (spec section 2). */
import type { SettlementListKind } from '../features/settlements/settlement-filters';
import { lazyPage } from './lazy-page';
import { route, type RedirectMeta, type RouteMeta } from './route-meta';

const settlementsPage = lazyPage(() => import('../features/settlements/settlements-page').then((m) => m.SettlementsPage));

/** A settlement list: the one settlements page showing `kind`, whose first rows load with the session. */
const settlementList = (path: string, title: string, kind: SettlementListKind) =>
  route(path, title, settlementsPage.with({ kind }), { settlementList: kind });


export const dataRoutes: RouteMeta[] = [
  { ...settlementList('settlements', 'Settlements', 'standard'), isTitledByChannel: true },
  route('settlement', 'Settlement', lazyPage(() => import('../features/settlement-detail/settlement-detail-page').then((m) => m.SettlementDetailPage))),
  route('settlement-import', 'Load Settlement Files', lazyPage(() => import('../features/imports/settlement-import-page').then((m) => m.SettlementImportPage))),
  settlementList('b2b-settlements', 'B2B Invoices', 'b2b'),
  settlementList('deferred-revenue-settlements', 'Deferred Revenue Settlements', 'deferred-revenue'),
  settlementList('deferred-transactions-settlements', 'Deferred Transactions', 'deferred-transactions'),
  route('export-settlement', 'Export Settlements', lazyPage(() => import('../features/settlements/export-settlements-page').then((m) => m.ExportSettlementsPage))),
  route('export-cogs', 'Export Cost of Goods Sold', lazyPage(() => import('../features/cogs/export-cogs-page').then((m) => m.ExportCogsPage))),
  route('overview-settlements', 'Account Overview', lazyPage(() => import('../features/reports/account-overview-page').then((m) => m.AccountOverviewPage))),
  route('mapping', 'Account and Tax Rate Mappings', lazyPage(() => import('../features/mapping/mapping-page').then((m) => m.MappingPage))),
  route('ledger', 'Built-in Ledger', lazyPage(() => import('../features/ledger/ledger-page').then((m) => m.LedgerPage))),
  route('mapping-opt', 'Mapping Options', lazyPage(() => import('../features/mapping/mapping-opt-page').then((m) => m.MappingOptPage))),
  route('reports/export-data', 'Export Data', lazyPage(() => import('../features/reports/export-data-page').then((m) => m.ExportDataPage))),
  route('shopify/financereport', 'Finance Report', lazyPage(() => import('../features/shopify-reports/finance-report-page').then((m) => m.FinanceReportPage))),
  route('shopify/giftcards', 'Gift Card Report', lazyPage(() => import('../features/shopify-reports/gift-card-report-page').then((m) => m.GiftCardReportPage))),
  route('shopify/order', 'Orders', lazyPage(() => import('../features/shopify-reports/orders-page').then((m) => m.OrdersPage))),
  route('shopify/order/:orderId', 'Order', lazyPage(() => import('../features/shopify-reports/order-page').then((m) => m.OrderPage))),
  route('shopify/b2b-invoice-report', 'B2B Invoice Report', lazyPage(() => import('../features/shopify-order-modes/b2b-invoice-report-page').then((m) => m.B2bInvoiceReportPage))),
  route('reconciliation-reports', 'Reconciliation Report', lazyPage(() => import('../features/reconciliation/reconciliation-reports-page').then((m) => m.ReconciliationReportsPage))),
  route('reconciliation-reports/report', 'New Reconciliation Report', lazyPage(() => import('../features/reconciliation/new-reconciliation-page').then((m) => m.NewReconciliationPage))),
  route('reconciliation-reports/report/:reconciliationReportId', 'Reconciliation Report', lazyPage(() => import('../features/reconciliation/reconciliation-report-page').then((m) => m.ReconciliationReportPage))),
  route('amazon/date-range-summary-report', 'Summary Report', lazyPage(() => import('../features/reports/summary-report-page').then((m) => m.SummaryReportPage))),
  route('shopify/reconnect', 'Reconnect Shopify', lazyPage(() => import('../features/shopify-reports/reconnect-pages').then((m) => m.ShopifyReconnectPage))),
  route('shopify/reconnect/store-mismatch', 'Store Mismatch', lazyPage(() => import('../features/shopify-reports/reconnect-pages').then((m) => m.ShopifyStoreMismatchPage))),
  route('inventory', 'Monthly Inventory Summary', lazyPage(() => import('../features/inventory/inventory-summary-page').then((m) => m.InventorySummaryPage))),
  route('inventory-locations', 'Inventory Locations', lazyPage(() => import('../features/inventory/inventory-locations-page').then((m) => m.InventoryLocationsPage))),
  route('cost-admin', 'Costs', lazyPage(() => import('../features/cogs/cost-admin-page').then((m) => m.CostAdminPage))),
  route('invoices', 'Postings', lazyPage(() => import('../features/postings/postings-page').then((m) => m.PostingsPage))),
  route('invoice', 'Posting', lazyPage(() => import('../features/postings/posting-page').then((m) => m.PostingPage))),
  route('afterpay', 'Afterpay', lazyPage(() => import('../features/afterpay/afterpay-page').then((m) => m.AfterpayPage))),
];

/** The same pages listed in the spec with an /app prefix. */
export const dataRedirects: RedirectMeta[] = [];
