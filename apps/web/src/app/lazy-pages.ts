/**
 * Every feature page as a lazily loaded component (decision 0026): a page's code, and the libraries
 * only it uses, load when its route first renders, so the entry holds only the shell (providers,
 * frame, nav bar, route table). `preloadPage` starts a page's download early: the router calls it
 * for the address the app opens at, so the page's chunk loads while the session does.
 */
import { lazyComponent as lazyPage } from '../ui/lazy-component';
import type { PageKind } from './route-meta';

export const Pages = {
  admin: lazyPage(() => import('../features/admin/admin-page').then((m) => m.AdminPage)),
  login: lazyPage(() => import('../features/login/login-page').then((m) => m.LoginPage)),
  logout: lazyPage(() => import('../features/logout/logout-page').then((m) => m.LogoutPage)),
  notFound: lazyPage(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage)),
  switch: lazyPage(() => import('../features/switch/switch-page').then((m) => m.SwitchPage)),
  newAccountForm: lazyPage(() => import('../features/switch/new-account-form').then((m) => m.NewAccountForm)),
  partnerDashboard: lazyPage(() =>
    import('../features/partner/partner-dashboard-page').then((m) => m.PartnerDashboardPage),
  ),
  partner: lazyPage(() => import('../features/partner/partner-page').then((m) => m.PartnerPage)),
  clarityHome: lazyPage(() => import('../features/clarity/clarity-home-page').then((m) => m.ClarityHomePage)),
  clarityCustom: lazyPage(() =>
    import('../features/clarity/clarity-custom-page').then((m) => m.ClarityCustomPage),
  ),
  clarityDirectory: lazyPage(() =>
    import('../features/clarity/clarity-documents-page').then((m) => m.ClarityDirectoryPage),
  ),
  clarityFirm: lazyPage(() =>
    import('../features/clarity/clarity-documents-page').then((m) => m.ClarityFirmPage),
  ),
  organizationDashboard: lazyPage(() =>
    import('../features/organization/organization-dashboard-page').then((m) => m.OrganizationDashboardPage),
  ),
  whatsNew: lazyPage(() => import('../features/whats-new/whats-new-page').then((m) => m.WhatsNewPage)),
  profileSettings: lazyPage(() =>
    import('../features/user-profile/profile-settings-page').then((m) => m.ProfileSettingsPage),
  ),
  signUp: lazyPage(() => import('../features/sign-up/sign-up-page').then((m) => m.SignUpPage)),
  forgotPassword: lazyPage(() =>
    import('../features/sign-up/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  userManagement: lazyPage(() =>
    import('../features/sign-up/user-management-page').then((m) => m.UserManagementPage),
  ),
  settlements: lazyPage(() =>
    import('../features/settlements/settlements-page').then((m) => m.SettlementsPage),
  ),
  settlementDetail: lazyPage(() =>
    import('../features/settlement-detail/settlement-detail-page').then((m) => m.SettlementDetailPage),
  ),
  settlementImport: lazyPage(() =>
    import('../features/imports/settlement-import-page').then((m) => m.SettlementImportPage),
  ),
  exportSettlements: lazyPage(() =>
    import('../features/settlements/export-settlements-page').then((m) => m.ExportSettlementsPage),
  ),
  mapping: lazyPage(() => import('../features/mapping/mapping-page').then((m) => m.MappingPage)),
  ledger: lazyPage(() => import('../features/ledger/ledger-page').then((m) => m.LedgerPage)),
  postings: lazyPage(() => import('../features/postings/postings-page').then((m) => m.PostingsPage)),
  posting: lazyPage(() => import('../features/postings/posting-page').then((m) => m.PostingPage)),
  channelConnect: lazyPage(() =>
    import('../features/channel-connect/channel-connect-page').then((m) => m.ChannelConnectPage),
  ),
  salesSource: lazyPage(() =>
    import('../features/channel-connect/channel-connect-page').then((m) => m.SalesSourcePage),
  ),
  accountingConnect: lazyPage(() =>
    import('../features/accounting-connect/accounting-connect-page').then((m) => m.AccountingConnectPage),
  ),
  connectionsSettings: lazyPage(() =>
    import('../features/account-settings/connections-settings-page').then((m) => m.ConnectionsSettingsPage),
  ),
  historySettings: lazyPage(() =>
    import('../features/account-settings/history-settings-page').then((m) => m.HistorySettingsPage),
  ),
  usersSettings: lazyPage(() =>
    import('../features/account-users/users-settings-page').then((m) => m.UsersSettingsPage),
  ),
  accountSettings: lazyPage(() =>
    import('../features/account-settings/account-settings-page').then((m) => m.AccountSettingsPage),
  ),
  salesGrouping: lazyPage(() =>
    import('../features/account-settings/sales-grouping-page').then((m) => m.SalesGroupingPage),
  ),
  productTypes: lazyPage(() =>
    import('../features/account-settings/product-types-page').then((m) => m.ProductTypesPage),
  ),
  amazonDeferredTransactions: lazyPage(() =>
    import('../features/account-settings/amazon-deferred-transactions-page').then(
      (m) => m.AmazonDeferredTransactionsPage,
    ),
  ),
  betaFeatures: lazyPage(() =>
    import('../features/account-settings/beta-features-page').then((m) => m.BetaFeaturesPage),
  ),
  automation: lazyPage(() =>
    import('../features/account-settings/automation-page').then((m) => m.AutomationPage),
  ),
  shopifyB2b: lazyPage(() =>
    import('../features/shopify-order-modes/shopify-b2b-page').then((m) => m.ShopifyB2bPage),
  ),
  shopifyDeferredRevenue: lazyPage(() =>
    import('../features/shopify-order-modes/shopify-deferred-revenue-page').then(
      (m) => m.ShopifyDeferredRevenuePage,
    ),
  ),
  b2bInvoiceReport: lazyPage(() =>
    import('../features/shopify-order-modes/b2b-invoice-report-page').then((m) => m.B2bInvoiceReportPage),
  ),
  cogsSettings: lazyPage(() => import('../features/cogs/cogs-settings-page').then((m) => m.CogsSettingsPage)),
  costAdmin: lazyPage(() => import('../features/cogs/cost-admin-page').then((m) => m.CostAdminPage)),
  exportCogs: lazyPage(() => import('../features/cogs/export-cogs-page').then((m) => m.ExportCogsPage)),
  summaryReport: lazyPage(() =>
    import('../features/reports/summary-report-page').then((m) => m.SummaryReportPage),
  ),
  shopifyFinanceReport: lazyPage(() =>
    import('../features/shopify-reports/finance-report-page').then((m) => m.FinanceReportPage),
  ),
  shopifyGiftCards: lazyPage(() =>
    import('../features/shopify-reports/gift-card-report-page').then((m) => m.GiftCardReportPage),
  ),
  shopifyOrders: lazyPage(() => import('../features/shopify-reports/orders-page').then((m) => m.OrdersPage)),
  shopifyOrder: lazyPage(() => import('../features/shopify-reports/order-page').then((m) => m.OrderPage)),
  shopifyReconnect: lazyPage(() =>
    import('../features/shopify-reports/reconnect-pages').then((m) => m.ShopifyReconnectPage),
  ),
  shopifyStoreMismatch: lazyPage(() =>
    import('../features/shopify-reports/reconnect-pages').then((m) => m.ShopifyStoreMismatchPage),
  ),
  accountOverview: lazyPage(() =>
    import('../features/reports/account-overview-page').then((m) => m.AccountOverviewPage),
  ),
  exportData: lazyPage(() => import('../features/reports/export-data-page').then((m) => m.ExportDataPage)),
  questionnaireSupport: lazyPage(() =>
    import('../features/onboarding-questionnaire/questionnaire-support-page').then(
      (m) => m.QuestionnaireSupportPage,
    ),
  ),
  notifications: lazyPage(() =>
    import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
  ),
  notificationSettings: lazyPage(() =>
    import('../features/notifications/notification-settings-page').then((m) => m.NotificationSettingsPage),
  ),
  reconciliationReports: lazyPage(() =>
    import('../features/reconciliation/reconciliation-reports-page').then((m) => m.ReconciliationReportsPage),
  ),
  newReconciliation: lazyPage(() =>
    import('../features/reconciliation/new-reconciliation-page').then((m) => m.NewReconciliationPage),
  ),
  reconciliationReport: lazyPage(() =>
    import('../features/reconciliation/reconciliation-report-page').then((m) => m.ReconciliationReportPage),
  ),
  inventorySummary: lazyPage(() =>
    import('../features/inventory/inventory-summary-page').then((m) => m.InventorySummaryPage),
  ),
  inventoryLocations: lazyPage(() =>
    import('../features/inventory/inventory-locations-page').then((m) => m.InventoryLocationsPage),
  ),
  backendHome: lazyPage(() => import('../features/backend/backend-home-page').then((m) => m.BackendHomePage)),
  backendInconsistentSettlements: lazyPage(() =>
    import('../features/backend/inconsistent-settlements-page').then((m) => m.InconsistentSettlementsPage),
  ),
  backendAccounts: lazyPage(() =>
    import('../features/backend/backend-accounts-page').then((m) => m.BackendAccountsPage),
  ),
  backendFetchHistory: lazyPage(() =>
    import('../features/backend/fetch-history-page').then((m) => m.FetchHistoryPage),
  ),
  backendFetchHistoryStatus: lazyPage(() =>
    import('../features/backend/fetch-history-status-page').then((m) => m.FetchHistoryStatusPage),
  ),
  billing: lazyPage(() => import('../features/billing/billing-page').then((m) => m.BillingPage)),
  checkout: lazyPage(() => import('../features/billing/checkout-page').then((m) => m.CheckoutPage)),
  checkoutSummary: lazyPage(() =>
    import('../features/billing/checkout-summary-card').then((m) => m.CheckoutSummaryCard),
  ),
  checkoutComplete: lazyPage(() =>
    import('../features/billing/checkout-complete-page').then((m) => m.CheckoutCompletePage),
  ),
  subscriptions: lazyPage(() =>
    import('../features/billing/subscriptions-page').then((m) => m.SubscriptionsPage),
  ),
  backendPlans: lazyPage(() =>
    import('../features/billing/backend-plans-page').then((m) => m.BackendPlansPage),
  ),
};

/** The page each page kind renders, for preloading; kinds without one ('empty') have no code of their own. */
const PAGE_OF_KIND: Partial<Record<PageKind, { preload: () => Promise<unknown> }>> = {
  admin: Pages.admin,
  login: Pages.login,
  logout: Pages.logout,
  'not-found': Pages.notFound,
  switch: Pages.switch,
  'organization-dashboard': Pages.organizationDashboard,
  'partner-dashboard': Pages.partnerDashboard,
  partner: Pages.partner,
  'clarity-home': Pages.clarityHome,
  'clarity-custom': Pages.clarityCustom,
  'clarity-directory': Pages.clarityDirectory,
  'clarity-firm': Pages.clarityFirm,
  'whats-new': Pages.whatsNew,
  'user-profile': Pages.profileSettings,
  'profile-settings': Pages.profileSettings,
  'sign-up': Pages.signUp,
  'forgot-password': Pages.forgotPassword,
  'user-management': Pages.userManagement,
  settlements: Pages.settlements,
  'b2b-settlements': Pages.settlements,
  'deferred-revenue-settlements': Pages.settlements,
  'deferred-transactions-settlements': Pages.settlements,
  'overview-settlements': Pages.accountOverview,
  'settlement-detail': Pages.settlementDetail,
  'settlement-import': Pages.settlementImport,
  'export-settlement': Pages.exportSettlements,
  mapping: Pages.mapping,
  ledger: Pages.ledger,
  postings: Pages.postings,
  posting: Pages.posting,
  'channel-connect': Pages.channelConnect,
  'sales-source': Pages.salesSource,
  'accounting-connect': Pages.accountingConnect,
  'connections-settings': Pages.connectionsSettings,
  'history-settings': Pages.historySettings,
  'users-settings': Pages.usersSettings,
  'account-settings': Pages.accountSettings,
  'sales-grouping-settings': Pages.salesGrouping,
  'product-types-settings': Pages.productTypes,
  'amazon-deferred-transactions-settings': Pages.amazonDeferredTransactions,
  'beta-features-settings': Pages.betaFeatures,
  'automation-settings': Pages.automation,
  'cogs-settings': Pages.cogsSettings,
  'cost-admin': Pages.costAdmin,
  'export-cogs': Pages.exportCogs,
  'amazon-summary-report': Pages.summaryReport,
  'shopify-finance-report': Pages.shopifyFinanceReport,
  'shopify-gift-cards': Pages.shopifyGiftCards,
  'shopify-orders': Pages.shopifyOrders,
  'shopify-order': Pages.shopifyOrder,
  'shopify-reconnect': Pages.shopifyReconnect,
  'shopify-store-mismatch': Pages.shopifyStoreMismatch,
  'shopify-b2b-settings': Pages.shopifyB2b,
  'shopify-deferred-revenue-settings': Pages.shopifyDeferredRevenue,
  'b2b-invoice-report': Pages.b2bInvoiceReport,
  'export-data': Pages.exportData,
  'account-questionnaire': Pages.questionnaireSupport,
  notifications: Pages.notifications,
  'notification-settings': Pages.notificationSettings,
  'reconciliation-reports': Pages.reconciliationReports,
  'reconciliation-report-new': Pages.newReconciliation,
  'reconciliation-report': Pages.reconciliationReport,
  'inventory-summary': Pages.inventorySummary,
  'inventory-locations': Pages.inventoryLocations,
  'backend-home': Pages.backendHome,
  'backend-inconsistent-settlements': Pages.backendInconsistentSettlements,
  'backend-accounts': Pages.backendAccounts,
  'backend-fetch-history': Pages.backendFetchHistory,
  'backend-fetch-history-status': Pages.backendFetchHistoryStatus,
  billing: Pages.billing,
  subscribe: Pages.billing,
  'billing-migration': Pages.billing,
  checkout: Pages.checkout,
  'checkout-complete': Pages.checkoutComplete,
  'user-billing': Pages.subscriptions,
  'user-subscriptions': Pages.subscriptions,
  'partner-subscriptions': Pages.subscriptions,
  'firm-billing': Pages.subscriptions,
  'backend-plans': Pages.backendPlans,
};

/** Starts downloading the page of `kind` (a no-op for kinds without code of their own). */
export function preloadPage(kind: PageKind): void {
  // A failure here is not reported: the page's render downloads it again and shows the error.
  PAGE_OF_KIND[kind]?.preload().catch(() => undefined);
}

/** Loads every page: component tests render the route tree as if it were one bundle. */
export function preloadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(Pages).map((page) => page.preload()));
}
