import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLayout } from '@ledgerport/core/rules';
import { buildRoutes } from './router';
import { ROUTES, findRouteMeta } from './route-table';

// Paths of spec section 2, with example values for their parameters.
const SPEC_PATHS = [
  '/admin', '/admin/auth-token', '/admin/request-access', '/admin/sales-source', '/admin/sales-channel',
  '/admin/sales-channel/amazon', '/admin/sales-channel/shopify/cb', '/admin/sales-channel/walmart/connect', '/admin/sales-channel/shopify/install',
  '/admin/sales-channel/bigcommerce/access-token', '/admin/sales-channel/amazon/bank-account-settings', '/admin/accounting/xero', '/admin/accounting/qbo/cb',
  '/admin/accounting/qbo/bank-account-settings', '/admin/accounting/sage/financial-settings',
  '/account-settings', '/account-settings/product-types', '/account-settings/invoices', '/account-settings/statements-accounts-and-taxes', '/account-settings/cogs',
  '/account-settings/automation', '/account-settings/connections', '/account-settings/inventory', '/account-settings/users', '/account-settings/new-features',
  '/account-settings/billing', '/account-settings/registered-country', '/account-settings/amazon-pay', '/account-settings/amazon-deferred-transactions',
  '/account-settings/history', '/account-settings/netsuite-configuration', '/account-settings/paypal', '/account-settings/shopify-b2b', '/account-settings/shopify-deferred-revenue',
  '/user/settings', '/user/settings/profile', '/user/settings/billing', '/user/settings/firm-billing', '/user/settings/subscriptions', '/user/settings/partner-subscriptions',
  '/user/settings/notifications', '/notifications', '/billing', '/billing/checkout', '/billing/checkout/complete', '/billing/migration', '/subscribe',
  '/settlement', '/settlements', '/b2b-settlements', '/deferred-revenue-settlements', '/deferred-transactions-settlements', '/app/settlements', '/app/settlement',
  '/app/b2b-settlements', '/app/deferred-revenue-settlements', '/export-settlement', '/export-cogs', '/overview-settlements',
  '/mapping', '/app/mapping', '/mapping-opt', '/reports/export-data', '/app/reports/export-data', '/shopify/financereport', '/shopify/giftcards', '/shopify/order', '/shopify/order/1001',
  '/shopify/b2b-invoice-report', '/reconciliation-reports', '/reconciliation-reports/report', '/reconciliation-reports/report/r-1', '/amazon/date-range-summary-report',
  '/shopify/reconnect', '/shopify/reconnect/store-mismatch', '/inventory', '/inventory-locations', '/cost-admin', '/invoices', '/invoice', '/afterpay',
  '/overview', '/partner-dashboard', '/partner', '/teams', '/team-settings', '/organization', '/organization/org-1/dashboard', '/organization/unassigned/dashboard',
  '/app/organization/org-1/settings', '/organization/org-1/product-catalog', '/clarity', '/clarity/dashboard', '/clarity/custom', '/clarity/directory', '/clarity/firm', '/clarity/org-1',
  '/account/acc-1', '/account/acc-1/transactions/raw', '/account/acc-1/settlements', '/account/acc-1/transactions/rep-1', '/account/acc-1/connections', '/account/acc-1/billing',
  '/account/acc-1/utilities', '/account/acc-1/feature-flag', '/account/acc-1/mappings', '/account/acc-1/questionnaire', '/account/acc-1/users', '/account/acc-1/amazon/data-state',
  '/account/acc-1/walmart/utilities', '/backend', '/backend/users', '/backend/user/u-1', '/backend/organizations', '/backend/organization/o-1', '/backend/accounts', '/backend/utilities',
  '/backend/ds-to-spanner-testing', '/backend/inconsistent-settlements', '/backend/acc-1/netsuite/suiteql', '/backend/acc-1/netsuite/suiteql/invoice',
  '/backend/acc-1/shopify/fetch-history', '/backend/acc-1/shopify/fetch-history/request/q-1', '/backend/acc-1/shopify/fetch-history/q-1', '/backend/fetch-history-status', '/backend/client-errors',
  '/backend/acc-1/qbo/playground', '/backend/acc-1/paypal/transactions-raw', '/backend/acc-1/paypal/settlements-refresh', '/backend/a2x-ai',
  '/backend/acc-1/amazon/finance-api-settlements', '/backend/acc-1/amazon/financial-events/g-1',
  '/whats-new', '/login', '/404', '/app/404', '/switch', '/logout', '/user-profile', '/oauth/firebase', '/oauth/user-management', '/oauth/google', '/app/admin',
];

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s', (path) => {
    const matches = matchRoutes(buildRoutes(), path);
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });

  it('sends an unknown path to the catch-all', () => {
    expect(matchRoutes(buildRoutes(), '/no-such-page')?.at(-1)?.route.path).toBe('*');
  });

  it('gives every route a title and a body class', () => {
    for (const r of ROUTES) {
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.bodyClass).toMatch(/^page-[a-z0-9-]+$/);
    }
  });

  it('gives every route either its page or the empty state of a page not built yet', () => {
    for (const r of ROUTES) expect([r.path, Boolean(r.page) !== Boolean(r.empty)]).toEqual([r.path, true]);
  });

  it('preloads only pages the table declares', () => {
    const preloads = ROUTES.flatMap((r) => r.preloads ?? []);
    expect(preloads).toEqual(expect.arrayContaining(['signup', 'forgot-password']));
    for (const path of preloads) expect([path, findRouteMeta(path)?.page]).toEqual([path, expect.anything()]);
  });

  it('renders each settlement list with the kind whose first rows load with the session', () => {
    const lists = ROUTES.filter((r) => r.settlementList).map((r) => [r.path, r.settlementList]);
    expect(lists).toEqual([
      ['settlements', 'standard'],
      ['b2b-settlements', 'b2b'],
      ['deferred-revenue-settlements', 'deferred-revenue'],
      ['deferred-transactions-settlements', 'deferred-transactions'],
    ]);
  });

  it('marks every backend and internal account route admin-only', () => {
    for (const r of ROUTES.filter((x) => x.path.startsWith('backend') || x.path.startsWith('account/'))) expect(r.adminOnly).toBe(true);
  });

  it('marks billing pages and settings tabs other than Account, Beta Features and Registered Country strict-referrer', () => {
    const strict = (p: string) => ROUTES.find((r) => r.path === p)?.strictReferrer ?? false;
    expect(strict('billing/checkout')).toBe(true);
    expect(strict('account-settings/users')).toBe(true);
    expect(strict('account-settings')).toBe(false);
    expect(strict('account-settings/new-features')).toBe(false);
    expect(strict('account-settings/registered-country')).toBe(false);
  });

  it('uses the tabbed layout for every settings tab', () => {
    for (const r of ROUTES.filter((x) => x.tabs)) expect(chooseLayout(`/${r.path}`)).toBe('tabbed');
  });
});
