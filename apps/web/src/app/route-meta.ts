/**
 * Route metadata: what every route of spec section 2 declares (title, body class, checks) and the
 * empty state a page shows until its feature is built. The router, the guard, the layouts and the
 * title hook all read this one shape.
 */
export type PageKind =
  | 'empty'
  | 'admin'
  | 'login'
  | 'sign-up'
  | 'forgot-password'
  | 'user-management'
  | 'profile-settings'
  | 'logout'
  | 'not-found'
  | 'switch'
  | 'organization-dashboard'
  | 'whats-new'
  | 'user-profile'
  | 'settlements'
  | 'b2b-settlements'
  | 'deferred-revenue-settlements'
  | 'deferred-transactions-settlements'
  | 'overview-settlements'
  | 'settlement-detail'
  | 'settlement-import'
  | 'export-settlement'
  | 'mapping'
  | 'ledger'
  | 'postings'
  | 'posting'
  | 'reconciliation-reports'
  | 'reconciliation-report-new'
  | 'reconciliation-report'
  | 'channel-connect'
  | 'sales-source'
  | 'connections-settings'
  | 'history-settings'
  | 'users-settings'
  | 'notifications'
  | 'notification-settings'
  | 'account-settings'
  | 'sales-grouping-settings'
  | 'product-types-settings'
  | 'amazon-deferred-transactions-settings'
  | 'beta-features-settings'
  | 'automation-settings'
  | 'cogs-settings'
  | 'inventory-settings'
  | 'registered-country-settings'
  | 'netsuite-configuration-settings'
  | 'paypal-settings'
  | 'amazon-pay-settings'
  | 'statement-accounts-and-taxes-settings'
  | 'cost-admin'
  | 'export-cogs'
  | 'amazon-summary-report'
  | 'shopify-finance-report'
  | 'shopify-gift-cards'
  | 'shopify-orders'
  | 'shopify-order'
  | 'shopify-reconnect'
  | 'shopify-store-mismatch'
  | 'shopify-b2b-settings'
  | 'shopify-deferred-revenue-settings'
  | 'b2b-invoice-report'
  | 'export-data'
  | 'accounting-connect'
  | 'account-questionnaire'
  | 'backend-home'
  | 'backend-inconsistent-settlements'
  | 'partner-dashboard'
  | 'clarity-home'
  | 'clarity-custom'
  | 'clarity-directory'
  | 'clarity-firm'
  | 'partner'
  | 'teams'
  | 'product-catalog'
  | 'team-settings'
  | 'backend-accounts'
  | 'backend-fetch-history'
  | 'backend-fetch-history-status'
  | 'inventory-summary'
  | 'inventory-locations'
  | 'billing'
  | 'subscribe'
  | 'billing-migration'
  | 'checkout'
  | 'checkout-complete'
  | 'user-billing'
  | 'user-subscriptions'
  | 'partner-subscriptions'
  | 'firm-billing'
  | 'backend-plans'
  | 'backend-users'
  | 'backend-user'
  | 'backend-organizations'
  | 'backend-organization'
  | 'backend-utilities'
  | 'backend-outside'
  | 'backend-qbo-playground'
  | 'backend-netsuite-suiteql'
  | 'backend-netsuite-records'
  | 'backend-paypal-raw'
  | 'backend-paypal-refresh'
  | 'backend-amazon-groups'
  | 'backend-amazon-events'
  | 'account-area-settlements'
  | 'account-area-connections'
  | 'account-area-users'
  | 'account-area-mappings'
  | 'account-area-billing'
  | 'account-area-feature-flag'
  | 'account-area-raw-transactions'
  | 'account-area-report'
  | 'account-area-utilities'
  | 'account-area-amazon-data-state'
  | 'account-area-walmart-utilities';

export interface EmptyStateText {
  /** What will appear on this page. */
  what: string;
  /** What the user can do now, with an optional link. */
  now: string;
  action?: { label: string; to: string };
}

export interface RouteMeta {
  /** Path relative to the /app base, without leading slash ('account-settings/users'). */
  path: string;
  title: string;
  page: PageKind;
  bodyClass: string;
  empty?: EmptyStateText;
  isPublic?: boolean;
  strictReferrer?: boolean;
  adminOnly?: boolean;
  /** Connect and request-access pages: back button, no page header, medium block. */
  connectStyle?: boolean;
  /** Tab group shown by the tabbed layout. */
  tabs?: 'account-settings' | 'user-settings';
  /** Clarity pages hide the sidebar. */
  hideSidebar?: boolean;
  /** The title is the channel's word for its settlements (core's settlementsLabel), as the main menu says. */
  isTitledByChannel?: boolean;
}

export interface RedirectMeta {
  path: string;
  redirectTo: string;
}

const bodyClassOf = (path: string) =>
  `page-${
    path
      .replace(/[/:?]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'root'
  }`;

export function page(
  path: string,
  title: string,
  empty: EmptyStateText,
  extra: Partial<RouteMeta> = {},
): RouteMeta {
  return { path, title, page: 'empty', bodyClass: bodyClassOf(path), empty, ...extra };
}

export function special(
  path: string,
  title: string,
  kind: PageKind,
  extra: Partial<RouteMeta> = {},
): RouteMeta {
  return { path, title, page: kind, bodyClass: bodyClassOf(path), ...extra };
}
