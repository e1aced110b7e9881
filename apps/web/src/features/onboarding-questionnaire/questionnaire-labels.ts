/** The words the questionnaire's controls and the support page show for core's answer codes. */
import type { BusinessType, HelpTopic, OrderVolumeBand, QuestionnaireAccountingSystem, QuestionnaireSalesChannel } from '@ledgerport/core/rules';

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  'sole-trader': 'Sole trader',
  partnership: 'Partnership',
  company: 'Company',
  'non-profit': 'Non-profit',
  other: 'Other',
};

export const SALES_CHANNEL_LABELS: Record<QuestionnaireSalesChannel, string> = {
  AMAZON: 'Amazon',
  SHOPIFY: 'Shopify',
  EBAY: 'eBay',
  ETSY: 'Etsy',
  WALMART: 'Walmart',
  BIGCOMMERCE: 'BigCommerce',
  PAYPAL: 'PayPal',
  AFTERPAY: 'Afterpay',
  WOOCOMMERCE: 'WooCommerce',
  TIKTOK_SHOP: 'TikTok Shop',
  OTHER: 'Other',
};

export const ORDER_VOLUME_LABELS: Record<OrderVolumeBand, string> = {
  'under-100': 'Fewer than 100',
  '100-999': '100 to 999',
  '1000-9999': '1,000 to 9,999',
  '10000-plus': '10,000 or more',
};

export const ACCOUNTING_SYSTEM_LABELS: Record<QuestionnaireAccountingSystem, string> = {
  XERO: 'Xero',
  QBO: 'QuickBooks Online',
  SAGE: 'Sage',
  NETSUITE: 'NetSuite',
  MANUAL: 'Built-in ledger',
  OTHER: 'Another system (built-in ledger with file exports)',
  NONE: 'None yet (built-in ledger)',
};

export const HELP_TOPIC_LABELS: Record<HelpTopic, string> = {
  mappings: 'Choosing accounts for each fee and sale',
  'sales-tax-vat': 'Sales tax, VAT or GST',
  'multi-currency': 'Several currencies',
  'inventory-cogs': 'Inventory and cost of goods sold',
  reconciliation: 'Reconciling payouts with the bank',
  'historical-data': 'Bringing in past months',
  automation: 'Sending settlements automatically',
};

/** Countries sellers most often sell in, offered first; any ISO code can be typed too. */
export const COMMON_COUNTRIES = ['US', 'CA', 'MX', 'GB', 'IE', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'SE', 'PL', 'AT', 'AU', 'NZ', 'JP', 'SG', 'AE', 'IN', 'BR'];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export const yesNo = (value: boolean | null): string => (value === null ? 'Not answered' : value ? 'Yes' : 'No');
