import type { Channel } from '@ledgerport/core/settlements';

const NAMES: Record<string, string> = {
  AMAZON: 'Amazon',
  SHOPIFY: 'Shopify',
  EBAY: 'eBay',
  ETSY: 'Etsy',
  WALMART: 'Walmart',
  BIGCOMMERCE: 'BigCommerce',
  PAYPAL: 'PayPal',
  AFTERPAY: 'Afterpay',
};

/** The contact (customer or supplier) a settlement's invoice is addressed to, e.g. 'Amazon'. */
export function channelContactName(channel: Channel): string {
  return NAMES[channel] ?? channel;
}
