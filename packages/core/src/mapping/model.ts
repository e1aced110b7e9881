/**
 * The mapping model: which accounting account and tax rate each transaction type is posted to, per
 * accounting system. A mapping set is versioned; every posted document records `mappingVersion` so a
 * later change of mappings never silently changes what an old document meant.
 */
import type { Category, Channel } from '../settlements/model';

export const ACCOUNTING_SYSTEMS = ['QBO', 'XERO', 'SAGE', 'NETSUITE', 'MANUAL'] as const;
export type AccountingSystem = (typeof ACCOUNTING_SYSTEMS)[number];

export type AccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

/**
 * The job an account does for the posting engine beyond being a mapping target. `clearing` receives
 * the net payout of one channel (what the bank deposit is matched against).
 */
export type AccountRole = 'clearing' | 'reserved-balances' | 'carried-forward' | 'rounding' | 'suspense';

export interface LedgerAccount {
  /** What the target system identifies the account by (Xero AccountCode, Sage nominal code...). */
  code: string;
  name: string;
  kind: AccountKind;
  /** Colon-separated hierarchical name used by hledger and Beancount exports, e.g. 'Assets:Clearing:Amazon'. */
  path: string;
  role?: AccountRole;
  /** The channel a per-channel account belongs to (clearing, reserves, carried forward, income...). */
  channel?: Channel;
  /** Built-in ledger: deactivated by the owner; kept for the mappings and journals that use it, never offered for a new mapping. */
  isInactive?: boolean;
}

export interface TaxRate {
  /** Xero TaxType, QBO TaxCode, Sage tax_rate id... */
  code: string;
  /** The display name some imports ask for instead of the code (Xero CSV 'TaxRate'). */
  name: string;
  /**
   * Built-in ledger only (decision 0058): the rate in percent as an exact decimal ('19', '5.5'), and
   * the account its tax is booked to. A line carrying a rate above 0 is split into base and tax.
   */
  ratePercent?: string;
  accountCode?: string;
  isInactive?: boolean;
}

export interface ChartOfAccounts {
  system: AccountingSystem;
  accounts: LedgerAccount[];
  taxRates: TaxRate[];
}

export interface MappingTarget {
  accountCode: string;
  taxRateCode: string;
}

/** One explicit rule: a channel's transaction type (optionally only for one tax variant) -> account + tax rate. */
export interface MappingEntry extends MappingTarget {
  channel: Channel;
  typeKey: string;
  /** Narrows the rule to lines of one tax variant (the line's country, e.g. 'DE'); absent = every variant. */
  taxVariant?: string;
}

export type CategoryMappings = Partial<Record<Channel, Partial<Record<Category, MappingTarget>>>>;

export interface MappingSet {
  /** The owner (account key) of these mappings. */
  ownerKey: string;
  /** Starts at 1; every revision adds 1. */
  version: number;
  system: AccountingSystem;
  chart: ChartOfAccounts;
  /** Explicit rules, checked before the category defaults. */
  entries: MappingEntry[];
  /** Fallback per channel and category, used for types the catalogue knows. */
  categories: CategoryMappings;
  /** When true an unmapped type is posted to the suspense account (and still reported) instead of blocking. */
  isUnmappedToSuspense: boolean;
  /** Currencies the ledger holds; null means any currency is accepted. */
  currencies: string[] | null;
  /** Set when the mappings were copied from another account. */
  copiedFrom?: { ownerKey: string; version: number };
}

/** What the channel catalogue says about a type key (H1's describeTransactionType has this shape). */
export interface TypeDescription {
  category: Category;
  label?: string;
  /** The catalogue does not list the type: its category comes from its shape (describeTypeByShape). */
  isNew?: boolean;
}
export type TypeDescriber = (channel: Channel, typeKey: string) => TypeDescription | undefined;

/** `owner@vN`: the text a document records as the mapping version it used. */
export function mappingVersionLabel(mappings: Pick<MappingSet, 'ownerKey' | 'version'>): string {
  return `${mappings.ownerKey}@v${mappings.version}`;
}
