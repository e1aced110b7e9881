/** One sentence per audit entry for Settings > History: what changed, in the words of the settings screens. */
const FIELD_LABELS: Record<string, string> = {
  accountName: 'Account name',
  accountingSystemReferenceName: 'Accounting system reference name',
  timeZoneId: 'Time zone',
  groupBy: 'Group sales by',
  isSplitByMonth: 'Split by month',
  shouldSplitByCountry: 'Split by country',
  isTrackedByMarketplace: 'Track by marketplace',
  trackingCategoryName: 'Tracking category',
  inconsistentSettlements: 'Inconsistent settlements',
  productTypes: 'Product types',
  amazonDeferredTransactionEnabled: 'Post Amazon deferred transactions',
  shopifyB2bEnabled: 'B2B orders as their own invoices',
  b2bOrderTag: 'B2B order tag',
  b2bGateways: 'B2B payment gateways',
  shopifyDeferredRevenueEnabled: 'Defer revenue until fulfilment',
  isEnabled: 'Automatic sending',
  delayHours: 'Delay in hours',
  isSendingUploads: 'Send uploaded settlements',
  sendFromDate: 'First day sent',
  costingMethod: 'Costing method',
  refundTreatment: 'Refunded units',
  inventoryAccount: 'Inventory account',
  cogsAccount: 'Cost of goods sold account',
  country: 'Registered country',
  isRegistered: 'VAT/GST registered',
  registrationNumber: 'Registration number',
  taxRates: 'Tax rates',
  salesTaxRate: 'Sales tax rate',
  feesTaxRate: 'Fees tax rate',
  reverseChargeTaxRate: 'Reverse charge tax rate',
  noTaxRate: 'No-tax rate',
  statementAccount: 'Statement account',
  netSuiteSubsidiary: 'Subsidiary',
  netSuiteDepartment: 'Department',
  netSuiteClass: 'Class',
  netSuiteLocation: 'Location',
  paypalCurrenciesOff: 'Currencies not imported',
  paypalClearingAccounts: 'Clearing accounts by currency',
  paypalAccountsOff: 'PayPal accounts not imported',
  amazonPayEnabled: 'Post Amazon Pay to its clearing account',
  amazonPayClearingAccount: 'Amazon Pay clearing account',
  amazonPaySeparate: 'Amazon Pay kept separate',
  isMonthlyFetchEnabled: 'Fetch inventory monthly',
  aggregateBy: 'Inventory by',
  marketplaceId: 'Inventory marketplace',
  valuationCurrency: 'Valuation currency',
};

const ACTION_LABELS: Record<string, string> = {
  'account.created': 'Created the account',
  'account.redaction-requested': 'Asked for the deletion of the account data',
  'account.redaction-cancelled': 'Cancelled the deletion of the account data',
  'account.renamed': 'Renamed the account',
  'account.posting-settings-changed': 'Changed the posting settings',
  'account.registered-country-changed': 'Changed the registered country',
  'ledger.account-added': 'Added an account to the built-in ledger',
  'ledger.account-changed': 'Changed an account of the built-in ledger',
  'ledger.account-deleted': 'Deleted an account of the built-in ledger',
  'ledger.tax-rate-added': 'Added a tax rate to the built-in ledger',
  'ledger.tax-rate-changed': 'Changed a tax rate of the built-in ledger',
  'ledger.lock-date-changed': 'Changed the lock date of the built-in ledger',
  'onboarding.assisted-setup-applied': 'Set up the account from the assisted setup answers',
  'account.statement-accounts-and-taxes-changed': 'Changed the statement accounts and taxes',
  'account.netsuite-configuration-changed': 'Changed the NetSuite configuration',
  'account.paypal-settings-changed': 'Changed the PayPal settings',
  'account.amazon-pay-settings-changed': 'Changed the Amazon Pay settings',
  'account.features-changed': 'Changed the account features',
  'account.shopify-b2b-changed': 'Changed the Shopify B2B invoices',
  'account.shopify-deferred-revenue-changed': 'Changed the Shopify deferred revenue',
  'settlement.hold-released': 'Released a settlement from hold',
  'user.switched-account': 'Opened the account',
  'backend.user-impersonated': 'Opened the account as',
  'backend.account-utility-run': 'Support ran',
  'backend.qbo-queried': 'Read QuickBooks Online',
  'backend.netsuite-queried': 'Read NetSuite',
  'backend.netsuite-record-read': 'Read a NetSuite record',
  'backend.paypal-refresh-requested': 'Asked PayPal again for the statements of',
  'backend.history-requested': 'Asked the sales channel for the settlements of',
  'account.feature-flags-added': 'Switched on feature flags',
  'account.feature-flags-removed': 'Switched off feature flags',
  'settlement.deleted': 'Deleted',
  'settlement.send-queued': 'Sent',
  'settlement.cogs-refreshed': 'Refreshed the cost of goods sold of',
  'settlement.cogs-send-queued': 'Sent the cost of goods sold of',
  'account.cogs-settings-changed': 'Changed the cost of goods sold settings',
  'product.cost-saved': 'Saved a product cost',
  'product.cost-deleted': 'Deleted a product cost',
  'product.costs-imported': 'Imported product costs',
  'inventory.report-uploaded': 'Uploaded an inventory report',
  'account.inventory-fetch-changed': 'Changed the inventory fetch settings',
  'inventory.month-fetch-asked': 'Asked Amazon for the inventory report of',
  'inventory.report-fetched': 'Fetched the inventory report from Amazon for',
  'product.bundle-saved': 'Saved a bundle',
  'product.lot-added': 'Recorded a purchase lot',
  'settlement.auto-send-queued': 'Automatically sent',
  'account.automation-changed': 'Changed the automation',
  'settlement.reprocessed': 'Reprocessed',
  'settlement.redownloaded': 'Downloaded again',
  'settlement.uploaded': 'Uploaded settlement files',
  'mappings.saved': 'Saved the mappings',
  'mappings.copied': 'Copied the mappings from another account',
  'connection.connected': 'Connected',
  'connection.disconnected': 'Disconnected',
  'account.user-invited': 'Invited',
  'account.user-invite-resent': 'Sent the invite again to',
  'account.user-invite-revoked': 'Withdrew the invite to',
  'account.user-invite-accepted': 'Accepted the invite',
  'account.user-invite-declined': 'Declined the invite',
  'account.user-role-changed': 'Changed the role of',
  'account.user-removed': 'Removed',
  'reconciliation.created': 'Made a reconciliation report',
  'reconciliation.deleted': 'Deleted a reconciliation report',
  'onboarding.questionnaire-started': 'Started the assisted setup questionnaire',
  'onboarding.questionnaire-saved': 'Saved answers of the assisted setup questionnaire',
  'onboarding.questionnaire-deleted': 'Deleted the assisted setup questionnaire',
  'onboarding.questionnaire-finalized': 'Finished the assisted setup questionnaire',
  'billing.checkout-started': 'Opened a checkout',
  'billing.firm-checkout-started': 'Opened a firm checkout for several client accounts',
  'billing.subscription-changed': 'Subscription changed by Stripe',
  'billing.plan-change-asked': 'Asked to change the plan',
  'billing.cancel-asked': 'Cancelled the subscription at the end of the period',
  'billing.resume-asked': 'Resumed the subscription',
  'billing.plan-changed': 'Changed a plan',
  'billing.plan-created': 'Created a plan',
};

const AGGREGATION_WORDS: Record<string, string> = { FC: 'fulfilment centre', COUNTRY: 'country' };

const ROLE_WORDS: Record<string, string> = { owner: 'owner', member: 'member', 'view-only': 'view-only' };

/** Users and invites (Account Settings > Users): who, and as what. */
function summarizeUserChange(action: string, label: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const email = typeof (after?.email ?? before?.email) === 'string' ? String(after?.email ?? before?.email) : 'a user';
  const role = (r: unknown) => (typeof r === 'string' ? (ROLE_WORDS[r] ?? r) : 'none');
  switch (action) {
    case 'account.user-invited':
    case 'account.user-invite-resent':
      return `${label} ${email} as ${role(after?.role)}`;
    case 'account.user-invite-accepted':
      return `${label} (${email}) as ${role(after?.role)}`;
    case 'account.user-invite-declined':
      return `${label} (${email})`;
    case 'account.user-role-changed':
      return `${label} ${email}: ${role(before?.role)} → ${role(after?.role)}`;
    default:
      return `${label} ${email}`;
  }
}

const ROLE_LABELS: Record<string, string> = { accounting: 'the accounting system', 'sales-channel': 'the sales channel', 'sales-source': 'the payment source' };

function show(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return `${value.length} rule${value.length === 1 ? '' : 's'}`;
  if (value === null || value === undefined || value === '') return 'none';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export function summarizeSettingChange(action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const label = ACTION_LABELS[action] ?? action.replace(/^[a-z-]+\./, '').replaceAll('-', ' ').replace(/^./, (c) => c.toUpperCase());
  if (action === 'onboarding.questionnaire-finalized') return after?.quickSetup === true ? `${label} with quick setup` : label;
  if (action.startsWith('onboarding.')) return label;
  if (action.startsWith('billing.') && typeof after?.planCode === 'string') return `${label}: ${after.planCode}${typeof after.status === 'string' ? ` (${after.status})` : ''}`;
  if (action.startsWith('account.user-')) return summarizeUserChange(action, label, before, after);
  if (action === 'backend.user-impersonated') return `${label} ${show(after?.email)} (support: ${show(after?.staffName)})`;
  if (action === 'backend.account-utility-run') return `${label} ${show(after?.utility)} (support: ${show(after?.staffName)}): ${show(after?.message)}`;
  if (action === 'backend.qbo-queried' || action === 'backend.netsuite-queried') return `${label}: ${show(after?.query)} (support: ${show(after?.staffName)})`;
  if (action === 'backend.netsuite-record-read') return `${label}: ${show(after?.recordType)} ${show(after?.id)} (support: ${show(after?.staffName)})`;
  if (action === 'backend.paypal-refresh-requested' || action === 'backend.history-requested') return `${label} ${show(after?.fromDate)} to ${show(after?.toDate)} (support: ${show(after?.staffName)})`;
  if (action.startsWith('settlement.') && action !== 'settlement.hold-released' && action !== 'settlement.uploaded') {
    const id = after?.settlementId ?? before?.settlementId;
    return `${label} settlement ${typeof id === 'string' ? id : ''}`.trim();
  }
  if (action === 'settlement.uploaded' && Array.isArray(after?.files)) return `${label}: ${after.files.join(', ')}`;
  if (action.startsWith('reconciliation.') && typeof (after ?? before)?.fileName === 'string') return `${label}: ${String((after ?? before)?.fileName)}`;
  if (action === 'mappings.copied' && typeof after?.copiedFrom === 'string') return `${label} (${after.copiedFrom}): version ${show(before?.version)} → ${show(after.version)}`;
  if (action === 'mappings.saved') return `${label}: version ${show(before?.version)} → ${show(after?.version)}`;
  if (action.startsWith('connection.')) {
    const side = after ?? before ?? {};
    const role = typeof side.role === 'string' ? (ROLE_LABELS[side.role] ?? side.role) : 'a connection';
    const system = (action === 'connection.connected' ? after?.system : before?.system) ?? null;
    const name = (action === 'connection.connected' ? (after?.organizationName ?? after?.storeName) : (before?.organizationName ?? before?.storeName)) ?? null;
    return `${label} ${role}${typeof system === 'string' ? ` (${system}${typeof name === 'string' && name ? `, ${name}` : ''})` : ''}`;
  }
  if (action.startsWith('inventory.') && typeof after?.month === 'string') return `${label} ${after.month}${typeof after.reportId === 'string' ? ` (report ${after.reportId})` : ''}`;
  const fields = Object.keys(after ?? {}).filter((k) => k in FIELD_LABELS);
  if (fields.length === 0) return typeof after?.settlementId === 'string' ? `${label}: settlement ${after.settlementId}` : label;
  const word = (k: string, v: unknown) => (k === 'aggregateBy' && typeof v === 'string' ? (AGGREGATION_WORDS[v] ?? v) : v);
  const changes = fields.map((k) => `${FIELD_LABELS[k]} ${show(word(k, before?.[k]))} → ${show(word(k, after?.[k]))}`);
  return `${label}: ${changes.join('; ')}`;
}
