import { describe, expect, it } from 'vitest';
import { betaFeaturesFor } from './beta-features';

describe('betaFeaturesFor', () => {
  it("offers each account the features of its channel and accounting system, and no staff-only flag", () => {
    expect(betaFeaturesFor('AMAZON', 'XERO').map((f) => f.flag)).toEqual(['AMAZON_DEFERRED_TRANSACTIONS_SETTINGS']);
    expect(betaFeaturesFor('SHOPIFY', 'NETSUITE').map((f) => f.flag)).toEqual(['SHOPIFY_SINGLE_ORDER_ENABLED', 'SHOPIFY_DEFERRED_REVENUE_ENABLED', 'NETSUITE_INTEGRATION_BETA']);
    expect(betaFeaturesFor('ETSY', 'MANUAL')).toEqual([]);
    for (const channel of ['AMAZON', 'SHOPIFY', 'EBAY', 'ETSY', 'WALMART', 'BIGCOMMERCE', 'PAYPAL', 'AFTERPAY']) {
      for (const f of betaFeaturesFor(channel, 'NETSUITE')) expect(['STRIPE_BILLING_INTEGRATION', 'A2X_CLARITY_ENABLED', 'NEW_ADMIN_PAGE']).not.toContain(f.flag);
    }
  });
  it('offers no switch for a report every account of its channel opens anyway', () => {
    for (const channel of ['AMAZON', 'SHOPIFY']) expect(betaFeaturesFor(channel, 'XERO').map((f) => f.flag)).not.toContain(channel === 'AMAZON' ? 'AMAZON_SUMMARY_REPORT' : 'SHOPIFY_RECONCILIATION_TOOL_ENABLED');
  });
});
