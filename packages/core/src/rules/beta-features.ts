/**
 * The beta features a merchant may switch on or off for an account (Account Settings > Beta
 * Features, spec section 4: "Beta features can be activated or deactivated per account"). Each is an
 * account feature flag; which ones are offered depends on the account's sales channel and accounting
 * system. The other flags stay with our staff (the admin-only feature-flag calls).
 *
 * Only a flag that changes something is offered: the Amazon Summary Report and the Reconciliation
 * Report are open to every account of their channels (and listed in their Reports menus), so their old
 * flags AMAZON_SUMMARY_REPORT and SHOPIFY_RECONCILIATION_TOOL_ENABLED are no longer switches (decision 0055).
 */
export interface BetaFeature {
  flag: string;
  label: string;
  description: string;
}

interface Offer extends BetaFeature {
  isOffered(salesChannel: string, accountingSystem: string): boolean;
}

const OFFERS: readonly Offer[] = [
  {
    flag: 'AMAZON_DEFERRED_TRANSACTIONS_SETTINGS',
    label: 'Amazon deferred transactions',
    description: 'Post the transactions Amazon defers until delivery when they are released, with their own settings tab.',
    isOffered: (channel) => channel === 'AMAZON',
  },
  {
    flag: 'SHOPIFY_SINGLE_ORDER_ENABLED',
    label: 'Single-order (B2B) invoices',
    description: 'One invoice per Shopify order for business customers, instead of a summary per payout.',
    isOffered: (channel) => channel === 'SHOPIFY',
  },
  {
    flag: 'SHOPIFY_DEFERRED_REVENUE_ENABLED',
    label: 'Shopify deferred revenue',
    description: 'Hold revenue as deferred until the order is fulfilled.',
    isOffered: (channel) => channel === 'SHOPIFY',
  },
  {
    flag: 'PAYPAL_SEND_INVOICE',
    label: 'PayPal invoices',
    description: 'Post PayPal statements as invoices instead of journals.',
    isOffered: (channel) => channel === 'PAYPAL',
  },
  {
    flag: 'NETSUITE_INTEGRATION_BETA',
    label: 'NetSuite integration (beta)',
    description: 'The newer NetSuite connection, with subsidiary and custom field settings.',
    isOffered: (_channel, system) => system === 'NETSUITE',
  },
];

/** The beta features offered to an account with this sales channel and accounting system, in a stable order. */
export function betaFeaturesFor(salesChannel: string, accountingSystem: string): BetaFeature[] {
  return OFFERS.filter((o) => o.isOffered(salesChannel, accountingSystem)).map(({ flag, label, description }) => ({ flag, label, description }));
}
