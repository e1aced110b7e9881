/**
 * The demo installation `npm start` creates on an empty database: one organization with accounts on
 * several channels and accounting systems, a trial account, a partner with client accounts in
 * another organization, a root admin, a Clarity view-only user and an unrelated merchant.
 * Keys are readable and stable so the e2e journeys and the README can name them.
 */
export const DEMO_PASSWORD = 'ledgerport-demo';

export interface DemoAccount {
  key: string;
  name: string;
  channel: string;
  accountingSystem: string;
  organizationId: string | null;
  planCode: string | null;
  planAmount: string | null;
  partnerCode: string | null;
  storeName: string;
  /** Connected to its system's local sandbox when the demo starts (seed/start-demo-sandboxes.ts); the sales channels are not connected. */
  accountingConnected: boolean;
  accountingOrganizationName: string | null;
  timeZoneId: string;
  features: { enableAmazonPay?: boolean; cogsEnabled?: boolean; premium?: boolean; showGiftCards?: boolean };
  flags: string[];
}

export const demoOrganizations = [
  { id: 'org-acme', name: 'Acme Outdoor Co', clarityOrganizationId: 'clarity-acme', partnerCode: null, features: ['CLARITY', 'PRODUCT_CATALOG'] },
  { id: 'org-birch', name: 'Birch & Pine Bookkeeping Clients', clarityOrganizationId: null, partnerCode: 'PARTNER1', features: [] },
] as const;

const base = { partnerCode: null, features: {}, flags: [], timeZoneId: 'America/New_York' };

export const demoAccounts: DemoAccount[] = [
  {
    ...base,
    key: 'acme-amazon-us',
    name: 'Acme Outdoor US',
    channel: 'AMAZON',
    accountingSystem: 'QBO',
    organizationId: 'org-acme',
    planCode: 'STANDARD',
    planAmount: '49.0000',
    storeName: 'Acme Outdoor (Amazon.com)',
    accountingConnected: true,
    accountingOrganizationName: 'Acme Outdoor Co (QuickBooks)',
    features: { enableAmazonPay: true, cogsEnabled: true },
    flags: ['AMAZON_SUMMARY_REPORT', 'NEW_ADMIN_PAGE'],
  },
  {
    ...base,
    key: 'acme-amazon-ca',
    name: 'Acme Outdoor CA',
    channel: 'AMAZON',
    accountingSystem: 'QBO',
    organizationId: 'org-acme',
    planCode: 'STANDARD',
    planAmount: '49.0000',
    storeName: 'Acme Outdoor (Amazon.ca)',
    accountingConnected: true,
    accountingOrganizationName: 'Acme Outdoor Co (QuickBooks)',
    timeZoneId: 'America/Toronto',
  },
  {
    ...base,
    key: 'acme-shopify',
    name: 'Acme Outdoor Shop',
    channel: 'SHOPIFY',
    accountingSystem: 'XERO',
    organizationId: 'org-acme',
    planCode: 'PREMIUM',
    planAmount: '99.0000',
    storeName: 'acme-outdoor.myshopify.com',
    accountingConnected: true,
    accountingOrganizationName: 'Acme Outdoor Co (Xero)',
    features: { premium: true, showGiftCards: true },
    flags: ['SHOPIFY_SINGLE_ORDER_ENABLED', 'SHOPIFY_DEFERRED_REVENUE_ENABLED'],
  },
  {
    ...base,
    key: 'acme-ebay',
    name: 'Acme Outdoor eBay',
    channel: 'EBAY',
    accountingSystem: 'MANUAL',
    organizationId: 'org-acme',
    planCode: 'STANDARD',
    planAmount: '29.0000',
    storeName: 'acme_outdoor_ebay',
    accountingConnected: true,
    accountingOrganizationName: null,
  },
  {
    ...base,
    key: 'trial-etsy',
    name: 'Trial Etsy Shop',
    channel: 'ETSY',
    accountingSystem: 'NONE',
    organizationId: 'org-acme',
    planCode: null,
    planAmount: null,
    storeName: 'AcmeOutdoorCrafts',
    accountingConnected: false,
    accountingOrganizationName: null,
  },
  {
    ...base,
    key: 'birch-walmart',
    name: 'Birch Home Goods',
    channel: 'WALMART',
    accountingSystem: 'SAGE',
    organizationId: 'org-birch',
    partnerCode: 'PARTNER1',
    planCode: 'STANDARD',
    planAmount: '49.0000',
    storeName: 'Birch Home Goods',
    accountingConnected: true,
    accountingOrganizationName: 'Birch Home Goods Ltd (Sage)',
    timeZoneId: 'America/Chicago',
  },
  {
    ...base,
    key: 'birch-bigcommerce',
    name: 'Cedar Crafts',
    channel: 'BIGCOMMERCE',
    accountingSystem: 'NETSUITE',
    organizationId: 'org-birch',
    partnerCode: 'PARTNER1',
    planCode: 'PREMIUM',
    planAmount: '99.0000',
    storeName: 'cedar-crafts',
    accountingConnected: false,
    accountingOrganizationName: null,
    flags: ['NETSUITE_INTEGRATION_BETA'],
  },
  {
    ...base,
    key: 'other-seller',
    name: 'Other Seller Ltd',
    channel: 'SHOPIFY',
    accountingSystem: 'QBO',
    organizationId: null,
    planCode: 'STANDARD',
    planAmount: '49.0000',
    storeName: 'other-seller.myshopify.com',
    accountingConnected: true,
    accountingOrganizationName: 'Other Seller Ltd',
    timeZoneId: 'Europe/London',
  },
];

export interface DemoUser {
  userId: string;
  email: string;
  name: string;
  description: string;
  partnerCode?: string;
  /** Firm role for a partner user (decision 0038); a partner user without one is a firm admin. */
  partnerRole?: 'admin' | 'member';
  rootAdmin?: boolean;
  supportAdmin?: boolean;
  permissions?: string[];
  currentAccountKey: string;
  organizations: { id: string; role: 'admin' | 'member' }[];
  accounts: { key: string; role: 'owner' | 'member' | 'view-only' }[];
}

export const demoUsers: DemoUser[] = [
  {
    userId: 'user-demo',
    email: 'demo@ledgerport.local',
    name: 'Dana Demo',
    description: 'merchant: Acme Outdoor Co (Amazon US/CA, Shopify, eBay, trial Etsy)',
    currentAccountKey: 'acme-amazon-us',
    organizations: [{ id: 'org-acme', role: 'admin' }],
    accounts: [],
  },
  {
    userId: 'user-partner',
    email: 'partner@ledgerport.local',
    name: 'Pat Partner',
    description: 'partner PARTNER1 with client accounts Birch Home Goods and Cedar Crafts',
    partnerCode: 'PARTNER1',
    currentAccountKey: 'birch-walmart',
    organizations: [{ id: 'org-birch', role: 'admin' }],
    accounts: [],
  },
  {
    userId: 'user-teammate',
    email: 'teammate@ledgerport.local',
    name: 'Tia Teammate',
    description: 'member of the partner firm PARTNER1, not a firm admin: sees only the clients of her teams (none until a team has her)',
    partnerCode: 'PARTNER1',
    partnerRole: 'member',
    currentAccountKey: 'birch-walmart',
    organizations: [],
    accounts: [],
  },
  {
    userId: 'user-admin',
    email: 'admin@ledgerport.local',
    name: 'Ada Admin',
    description: 'root admin (backend area, every account)',
    rootAdmin: true,
    currentAccountKey: 'acme-amazon-us',
    organizations: [{ id: 'org-acme', role: 'member' }],
    accounts: [],
  },
  {
    userId: 'user-support',
    email: 'support@ledgerport.local',
    name: 'Sam Support',
    description: 'support admin (backend area; does the books of any account, cannot rename it or manage its users)',
    supportAdmin: true,
    currentAccountKey: 'acme-amazon-us',
    organizations: [],
    accounts: [],
  },
  {
    userId: 'user-clarity',
    email: 'clarity@ledgerport.local',
    name: 'Cleo Clarity',
    description: 'Clarity view-only member of Acme Outdoor Co',
    permissions: ['CLARITY_VIEW_ONLY'],
    currentAccountKey: 'acme-amazon-us',
    organizations: [{ id: 'org-acme', role: 'member' }],
    accounts: [],
  },
  {
    userId: 'user-viewer',
    email: 'viewer@ledgerport.local',
    name: 'Vera Viewer',
    description: 'view-only member of Acme Outdoor US (reads, cannot change)',
    currentAccountKey: 'acme-amazon-us',
    organizations: [],
    accounts: [{ key: 'acme-amazon-us', role: 'view-only' }],
  },
  {
    userId: 'user-other',
    email: 'other@ledgerport.local',
    name: 'Oscar Other',
    description: 'merchant of the unrelated account Other Seller Ltd',
    currentAccountKey: 'other-seller',
    organizations: [],
    accounts: [{ key: 'other-seller', role: 'owner' }],
  },
];
