import { describe, expect, it } from 'vitest';
import {
  buildMainMenu,
  buildPartnerMenu,
  buildSettingsMenu,
  buildUserMenu,
  isTrialAccount,
  settlementsLabel,
  type MenuAccount,
  type MenuUser,
} from './menu-filtering';

const user: MenuUser = {
  rootAdmin: false,
  supportLead: false,
  supportAdmin: false,
  developer: false,
  permissions: [],
  partnerCode: null,
  canAccessPartnerOverview: false,
  canAccessTeams: false,
};
const account = (over: Partial<MenuAccount> = {}): MenuAccount => ({
  salesChannel: 'AMAZON',
  accountingSystem: 'QBO',
  planCode: 'STANDARD',
  featureFlags: [],
  accountFeatures: { isAmazonSummaryReportEnabled: false, enableAmazonPay: false, amazonDeferredTransactionEnabled: false },
  ...over,
});
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('settings menu', () => {
  it('shows NetSuite Configuration only for NETSUITE', () => {
    expect(labels(buildSettingsMenu(account(), user, true))).not.toContain('NetSuite Configuration');
    expect(labels(buildSettingsMenu(account({ accountingSystem: 'NETSUITE' }), user, true))).toContain('NetSuite Configuration');
    expect(labels(buildSettingsMenu(account({ accountingSystem: 'MANUAL' }), user, true))).toContain('Built-in ledger');
    expect(labels(buildSettingsMenu(account({ accountingSystem: 'XERO' }), user, true))).not.toContain('Built-in ledger');
  });
  it('shows B2B Invoice only for Shopify with the single-order flag', () => {
    expect(labels(buildSettingsMenu(account({ salesChannel: 'SHOPIFY' }), user, true))).not.toContain('B2B Invoice');
    expect(labels(buildSettingsMenu(account({ salesChannel: 'AMAZON', featureFlags: ['SHOPIFY_SINGLE_ORDER_ENABLED'] }), user, true))).not.toContain('B2B Invoice');
    expect(labels(buildSettingsMenu(account({ salesChannel: 'SHOPIFY', featureFlags: ['SHOPIFY_SINGLE_ORDER_ENABLED'] }), user, true))).toContain('B2B Invoice');
  });
  it('shows Deferred Revenue only with its flag', () => {
    expect(labels(buildSettingsMenu(account(), user, true))).not.toContain('Deferred Revenue');
    expect(labels(buildSettingsMenu(account({ featureFlags: ['SHOPIFY_DEFERRED_REVENUE_ENABLED'] }), user, true))).toContain('Deferred Revenue');
  });
  it('shows Inventory, Amazon Pay and Amazon Deferred Transactions only for Amazon', () => {
    const features = { isAmazonSummaryReportEnabled: false, enableAmazonPay: true, amazonDeferredTransactionEnabled: false };
    const amazon = labels(buildSettingsMenu(account({ accountFeatures: features }), user, true));
    const ebay = labels(buildSettingsMenu(account({ salesChannel: 'EBAY', accountFeatures: features }), user, true));
    for (const l of ['Inventory', 'Amazon Pay', 'Amazon Deferred Transactions']) {
      expect(amazon).toContain(l);
      expect(ebay).not.toContain(l);
    }
  });
  it('shows Amazon Pay only with the enableAmazonPay feature, and PayPal only for PayPal', () => {
    expect(labels(buildSettingsMenu(account(), user, true))).not.toContain('Amazon Pay');
    expect(labels(buildSettingsMenu(account(), user, true))).not.toContain('PayPal');
    expect(labels(buildSettingsMenu(account({ salesChannel: 'PAYPAL' }), user, true))).toContain('PayPal');
  });
  it("labels invoices 'Classes/Tracking' for PayPal", () =>
    expect(labels(buildSettingsMenu(account({ salesChannel: 'PAYPAL' }), user, true))).toContain('Classes/Tracking'));
  it('hides Billing when the payment provider is not enabled', () => expect(labels(buildSettingsMenu(account(), user, false))).not.toContain('Billing'));
  it('shows Backend App to admins only', () => {
    expect(labels(buildSettingsMenu(account(), user, true))).not.toContain('Backend App');
    expect(labels(buildSettingsMenu(account(), { ...user, supportAdmin: true }, true))).toContain('Backend App');
  });
});

describe('main menu', () => {
  it('labels the settlements list by channel', () => {
    expect(settlementsLabel('SHOPIFY')).toBe('Payouts');
    expect(settlementsLabel('ETSY')).toBe('Deposits');
    expect(settlementsLabel('PAYPAL')).toBe('Statements');
    expect(settlementsLabel('WALMART')).toBe('Settlements');
  });
  it("lists the Summary Report for every Amazon account, a new one without flags included, and for no other channel", () => {
    const reports = (a: MenuAccount) => labels(buildMainMenu(a).find((i) => i.key === 'reports')?.subMenu ?? []);
    expect(reports(account({ featureFlags: [] }))).toEqual(['Export Data', 'Reconciliation Report', 'Summary Report']);
    expect(reports(account({ salesChannel: 'SHOPIFY', featureFlags: ['AMAZON_SUMMARY_REPORT'] }))).not.toContain('Summary Report');
    expect(reports(account({ salesChannel: 'SHOPIFY', featureFlags: [] }))).toEqual(['Export Data', 'Finance Report', 'Gift Card Report', 'Reconciliation Report']);
  });
  it('gives Amazon an Inventory submenu with Monthly Summary and Locations', () =>
    expect(labels(buildMainMenu(account()).find((i) => i.key === 'inventory')?.subMenu ?? [])).toEqual(['Monthly Summary', 'Locations']));
  it('shows Postings only for Shopify and Amazon', () => {
    expect(labels(buildMainMenu(account({ salesChannel: 'ETSY' })))).not.toContain('Postings');
    expect(labels(buildMainMenu(account({ salesChannel: 'SHOPIFY' })))).toContain('Postings');
  });
});

describe('user menu', () => {
  it('lets Clarity view-only users see only Logout', () =>
    expect(labels(buildUserMenu({ ...user, permissions: ['CLARITY_VIEW_ONLY'] }, true))).toEqual(['Logout']));
  it('links My Profile to the user settings when the payment provider is enabled', () =>
    expect(buildUserMenu(user, true)[0]).toMatchObject({ label: 'My Profile', to: '/user/settings/profile' }));
  it('links My Profile to /user-profile and hides Billing and Subscriptions otherwise', () => {
    expect(buildUserMenu(user, false)[0]).toMatchObject({ to: '/user-profile' });
    expect(labels(buildUserMenu(user, false))).toEqual(['My Profile', 'Notification Settings', 'Logout']);
  });
});

describe('partner navigation', () => {
  it('is empty for a merchant', () => expect(buildPartnerMenu(user)).toEqual([]));
  it('shows Partner overview to partner users and Teams to those who may', () =>
    expect(labels(buildPartnerMenu({ ...user, partnerCode: 'PARTNER1', canAccessTeams: true }))).toEqual(['Partner overview', 'Teams']));
});

describe('trial', () => {
  it('is an account without a plan code where billing is on, and never where billing is off', () => {
    expect(isTrialAccount({ planCode: null }, true)).toBe(true);
    expect(isTrialAccount({ planCode: 'STANDARD' }, true)).toBe(false);
    expect(isTrialAccount({ planCode: null }, false)).toBe(false);
  });
});
