/** Admin, connection, account settings, user settings and billing routes (spec section 2). */
import { page, special, type RedirectMeta, type RouteMeta } from './route-meta';

const connectNow = { now: 'Until then, you can review your onboarding steps on the admin page.', action: { label: 'Back to admin', to: '/admin' } };

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

/** Tabs with a real page (declared with special() below); the others show what they will hold. */
const BUILT_TABS = new Set(['product-types', 'invoices', 'connections', 'users', 'history', 'amazon-deferred-transactions', 'new-features', 'automation', 'shopify-b2b', 'shopify-deferred-revenue', 'billing', 'cogs', 'registered-country', 'built-in-ledger', 'statements-accounts-and-taxes', 'netsuite-configuration', 'paypal', 'amazon-pay', 'inventory']);

export const accountRoutes: RouteMeta[] = [
  special('admin', 'Admin', 'admin'),
  page('admin/auth-token', 'Authorization Token', { what: 'This page will receive the authorization token of a connection and finish it.', ...connectNow }, { connectStyle: true }),
  page('admin/request-access', 'Request Access', { what: 'This page will let you ask the owner of an account for access to it.', ...connectNow }, { connectStyle: true }),
  special('admin/sales-source', 'Sales Source', 'sales-source', { connectStyle: true }),
  special('admin/sales-channel', 'Sales Channel', 'sales-source', { connectStyle: true }),
  special('admin/sales-channel/:channel', 'Connect Sales Channel', 'channel-connect', { connectStyle: true }),
  special('admin/sales-channel/:channel/:step', 'Connect Sales Channel', 'channel-connect', { connectStyle: true }),
  special('admin/accounting/:system', 'Connect Accounting', 'accounting-connect', { connectStyle: true, strictReferrer: true }),
  special('admin/accounting/:system/:step', 'Connect Accounting', 'accounting-connect', { connectStyle: true, strictReferrer: true }),
  // The accounting system itself links to /cb (its referrer is the system's sign-in page), so the strict
  // referrer check would refuse every real callback; the server's single-use state bound to the user guards it.
  special('admin/accounting/:system/cb', 'Connect Accounting', 'accounting-connect', { connectStyle: true }),
  special('account-settings', 'Account', 'account-settings', { tabs: 'account-settings' }),
  special('account-settings/product-types', 'Product Types', 'product-types-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/invoices', 'Sales Grouping and Tracking', 'sales-grouping-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/connections', 'Connections', 'connections-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/users', 'Users', 'users-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/history', 'History', 'history-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/amazon-deferred-transactions', 'Amazon Deferred Transactions', 'amazon-deferred-transactions-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/new-features', 'Beta Features', 'beta-features-settings', { tabs: 'account-settings', strictReferrer: false }),
  special('account-settings/automation', 'Automation', 'automation-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/shopify-b2b', 'Shopify B2B Invoice', 'shopify-b2b-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/shopify-deferred-revenue', 'Shopify Deferred Revenue', 'shopify-deferred-revenue-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/cogs', 'Cost of Goods Sold', 'cogs-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/inventory', 'Inventory', 'inventory-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/built-in-ledger', 'Built-in ledger', 'built-in-ledger-settings', { tabs: 'account-settings', strictReferrer: false }),
  special('account-settings/registered-country', 'Registered Country', 'registered-country-settings', { tabs: 'account-settings', strictReferrer: false }),
  special('account-settings/statements-accounts-and-taxes', 'Statements Accounts and Taxes', 'statement-accounts-and-taxes-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/netsuite-configuration', 'NetSuite Configuration', 'netsuite-configuration-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/paypal', 'PayPal', 'paypal-settings', { tabs: 'account-settings', strictReferrer: true }),
  special('account-settings/amazon-pay', 'Amazon Pay', 'amazon-pay-settings', { tabs: 'account-settings', strictReferrer: true }),
  ...accountSettingsTabs.filter(([tab]) => !BUILT_TABS.has(tab)).map(([tab, title, what, strict]) =>
    page(`account-settings/${tab}`, title, { what: `This tab will show ${what}.`, now: 'Choose another settings tab above, or go back to the admin page.', action: { label: 'Open admin', to: '/admin' } }, { tabs: 'account-settings', strictReferrer: strict }),
  ),
  page('user/settings', 'User Settings', { what: 'Your personal settings will appear in the tabs above.', now: 'Choose a tab to continue.' }, { tabs: 'user-settings' }),
  special('user/settings/profile', 'My Profile', 'profile-settings', { tabs: 'user-settings' }),
  special('user/settings/notifications', 'Notification Settings', 'notification-settings', { tabs: 'user-settings' }),
  special('notifications', 'Notifications', 'notifications'),
  special('billing', 'Billing', 'billing', { strictReferrer: true }),
  special('billing/checkout', 'Checkout', 'checkout', { strictReferrer: true }),
  // Stripe's hosted page sends the browser here (its referrer is Stripe), so the strict referrer check
  // would refuse every paid checkout, as with the accounting /cb callbacks; the page only reads a
  // checkout the caller opened, and the subscription itself comes from Stripe's signed webhook.
  special('billing/checkout/complete', 'Checkout Complete', 'checkout-complete'),
  special('billing/migration', 'Billing Migration', 'billing-migration', { strictReferrer: true }),
  special('subscribe', 'Subscribe', 'subscribe', { strictReferrer: true }),
  special('account-settings/billing', 'Billing', 'billing', { tabs: 'account-settings', strictReferrer: true }),
  special('user/settings/billing', 'Billing', 'user-billing', { tabs: 'user-settings' }),
  special('user/settings/subscriptions', 'Subscriptions', 'user-subscriptions', { tabs: 'user-settings' }),
  special('user/settings/partner-subscriptions', 'Partner Subscriptions', 'partner-subscriptions', { tabs: 'user-settings' }),
  special('user/settings/firm-billing', 'Firm Billing', 'firm-billing', { tabs: 'user-settings' }),
];

export const accountRedirects: RedirectMeta[] = [];
