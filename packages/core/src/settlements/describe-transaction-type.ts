/**
 * describeTransactionType(channel, key): label, default category and whether the channel knows the key.
 * Each channel's catalogue is listed here (one import and one entry per channel). A channel without a
 * catalogue yet still gets every key described from its raw parts, flagged unknown.
 */
import { afterpayTransactionTypes } from '../channels/afterpay/transaction-types';
import { amazonTransactionTypes } from '../channels/amazon/transaction-types';
import { bigcommerceTransactionTypes } from '../channels/bigcommerce/transaction-types';
import { ebayTransactionTypes } from '../channels/ebay/transaction-types';
import { etsyTransactionTypes } from '../channels/etsy/transaction-types';
import { paypalTransactionTypes } from '../channels/paypal/transaction-types';
import { shopifyTransactionTypes } from '../channels/shopify/transaction-types';
import { walmartTransactionTypes } from '../channels/walmart/transaction-types';
import type { Channel } from './model';
import { defineTransactionTypes, describeWithCatalog, type TransactionTypeCatalog, type TransactionTypeInfo } from './transaction-type-catalog';

const CATALOGS: Partial<Record<Channel, TransactionTypeCatalog>> = {
  AMAZON: amazonTransactionTypes,
  SHOPIFY: shopifyTransactionTypes,
  PAYPAL: paypalTransactionTypes,
  EBAY: ebayTransactionTypes,
  ETSY: etsyTransactionTypes,
  WALMART: walmartTransactionTypes,
  BIGCOMMERCE: bigcommerceTransactionTypes,
  AFTERPAY: afterpayTransactionTypes,
};

const CHANNEL_NAMES: Record<Channel, string> = {
  AMAZON: 'Amazon', SHOPIFY: 'Shopify', EBAY: 'eBay', ETSY: 'Etsy', WALMART: 'Walmart',
  BIGCOMMERCE: 'BigCommerce', PAYPAL: 'PayPal', AFTERPAY: 'Afterpay',
};

const EMPTY_CATALOGS = new Map<Channel, TransactionTypeCatalog>();

function catalogOf(channel: Channel): TransactionTypeCatalog {
  const listed = CATALOGS[channel];
  if (listed) return listed;
  let empty = EMPTY_CATALOGS.get(channel);
  if (!empty) {
    empty = defineTransactionTypes(channel, {}, { labelPrefix: CHANNEL_NAMES[channel] });
    EMPTY_CATALOGS.set(channel, empty);
  }
  return empty;
}

export function describeTransactionType(channel: Channel, key: string): TransactionTypeInfo {
  return describeWithCatalog(catalogOf(channel), key);
}

/** Every type the channel's catalogue knows (for the mapping screen). */
export function listTransactionTypes(channel: Channel): TransactionTypeInfo[] {
  const catalog = catalogOf(channel);
  return [...catalog.types.keys()].map((key) => describeWithCatalog(catalog, key));
}
