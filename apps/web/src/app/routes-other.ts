/** Partner, organization, Clarity, internal account area, backend and other routes (spec section 2). */
import { lazyPage } from './lazy-page';
import { route, type RedirectMeta, type RouteMeta } from './route-meta';
import { profileSettingsPage } from './routes-account';

const partnerDashboardPage = lazyPage(() => import('../features/partner/partner-dashboard-page').then((m) => m.PartnerDashboardPage));
const backendFetchHistoryPage = lazyPage(() => import('../features/backend/fetch-history-page').then((m) => m.FetchHistoryPage));
const backendOutsidePage = lazyPage(() => import('../features/backend/backend-outside-page').then((m) => m.BackendOutsidePage));

const internal = { adminOnly: true };

export const otherRoutes: RouteMeta[] = [
  route('overview', 'Partner Overview', partnerDashboardPage),
  route('partner-dashboard', 'Partner Dashboard', partnerDashboardPage),
  route('partner', 'Partner', lazyPage(() => import('../features/partner/partner-page').then((m) => m.PartnerPage))),
  route('teams', 'Teams', lazyPage(() => import('../features/teams/teams-page').then((m) => m.TeamsPage))),
  route('team-settings', 'Team Settings', lazyPage(() => import('../features/teams/team-settings-page').then((m) => m.TeamSettingsPage))),
  route('organization/:organizationId/dashboard', 'Overview', lazyPage(() => import('../features/organization/organization-dashboard-page').then((m) => m.OrganizationDashboardPage))),
  route('organization/:organizationId/product-catalog', 'Product Catalog', lazyPage(() => import('../features/organization/product-catalog-page').then((m) => m.ProductCatalogPage))),
  route('clarity/dashboard', 'Clarity Home', lazyPage(() => import('../features/clarity/clarity-home-page').then((m) => m.ClarityHomePage)), { hideSidebar: true }),
  route('clarity/custom', 'New Analysis', lazyPage(() => import('../features/clarity/clarity-custom-page').then((m) => m.ClarityCustomPage)), { hideSidebar: true }),
  route('clarity/directory', 'Organization Documents', lazyPage(() => import('../features/clarity/clarity-documents-page').then((m) => m.ClarityDirectoryPage)), { hideSidebar: true }),
  route('clarity/firm', 'Firm Page', lazyPage(() => import('../features/clarity/clarity-documents-page').then((m) => m.ClarityFirmPage)), { hideSidebar: true }),
  route('account/:accountKey/questionnaire', 'Onboarding Questionnaire', lazyPage(() => import('../features/backend/account-area/account-questionnaire-page').then((m) => m.AccountQuestionnairePage)), internal),
  route('backend', 'Backend', lazyPage(() => import('../features/backend/backend-home-page').then((m) => m.BackendHomePage)), internal),
  route('backend/accounts', 'Backend', lazyPage(() => import('../features/backend/backend-accounts-page').then((m) => m.BackendAccountsPage)), internal),
  route('backend/inconsistent-settlements', 'Backend', lazyPage(() => import('../features/backend/inconsistent-settlements-page').then((m) => m.InconsistentSettlementsPage)), internal),
  route('backend/:accountKey/shopify/fetch-history', 'Backend', backendFetchHistoryPage, internal),
  route('backend/:accountKey/shopify/fetch-history/request/:requestId', 'Backend', backendFetchHistoryPage, internal),
  route('backend/:accountKey/shopify/fetch-history/:requestId', 'Backend', backendFetchHistoryPage, internal),
  route('backend/fetch-history-status', 'Backend', lazyPage(() => import('../features/backend/fetch-history-status-page').then((m) => m.FetchHistoryStatusPage)), internal),
  route('backend/client-errors', 'Browser Errors', lazyPage(() => import('../features/backend/client-errors-page').then((m) => m.ClientErrorsPage)), internal),
  route('backend/plans', 'Plans', lazyPage(() => import('../features/billing/backend-plans-page').then((m) => m.BackendPlansPage)), internal),
  route('backend/users', 'Backend', lazyPage(() => import('../features/backend/backend-users-page').then((m) => m.BackendUsersPage)), internal),
  route('backend/user/:userId', 'Backend', lazyPage(() => import('../features/backend/backend-user-page').then((m) => m.BackendUserPage)), internal),
  route('backend/organizations', 'Backend', lazyPage(() => import('../features/backend/backend-organizations-page').then((m) => m.BackendOrganizationsPage)), internal),
  route('backend/organization/:organizationId', 'Backend', lazyPage(() => import('../features/backend/backend-organization-page').then((m) => m.BackendOrganizationPage)), internal),
  route('backend/utilities', 'Backend', lazyPage(() => import('../features/backend/backend-utilities-page').then((m) => m.BackendUtilitiesPage)), internal),
  route('backend/ds-to-spanner-testing', 'Backend', backendOutsidePage, internal),
  route('backend/a2x-ai', 'Backend', backendOutsidePage, internal),
  route('backend/:accountKey/qbo/playground', 'Backend', lazyPage(() => import('../features/backend/qbo-playground-page').then((m) => m.QboPlaygroundPage)), internal),
  route('backend/:accountKey/netsuite/suiteql', 'Backend', lazyPage(() => import('../features/backend/netsuite-suiteql-page').then((m) => m.NetSuiteSuiteQlPage)), internal),
  route('backend/:accountKey/netsuite/suiteql/:recordType', 'Backend', lazyPage(() => import('../features/backend/netsuite-records-page').then((m) => m.NetSuiteRecordsPage)), internal),
  route('backend/:accountKey/paypal/transactions-raw', 'Backend', lazyPage(() => import('../features/backend/channels/paypal-raw-transactions-page').then((m) => m.PayPalRawTransactionsPage)), internal),
  route('backend/:accountKey/paypal/settlements-refresh', 'Backend', lazyPage(() => import('../features/backend/channels/paypal-settlements-refresh-page').then((m) => m.PayPalSettlementsRefreshPage)), internal),
  route('backend/:accountKey/amazon/finance-api-settlements', 'Backend', lazyPage(() => import('../features/backend/channels/amazon-finance-settlements-page').then((m) => m.AmazonFinanceSettlementsPage)), internal),
  route('backend/:accountKey/amazon/financial-events/:groupId', 'Backend', lazyPage(() => import('../features/backend/channels/amazon-financial-events-page').then((m) => m.AmazonFinancialEventsPage)), internal),
  route('account/:accountKey/settlements', 'Account Settlements', lazyPage(() => import('../features/backend/account-area/account-settlements-page').then((m) => m.AccountSettlementsPage)), internal),
  route('account/:accountKey/connections', 'Account Connections', lazyPage(() => import('../features/backend/account-area/account-connections-page').then((m) => m.AccountConnectionsPage)), internal),
  route('account/:accountKey/users', 'Account Users', lazyPage(() => import('../features/backend/account-area/account-users-page').then((m) => m.AccountUsersPage)), internal),
  route('account/:accountKey/mappings', 'Account Mappings', lazyPage(() => import('../features/backend/account-area/account-mappings-page').then((m) => m.AccountMappingsPage)), internal),
  route('account/:accountKey/billing', 'Account Billing', lazyPage(() => import('../features/backend/account-area/account-billing-page').then((m) => m.AccountBillingPage)), internal),
  route('account/:accountKey/feature-flag', 'Account Feature Flags', lazyPage(() => import('../features/backend/account-area/account-feature-flag-page').then((m) => m.AccountFeatureFlagPage)), internal),
  route('account/:accountKey/transactions/raw', 'Raw Transactions', lazyPage(() => import('../features/backend/account-area/account-raw-transactions-page').then((m) => m.AccountRawTransactionsPage)), internal),
  route('account/:accountKey/transactions/:reportId', 'Report Transactions', lazyPage(() => import('../features/backend/account-area/account-report-page').then((m) => m.AccountReportPage)), internal),
  route('account/:accountKey/utilities', 'Account Utilities', lazyPage(() => import('../features/backend/account-area/account-utilities-page').then((m) => m.AccountUtilitiesPage)), internal),
  route('account/:accountKey/amazon/data-state', 'Amazon Data State', lazyPage(() => import('../features/backend/account-area/account-amazon-data-state-page').then((m) => m.AccountAmazonDataStatePage)), internal),
  route('account/:accountKey/walmart/utilities', 'Walmart Utilities', lazyPage(() => import('../features/backend/account-area/account-walmart-utilities-page').then((m) => m.AccountWalmartUtilitiesPage)), internal),
  route('whats-new', "What's New", lazyPage(() => import('../features/whats-new/whats-new-page').then((m) => m.WhatsNewPage))),
  route('user-profile', 'My Profile', profileSettingsPage),
  route('switch', 'Switching Account', lazyPage(() => import('../features/switch/switch-page').then((m) => m.SwitchPage))),
  // Public, so outside the signed-in start-up: logout works even when the session cannot load.
  route('logout', 'Logout', lazyPage(() => import('../features/logout/logout-page').then((m) => m.LogoutPage)), { isPublic: true }),
  route('login', 'Sign in', lazyPage(() => import('../features/login/login-page').then((m) => m.LoginPage)), {
    isPublic: true,
    // The two pages it links to: a click on a link whose page is still downloading keeps the sign-in
    // form (and its Email box) on screen, so what someone typed next would land in the wrong form.
    preloads: ['signup', 'forgot-password'],
  }),
  route('signup', 'Sign up', lazyPage(() => import('../features/sign-up/sign-up-page').then((m) => m.SignUpPage)), { isPublic: true }),
  route('forgot-password', 'Reset Password', lazyPage(() => import('../features/sign-up/forgot-password-page').then((m) => m.ForgotPasswordPage)), { isPublic: true }),
  route('404', 'Page Not Found', lazyPage(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage)), { isPublic: true }),
  route('oauth/firebase', 'Sign in', lazyPage(() => import('../features/identity-sign-in/provider-pages').then((m) => m.ProviderReturnPage)), { isPublic: true }),
  route('oauth/user-management', 'Account Management', lazyPage(() => import('../features/sign-up/user-management-page').then((m) => m.UserManagementPage)), { isPublic: true }),
  route('oauth/:provider', 'Sign in', lazyPage(() => import('../features/identity-sign-in/provider-pages').then((m) => m.ProviderStartPage)), { isPublic: true }),
];

export const otherRedirects: RedirectMeta[] = [
  { path: 'account/:accountKey', redirectTo: 'billing' },
  { path: 'organization/:organizationId/settings', redirectTo: '../product-catalog' },
  { path: 'clarity', redirectTo: 'dashboard' },
];
