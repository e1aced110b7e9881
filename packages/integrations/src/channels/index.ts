/**
 * Sales channel and payment source integrations. Each connector turns its channel's API data into
 * core's normalized settlements by going through core's file parsers (same numbers, same duplicate key).
 */
import type { Channel } from '@ledgerport/core/settlements';
import type { ChannelConnector } from './channel-connector';
import { amazonConnector } from './amazon/amazon-connector';
import { shopifyConnector } from './shopify/shopify-connector';
import { paypalConnector } from './paypal/paypal-connector';
import { ebayConnector } from './ebay/ebay-connector';
import { walmartConnector } from './walmart/walmart-connector';
import { etsyConnector } from './etsy/etsy-connector';
import { afterpayConnector } from './afterpay/afterpay-connector';
import { bigcommerceConnector } from './bigcommerce/bigcommerce-connector';

export * from './channel-connector';
export * from './channel-endpoints';
export * from './shared/channel-errors';
export * from './shared/channel-session';
export { isShopDomain } from './shopify/shopify-connector';
/** The ids the Amazon connector gives an open Finances API event group and a month of deferred transactions. */
export { OPEN_PREFIX as AMAZON_OPEN_GROUP_PREFIX } from './amazon/amazon-finances';
export { DEFERRED_PREFIX as AMAZON_DEFERRED_PREFIX } from './amazon/amazon-deferred';
export { fetchLedgerSummary, ledgerSummarySpecification, type LedgerAggregation, type LedgerSummaryRequest } from './amazon/amazon-inventory-report';
export { paypalTypeName } from './paypal/paypal-connector';
export { decimalText } from './shared/exact-json';
export { listEventGroups, listGroupEvents, type FinancialEventGroup } from './amazon/amazon-finances';
export { summarizeEventLists, type EventListSummary } from './amazon/amazon-event-summary';

/** The connectors built so far, by channel. */
export const CHANNEL_CONNECTORS: Partial<Record<Channel, ChannelConnector>> = {
  AMAZON: amazonConnector,
  SHOPIFY: shopifyConnector,
  PAYPAL: paypalConnector,
  EBAY: ebayConnector,
  WALMART: walmartConnector,
  ETSY: etsyConnector,
  AFTERPAY: afterpayConnector,
  BIGCOMMERCE: bigcommerceConnector,
};
