/**
 * Every file parser Ledgerport knows, in one plain array. parseReport asks each one's detect() how
 * sure it is that a file is its format. To add a parser: one import line and one array entry.
 */
import type { ReportParser } from '../settlements/parser';
import { amazonV2Parser } from './amazon/parse-amazon-v2';
import { amazonV1Parser } from './amazon/parse-amazon-v1';
import { shopifyTransactionsParser } from './shopify/parse-shopify-transactions';
import { shopifyPayoutsParser } from './shopify/parse-shopify-payouts';
import { paypalActivityParser } from './paypal/parse-paypal-activity';
import { paypalStlParser } from './paypal/parse-paypal-stl';
import { etsyStatementParser } from './etsy/parse-etsy-statement';
import { ebayTransactionsParser } from './ebay/parse-ebay-transactions';
import { walmartReconParser } from './walmart/parse-walmart-recon';
import { braintreeSettlementParser } from './bigcommerce/parse-braintree-settlement';
import { afterpaySettlementParser } from './afterpay/parse-afterpay-settlement';

export const REPORT_PARSERS: readonly ReportParser[] = [
  amazonV2Parser,
  amazonV1Parser,
  shopifyTransactionsParser,
  shopifyPayoutsParser,
  paypalActivityParser,
  paypalStlParser,
  etsyStatementParser,
  ebayTransactionsParser,
  walmartReconParser,
  braintreeSettlementParser,
  afterpaySettlementParser,
];
