/**
 * Default charts of accounts per accounting system: what the setup wizard proposes. Names follow the
 * A2X / Link My Books conventions a bookkeeper recognises ("Amazon Sales", "Amazon Reserved
 * Balances"); codes follow each system's habits: Xero short alphanumeric codes (<= 10 chars),
 * QBO / NetSuite / Sage numeric nominal codes in the usual ranges (1xxx assets, 2xxx liabilities,
 * 4xxx income, 6xxx expenses, 9998 suspense as in Sage), MANUAL the hierarchical path itself.
 */
import { CHANNELS, type Category, type Channel } from '../settlements/model';
import type { AccountKind, AccountRole, AccountingSystem, ChartOfAccounts, LedgerAccount, TaxRate } from './model';

/** Display names; also the path component (Beancount needs a capital first letter, hence 'Ebay'). */
export const CHANNEL_NAMES: Record<Channel, { name: string; pathName: string; short: string }> = {
  AMAZON: { name: 'Amazon', pathName: 'Amazon', short: 'AMZ' },
  SHOPIFY: { name: 'Shopify', pathName: 'Shopify', short: 'SHP' },
  EBAY: { name: 'eBay', pathName: 'Ebay', short: 'EBY' },
  ETSY: { name: 'Etsy', pathName: 'Etsy', short: 'ETS' },
  WALMART: { name: 'Walmart', pathName: 'Walmart', short: 'WMT' },
  BIGCOMMERCE: { name: 'BigCommerce', pathName: 'BigCommerce', short: 'BGC' },
  PAYPAL: { name: 'PayPal', pathName: 'PayPal', short: 'PPL' },
  AFTERPAY: { name: 'Afterpay', pathName: 'Afterpay', short: 'AFP' },
};

interface AccountTemplate {
  /** The category this account is the default target of, if any. */
  category?: Category;
  role?: AccountRole;
  kind: AccountKind;
  name: string;
  path: string;
  number: number;
  xero: string;
  /** Transaction types (of this channel) this account is the default target of, before their category's. */
  typeKeys?: string[];
}

/** Per-channel accounts; `number` gets the channel index added (Amazon 0, Shopify 1...). */
function channelTemplates(c: Channel): AccountTemplate[] {
  const { name: n, pathName: p, short: s } = CHANNEL_NAMES[c];
  return [
    { role: 'clearing', kind: 'asset', name: `${n} Clearing`, path: `Assets:Clearing:${p}`, number: 1250, xero: `${s}CLR` },
    { role: 'reserved-balances', category: 'reserves', kind: 'asset', name: `${n} Reserved Balances`, path: `Assets:${p}:ReservedBalances`, number: 1300, xero: `${s}RES` },
    { role: 'carried-forward', kind: 'asset', name: `${n} Carried Forward Balance`, path: `Assets:${p}:CarriedForward`, number: 1350, xero: `${s}CF` },
    { category: 'transfers', kind: 'asset', name: `${n} Transfers and Card Charges`, path: `Assets:${p}:Transfers`, number: 1400, xero: `${s}XFER` },
    { category: 'tax', kind: 'liability', name: `${n} Sales Tax and Marketplace Facilitator Tax`, path: `Liabilities:${p}:SalesTax`, number: 2250, xero: `${s}TAX` },
    { category: 'sales', kind: 'income', name: `${n} Sales`, path: `Income:${p}:Sales`, number: 4100, xero: `${s}SALES` },
    { category: 'shipping', kind: 'income', name: `${n} Shipping Income`, path: `Income:${p}:Shipping`, number: 4200, xero: `${s}SHIP` },
    { category: 'refunds', kind: 'income', name: `${n} Refunds`, path: `Income:${p}:Refunds`, number: 4300, xero: `${s}REF` },
    { category: 'reimbursements', kind: 'income', name: `${n} Reimbursements`, path: `Income:${p}:Reimbursements`, number: 4400, xero: `${s}REIMB` },
    { category: 'fees', kind: 'expense', name: `${n} Seller Fees`, path: `Expenses:${p}:SellerFees`, number: 6100, xero: `${s}FEES` },
    { category: 'advertising', kind: 'expense', name: `${n} Advertising`, path: `Expenses:${p}:Advertising`, number: 6200, xero: `${s}ADV` },
    { category: 'other', kind: 'expense', name: `${n} Other Charges`, path: `Expenses:${p}:OtherCharges`, number: 6900, xero: `${s}OTH` },
  ];
}

/**
 * Accounts only some channels need. Money a Shopify store holds for its customers is a liability, not
 * a charge: a gift card sold is owed until redeemed, and revenue deferred until fulfilment is owed
 * until then (decisions 0027, 0028), so their types default here rather than to their category's
 * "Other Charges" expense.
 */
const CHANNEL_EXTRAS: Partial<Record<Channel, AccountTemplate[]>> = {
  SHOPIFY: [
    { typeKeys: ['gift_card'], kind: 'liability', name: 'Shopify Gift Card Liability', path: 'Liabilities:Shopify:GiftCards', number: 2300, xero: 'SHPGC' },
    { typeKeys: ['deferred revenue|liability'], kind: 'liability', name: 'Shopify Deferred Revenue', path: 'Liabilities:Shopify:DeferredRevenue', number: 2400, xero: 'SHPDEFREV' },
  ],
};

const templatesOf = (c: Channel): AccountTemplate[] => [...channelTemplates(c), ...(CHANNEL_EXTRAS[c] ?? [])];

const SHARED: AccountTemplate[] = [
  { role: 'rounding', kind: 'expense', name: 'Rounding', path: 'Expenses:Rounding', number: 6990, xero: 'ROUNDING' },
  { role: 'suspense', kind: 'asset', name: 'Suspense', path: 'Assets:Suspense', number: 9998, xero: 'SUSPENSE' },
];

const TAX_RATES: Record<AccountingSystem, TaxRate[]> = {
  XERO: [{ code: 'NONE', name: 'Tax Exempt' }],
  QBO: [{ code: 'NON', name: 'Out of Scope' }],
  SAGE: [{ code: 'NO_TAX', name: 'No Tax' }],
  // NetSuite REST journal entries take no tax fields: the empty code means "no tax".
  NETSUITE: [{ code: '', name: 'No Tax' }],
  MANUAL: [{ code: 'NONE', name: 'No Tax' }],
};

export function defaultTaxRate(system: AccountingSystem): TaxRate {
  return TAX_RATES[system][0]!;
}

function codeFor(system: AccountingSystem, t: AccountTemplate, channelIndex: number): string {
  if (system === 'XERO') return t.xero;
  if (system === 'MANUAL') return t.path;
  return String(t.number + channelIndex);
}

/** The default chart for a system, with per-channel accounts for the given channels (all by default). */
export function defaultChart(system: AccountingSystem, channels: readonly Channel[] = CHANNELS): ChartOfAccounts {
  const accounts: LedgerAccount[] = [];
  for (const channel of channels) {
    const index = CHANNELS.indexOf(channel);
    for (const t of templatesOf(channel)) {
      accounts.push({ code: codeFor(system, t, index), name: t.name, kind: t.kind, path: t.path, channel, ...(t.role ? { role: t.role } : {}) });
    }
  }
  for (const t of SHARED) accounts.push({ code: codeFor(system, t, 0), name: t.name, kind: t.kind, path: t.path, role: t.role! });
  return { system, accounts, taxRates: [...TAX_RATES[system]] };
}

/** The default account (code) of a channel's category in a default chart. */
export function defaultCategoryAccountCode(system: AccountingSystem, channel: Channel, category: Category): string {
  const index = CHANNELS.indexOf(channel);
  const t = channelTemplates(channel).find((x) => x.category === category);
  if (!t) throw new Error(`no default account for category ${category}`);
  return codeFor(system, t, index);
}

/** The types of a channel that default to an account of their own rather than their category's (CHANNEL_EXTRAS). */
export function defaultTypeAccountCodes(system: AccountingSystem, channel: Channel): { typeKey: string; accountCode: string }[] {
  const index = CHANNELS.indexOf(channel);
  return (CHANNEL_EXTRAS[channel] ?? []).flatMap((t) => (t.typeKeys ?? []).map((typeKey) => ({ typeKey, accountCode: codeFor(system, t, index) })));
}
