/** Admin, connection, account settings, user settings and billing routes (spec section 2). */
import { lazyPage } from './lazy-page';
import { emptyRoute, route, type RedirectMeta, type RouteMeta } from './route-meta';

const salesSourcePage = lazyPage(() => import('../features/channel-connect/channel-connect-page').then((m) => m.SalesSourcePage));
const channelConnectPage = lazyPage(() => import('../features/channel-connect/channel-connect-page').then((m) => m.ChannelConnectPage));
const accountingConnectPage = lazyPage(() => import('../features/accounting-connect/accounting-connect-page').then((m) => m.AccountingConnectPage));
export const profileSettingsPage = lazyPage(() => import('../features/user-profile/profile-settings-page').then((m) => m.ProfileSettingsPage));
const billingPage = lazyPage(() => import('../features/billing/billing-page').then((m) => m.BillingPage));
const subscriptionsPage = lazyPage(() => import('../features/billing/subscriptions-page').then((m) => m.SubscriptionsPage));


const accountSettingsTabs: Array<[tab: string, title: string, what: string, strict: boolean]> = [
  ['product-types', 'Product Types', 'the product types of your catalog and the accounts each type posts to', true],
  ['invoices', 'Sales Grouping and Tracking', 'how sales are grouped into invoices and which tracking categories or classes they carry', true],
  ['statements-accounts-and-taxes', 'Statements Accounts and Taxes', 'the accounts and tax rates used for statement lines', true],
  ['cogs', 'Cost of Goods Sold', 'your cost of goods sold settings and product costs', true],
  ['automation', 'Automation', 'when settlements are posted automatically to your accounting system', true],
  ['connections', 'Connections', 'the sales channel and accounting system connections of this account and their status', true],
  ['inventory', 'Inventory', 'your inventory valuation settings', true],
  ['users', 'Users', 'the people who can open this account and invitations waiting for an answer', true],
  ['new-features', 'Beta Features', 'the beta features you can turn on or off for this account', false],
  ['billing', 'Billing', 'the plan of this account and its invoices', true],
  ['built-in-ledger', 'Built-in ledger', 'the chart of accounts and the tax rates of the built-in ledger', false],
  ['registered-country', 'Registered Country', 'the country this business is registered in, used for tax rules', false],
  ['amazon-pay', 'Amazon Pay', 'how Amazon Pay transactions are posted', true],
  ['amazon-deferred-transactions', 'Amazon Deferred Transactions', 'how Amazon deferred transactions are posted', true],
  ['history', 'History', 'who changed which setting and when', true],
  ['netsuite-configuration', 'NetSuite Configuration', 'the NetSuite subsidiary, records and fields Ledgerport posts to', true],
  ['paypal', 'PayPal', 'how PayPal statements are posted', true],
  ['shopify-b2b', 'Shopify B2B Invoice', 'how single-order B2B invoices are created from Shopify orders', true],
  ['shopify-deferred-revenue', 'Shopify Deferred Revenue', 'how Shopify revenue is deferred until fulfilment', true],
];

/** Tabs with a real page (declared with route() below); the others show what they will hold. */
const BUILT_TABS = new Set(['product-types', 'invoices', 'connections', 'users', 'history', 'amazon-deferred-transactions', 'new-features', 'automation', 'shopify-b2b', 'shopify-deferred-revenue', 'billing', 'cogs', 'registered-country', 'built-in-ledger', 'statements-accounts-and-taxes', 'netsuite-configuration', 'paypal', 'amazon-pay', 'inventory']);

export const accountRoutes: RouteMeta[] = [
  route('admin', 'Admin', lazyPage(() => import('../features/admin/admin-page').then((m) => m.AdminPage))),
  route('admin/auth-token', 'Authorization Token', lazyPage(() => import('../features/channel-connect/channel-connect-page').then((m) => m.AuthTokenPage)), { connectStyle: true }),
  route('admin/request-access', 'Request Access', lazyPage(() => import('../features/access-requests/request-access-page').then((m) => m.RequestAccessPage)), { connectStyle: true }),
  route('admin/sales-source', 'Sales Source', salesSourcePage, { connectStyle: true }),
  route('admin/sales-channel', 'Sales Channel', salesSourcePage, { connectStyle: true }),
  route('admin/sales-channel/:channel', 'Connect Sales Channel', channelConnectPage, { connectStyle: true }),
  route('admin/sales-channel/:channel/:step', 'Connect Sales Channel', channelConnectPage, { connectStyle: true }),
  route('admin/accounting/:system', 'Connect Accounting', accountingConnectPage, { connectStyle: true, strictReferrer: true }),
  route('admin/accounting/:system/:step', 'Connect Accounting', accountingConnectPage, { connectStyle: true, strictReferrer: true }),
  // The accounting system itself links to /cb (its referrer is the system's sign-in page), so the strict
  // referrer check would refuse every real callback; the server's single-use state bound to the user guards it.
  route('admin/accounting/:system/cb', 'Connect Accounting', accountingConnectPage, { connectStyle: true }),
  route('account-settings', 'Account', lazyPage(() => import('../features/account-settings/account-settings-page').then((m) => m.AccountSettingsPage)), { tabs: 'account-settings' }),
  route('account-settings/product-types', 'Product Types', lazyPage(() => import('../features/account-settings/product-types-page').then((m) => m.ProductTypesPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/invoices', 'Sales Grouping and Tracking', lazyPage(() => import('../features/account-settings/sales-grouping-page').then((m) => m.SalesGroupingPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/connections', 'Connections', lazyPage(() => import('../features/account-settings/connections-settings-page').then((m) => m.ConnectionsSettingsPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/users', 'Users', lazyPage(() => import('../features/account-users/users-settings-page').then((m) => m.UsersSettingsPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/history', 'History', lazyPage(() => import('../features/account-settings/history-settings-page').then((m) => m.HistorySettingsPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/amazon-deferred-transactions', 'Amazon Deferred Transactions', lazyPage(() => import('../features/account-settings/amazon-deferred-transactions-page').then((m) => m.AmazonDeferredTransactionsPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/new-features', 'Beta Features', lazyPage(() => import('../features/account-settings/beta-features-page').then((m) => m.BetaFeaturesPage)), { tabs: 'account-settings', strictReferrer: false }),
  route('account-settings/automation', 'Automation', lazyPage(() => import('../features/account-settings/automation-page').then((m) => m.AutomationPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/shopify-b2b', 'Shopify B2B Invoice', lazyPage(() => import('../features/shopify-order-modes/shopify-b2b-page').then((m) => m.ShopifyB2bPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/shopify-deferred-revenue', 'Shopify Deferred Revenue', lazyPage(() => import('../features/shopify-order-modes/shopify-deferred-revenue-page').then((m) => m.ShopifyDeferredRevenuePage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/cogs', 'Cost of Goods Sold', lazyPage(() => import('../features/cogs/cogs-settings-page').then((m) => m.CogsSettingsPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/inventory', 'Inventory', lazyPage(() => import('../features/inventory/inventory-settings-page').then((m) => m.InventorySettingsPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/built-in-ledger', 'Built-in ledger', lazyPage(() => import('../features/ledger/built-in-ledger-settings-page').then((m) => m.BuiltInLedgerSettingsPage)), { tabs: 'account-settings', strictReferrer: false }),
  route('account-settings/registered-country', 'Registered Country', lazyPage(() => import('../features/account-settings/registered-country-page').then((m) => m.RegisteredCountryPage)), { tabs: 'account-settings', strictReferrer: false }),
  route('account-settings/statements-accounts-and-taxes', 'Statements Accounts and Taxes', lazyPage(() => import('../features/account-settings/statement-accounts-and-taxes-page').then((m) => m.StatementAccountsAndTaxesPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/netsuite-configuration', 'NetSuite Configuration', lazyPage(() => import('../features/account-settings/netsuite-configuration-page').then((m) => m.NetSuiteConfigurationPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/paypal', 'PayPal', lazyPage(() => import('../features/account-settings/paypal-page').then((m) => m.PayPalPage)), { tabs: 'account-settings', strictReferrer: true }),
  route('account-settings/amazon-pay', 'Amazon Pay', lazyPage(() => import('../features/account-settings/amazon-pay-page').then((m) => m.AmazonPayPage)), { tabs: 'account-settings', strictReferrer: true }),
  ...accountSettingsTabs.filter(([tab]) => !BUILT_TABS.has(tab)).map(([tab, title, what, strict]) =>
    emptyRoute(`account-settings/${tab}`, title, { what: `This tab will show ${what}.`, now: 'Choose another settings tab above, or go back to the admin page.', action: { label: 'Open admin', to: '/admin' } }, { tabs: 'account-settings', strictReferrer: strict }),
  ),
  route('user/settings', 'User Settings', lazyPage(() => import('../features/user-settings/user-settings-page').then((m) => m.UserSettingsPage)), { tabs: 'user-settings' }),
  route('user/settings/profile', 'My Profile', profileSettingsPage, { tabs: 'user-settings' }),
  route('user/settings/notifications', 'Notification Settings', lazyPage(() => import('../features/notifications/notification-settings-page').then((m) => m.NotificationSettingsPage)), { tabs: 'user-settings' }),
  route('notifications', 'Notifications', lazyPage(() => import('../features/notifications/notifications-page').then((m) => m.NotificationsPage))),
  route('billing', 'Billing', billingPage, { strictReferrer: true }),
  route('billing/checkout', 'Checkout', lazyPage(() => import('../features/billing/checkout-page').then((m) => m.CheckoutPage)), { strictReferrer: true }),
  // Stripe's hosted page sends the browser here (its referrer is Stripe), so the strict referrer check
  // would refuse every paid checkout, as with the accounting /cb callbacks; the page only reads a
  // checkout the caller opened, and the subscription itself comes from Stripe's signed webhook.
  route('billing/checkout/complete', 'Checkout Complete', lazyPage(() => import('../features/billing/checkout-complete-page').then((m) => m.CheckoutCompletePage))),
  route('billing/migration', 'Billing Migration', billingPage.with({ variant: 'migration' }), { strictReferrer: true }),
  route('subscribe', 'Subscribe', billingPage.with({ variant: 'subscribe' }), { strictReferrer: true }),
  route('account-settings/billing', 'Billing', billingPage, { tabs: 'account-settings', strictReferrer: true }),
  route('user/settings/billing', 'Billing', subscriptionsPage.with({ variant: 'billing' }), { tabs: 'user-settings' }),
  route('user/settings/subscriptions', 'Subscriptions', subscriptionsPage.with({ variant: 'subscriptions' }), { tabs: 'user-settings' }),
  route('user/settings/partner-subscriptions', 'Partner Subscriptions', subscriptionsPage.with({ variant: 'partner-subscriptions' }), { tabs: 'user-settings' }),
  route('user/settings/firm-billing', 'Firm Billing', lazyPage(() => import('../features/billing/firm-billing-page').then((m) => m.FirmBillingPage)), { tabs: 'user-settings' }),
];

export const accountRedirects: RedirectMeta[] = [];
