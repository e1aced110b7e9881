/**
 * Production base URLs of every channel. The server's config overrides any of them
 * (LEDGERPORT_<CHANNEL>_<NAME>_URL, e.g. LEDGERPORT_AMAZON_API_URL) to point at local servers in tests.
 * Shopify's `shop` URL is a template: {shop} is the shop's myshopify domain.
 */
import type { Channel } from '@ledgerport/core/settlements';

export const DEFAULT_CHANNEL_ENDPOINTS: Record<Channel, Record<string, string>> = {
  AMAZON: {
    api: 'https://sellingpartnerapi-na.amazon.com',
    token: 'https://api.amazon.com/auth/o2/token',
    consent: 'https://sellercentral.amazon.com/apps/authorize/consent',
  },
  SHOPIFY: { shop: 'https://{shop}' },
  PAYPAL: { api: 'https://api-m.paypal.com' },
  EBAY: {
    api: 'https://apiz.ebay.com/sell/finances/v1',
    token: 'https://api.ebay.com/identity/v1/oauth2/token',
    consent: 'https://auth.ebay.com/oauth2/authorize',
  },
  ETSY: {
    api: 'https://openapi.etsy.com',
    token: 'https://api.etsy.com/v3/public/oauth/token',
    consent: 'https://www.etsy.com/oauth/connect',
  },
  WALMART: { api: 'https://marketplace.walmartapis.com' },
  BIGCOMMERCE: {
    api: 'https://api.bigcommerce.com',
    token: 'https://login.bigcommerce.com/oauth2/token',
    consent: 'https://login.bigcommerce.com/oauth2/authorize',
    // Payouts: the store's Braintree gateway (BigCommerce Payments / PayPal powered by Braintree).
    gateway: 'https://api.braintreegateway.com',
  },
  AFTERPAY: { api: 'https://global-api.afterpay.com' },
};
