/** Partner, organization, Clarity, internal account area, backend and other routes (spec section 2). */
import { page, special, type RedirectMeta, type RouteMeta } from './route-meta';

const internal = { adminOnly: true };
const backendNow = 'Use the other backend pages, or open an account from the admin page.';

const accountArea: Array<[child: string, title: string, what: string]> = [
  ['transactions/raw', 'Raw Transactions', 'the raw transactions received from the channel for this account'],
  ['transactions/:reportId', 'Report Transactions', 'the transactions of one channel report'],
  ['utilities', 'Account Utilities', 'support utilities for this account'],
  ['amazon/data-state', 'Amazon Data State', 'what Amazon data has been fetched for this account'],
  ['walmart/utilities', 'Walmart Utilities', 'support utilities for a Walmart account'],
];

const backend: Array<[path: string, title: string, what: string]> = [
  ['backend/:accountKey/netsuite/suiteql', 'Backend', 'A SuiteQL query console for this account will appear here.'],
  ['backend/:accountKey/netsuite/suiteql/:recordType', 'Backend', 'SuiteQL records of one type will appear here.'],
  ['backend/:accountKey/qbo/playground', 'Backend', 'A QuickBooks Online API playground for this account will appear here.'],
];

export const otherRoutes: RouteMeta[] = [
  special('overview', 'Partner Overview', 'partner-dashboard'),
  special('partner-dashboard', 'Partner Dashboard', 'partner-dashboard'),
  special('partner', 'Partner', 'partner'),
  special('teams', 'Teams', 'teams'),
  special('team-settings', 'Team Settings', 'team-settings'),
  special('organization/:organizationId/dashboard', 'Overview', 'organization-dashboard'),
  special('organization/:organizationId/product-catalog', 'Product Catalog', 'product-catalog'),
  special('clarity/dashboard', 'Clarity Home', 'clarity-home', { hideSidebar: true }),
  special('clarity/custom', 'New Analysis', 'clarity-custom', { hideSidebar: true }),
  special('clarity/directory', 'Organization Documents', 'clarity-directory', { hideSidebar: true }),
  special('clarity/firm', 'Firm Page', 'clarity-firm', { hideSidebar: true }),
  ...accountArea.map(([child, title, what]) =>
    page(`account/:accountKey/${child}`, title, { what: `This page will show ${what}.`, now: backendNow, action: { label: 'Open backend', to: '/backend' } }, internal),
  ),
  special('account/:accountKey/questionnaire', 'Onboarding Questionnaire', 'account-questionnaire', internal),
  special('backend', 'Backend', 'backend-home', internal),
  special('backend/accounts', 'Backend', 'backend-accounts', internal),
  special('backend/inconsistent-settlements', 'Backend', 'backend-inconsistent-settlements', internal),
  special('backend/:accountKey/shopify/fetch-history', 'Backend', 'backend-fetch-history', internal),
  special('backend/:accountKey/shopify/fetch-history/request/:requestId', 'Backend', 'backend-fetch-history', internal),
  special('backend/:accountKey/shopify/fetch-history/:requestId', 'Backend', 'backend-fetch-history', internal),
  special('backend/fetch-history-status', 'Backend', 'backend-fetch-history-status', internal),
  special('backend/plans', 'Plans', 'backend-plans', internal),
  special('backend/users', 'Backend', 'backend-users', internal),
  special('backend/user/:userId', 'Backend', 'backend-user', internal),
  special('backend/organizations', 'Backend', 'backend-organizations', internal),
  special('backend/organization/:organizationId', 'Backend', 'backend-organization', internal),
  special('backend/utilities', 'Backend', 'backend-utilities', internal),
  special('backend/ds-to-spanner-testing', 'Backend', 'backend-outside', internal),
  special('backend/a2x-ai', 'Backend', 'backend-outside', internal),
  special('backend/:accountKey/paypal/transactions-raw', 'Backend', 'backend-paypal-raw', internal),
  special('backend/:accountKey/paypal/settlements-refresh', 'Backend', 'backend-paypal-refresh', internal),
  special('backend/:accountKey/amazon/finance-api-settlements', 'Backend', 'backend-amazon-groups', internal),
  special('backend/:accountKey/amazon/financial-events/:groupId', 'Backend', 'backend-amazon-events', internal),
  special('account/:accountKey/settlements', 'Account Settlements', 'account-area-settlements', internal),
  special('account/:accountKey/connections', 'Account Connections', 'account-area-connections', internal),
  special('account/:accountKey/users', 'Account Users', 'account-area-users', internal),
  special('account/:accountKey/mappings', 'Account Mappings', 'account-area-mappings', internal),
  special('account/:accountKey/billing', 'Account Billing', 'account-area-billing', internal),
  special('account/:accountKey/feature-flag', 'Account Feature Flags', 'account-area-feature-flag', internal),
  ...backend.map(([path, title, what]) => page(path, title, { what, now: backendNow, action: { label: 'Open backend', to: '/backend' } }, internal)),
  special('whats-new', "What's New", 'whats-new'),
  special('user-profile', 'My Profile', 'profile-settings'),
  special('switch', 'Switching Account', 'switch'),
  special('logout', 'Logout', 'logout', { isPublic: true }),
  special('login', 'Sign in', 'login', { isPublic: true }),
  special('signup', 'Sign up', 'sign-up', { isPublic: true }),
  special('forgot-password', 'Reset Password', 'forgot-password', { isPublic: true }),
  special('404', 'Page Not Found', 'not-found', { isPublic: true }),
  page('oauth/firebase', 'Sign in', { what: 'This page completes a sign-in with an identity provider.', now: 'Sign in with your email and password instead.', action: { label: 'Sign in', to: '/login' } }, { isPublic: true }),
  special('oauth/user-management', 'Account Management', 'user-management', { isPublic: true }),
  page('oauth/:provider', 'Sign in', { what: 'This page completes a sign-in with Google, Xero, QuickBooks or Microsoft.', now: 'Sign in with your email and password instead.', action: { label: 'Sign in', to: '/login' } }, { isPublic: true }),
];

export const otherRedirects: RedirectMeta[] = [
  { path: 'account/:accountKey', redirectTo: 'billing' },
  { path: 'organization/:organizationId/settings', redirectTo: '../product-catalog' },
  { path: 'clarity', redirectTo: 'dashboard' },
];
