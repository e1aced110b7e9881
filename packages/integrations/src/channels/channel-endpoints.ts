/**
 * Production base URLs of every channel. The server's config overrides any of them
 * (LEDGERPORT_<CHANNEL>_<NAME>_URL, e.g. LEDGERPORT_AMAZON_API_URL) to point at local servers in tests.
 * Shopify's `shop` URL is a template: {shop} is the shop's myshopify domain.
 * Amazon has one SP-API host per selling region (`api` is North America, `api_eu` Europe, `api_fe` the
 * Far East; overridden by LEDGERPORT_AMAZON_API_URL, _URL_EU, _URL_FE) and one consent page per
 * marketplace: `consent` is a template whose {sellerCentral} is the marketplace's Seller Central host
 * (core's AMAZON_MARKETPLACES); an override (LEDGERPORT_AMAZON_CONSENT_URL[_EU|_FE]) replaces the
 * consent page of every marketplace of its region. amazon/amazon-region.ts picks them for a connection.
 */
import type { Channel } from '@ledgerport/core/settlements';

/** The consent page of an Amazon marketplace: its Seller Central host goes in {sellerCentral}. */
export const AMAZON_CONSENT_TEMPLATE = 'https://{sellerCentral}/apps/authorize/consent';

export const DEFAULT_CHANNEL_ENDPOINTS: Record<Channel, Record<string, string>> = {
  AMAZON: {
    api: 'https://sellingpartnerapi-na.amazon.com',
    api_eu: 'https://sellingpartnerapi-eu.amazon.com',
    api_fe: 'https://sellingpartnerapi-fe.amazon.com',
    // Login with Amazon is one for every region.
    token: 'https://api.amazon.com/auth/o2/token',
    consent: AMAZON_CONSENT_TEMPLATE,
    consent_eu: AMAZON_CONSENT_TEMPLATE,
    consent_fe: AMAZON_CONSENT_TEMPLATE,
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
