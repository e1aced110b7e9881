/**
 * The lines of a document part's groups (one per type, SKU, product type... in document order) as a
 * column: computed from the sealed aggregator when read, never kept as objects (decision 0015).
 */
import type { MappingSet, TypeDescriber } from '../mapping/model';
import type { ResolvedMapping } from '../mapping/resolve-mapping';
import type { SettlementHeader } from '../settlements/model';
import type { LineColumn, LineFields } from './document-lines';
import { describeGroup, typeLabel } from './document-naming';
import type { GroupSelector, LineSources, PostingSettings, Tracking } from './model';
import { DEFAULT_POSTING_SETTINGS } from './posting-settings-defaults';
import { AMAZON_PAY_LABEL } from './payment-sources';
import type { RoleAccounts } from './resolve-groups';
import type { SettlementAggregator } from './settlement-aggregator';

/** What the grouped lines of a settlement's documents are made from. */
export interface GroupLineContext {
  agg: SettlementAggregator;
  mappings: MappingSet;
  settings: PostingSettings;
  describeType: TypeDescriber | undefined;
  accounts: RoleAccounts;
  /** Mapping per group number; none: the group is unmapped and goes to the suspense account. */
  targets: (ResolvedMapping | undefined)[];
}

/**
 * The lines of a part's groups, one per group in document order, computed when read: a mapped group
 * on its account, an unmapped one on the suspense account, each with the group's rounded sum from
 * the seller's side (money to the seller is a credit). The aggregator is sealed, so they never change.
 */
export class GroupLines implements LineColumn {
  readonly length: number;
  /** The type's label once per type, and the dimensions once per cell (SKU grouping has fifty thousand groups over a few types and thousands of cells). */
  private readonly labels: (string | undefined)[] = [];
  private readonly dimensions: (GroupSelector | undefined)[] = [];
  private readonly unmappedTaxRate: string;

  constructor(
    private readonly c: GroupLineContext,
    private readonly groups: Int32Array,
    /** Each line's sum, seller-signed and rounded to the minor unit. */
    private readonly amounts: readonly bigint[],
  ) {
    this.length = groups.length;
    this.unmappedTaxRate = c.settings.tax?.rates.noTax ?? c.mappings.chart.taxRates[0]?.code ?? '';
  }

  fill(i: number, into: LineFields): void {
    const { agg, targets, accounts, settings } = this.c;
    const g = this.groups[i]!;
    const target = targets[g];
    const amount = this.amounts[i]!;
    into.role = target ? 'transaction' : 'unmapped';
    into.account = target ? target.account : accounts.suspense;
    into.taxRateCode = target ? target.taxRateCode : this.unmappedTaxRate;
    into.side = amount >= 0n ? 'credit' : 'debit';
    into.amount = amount >= 0n ? amount : -amount;
    const isSeparate = target?.via === 'amazon-pay' && settings.amazonPay?.isSeparate === true;
    into.tracking = trackingOf(settings, agg.header, isSeparate ? AMAZON_PAY_LABEL : (agg.cellAt(agg.cellOfGroup(g)).marketplace ?? undefined));
  }

  descriptionAt(i: number): string {
    const { agg, targets, describeType } = this.c;
    const g = this.groups[i]!;
    const type = agg.typeOfGroup(g);
    const cell = agg.cellOfGroup(g);
    const channel = agg.header.channel;
    const label = describeGroup((this.dimensions[cell] ??= agg.dimensionsOf(cell)), channel, describeType, (this.labels[type] ??= typeLabel(agg.typeKeyAt(type), channel, describeType)));
    const target = targets[g];
    if (target?.via === 'amazon-pay' && this.c.settings.amazonPay?.isSeparate) return `${AMAZON_PAY_LABEL}: ${label}`;
    return target ? label : `Unmapped transaction type: ${label}`;
  }

  sourcesAt(i: number): LineSources {
    const g = this.groups[i]!;
    return this.c.agg.sourcesOf(g, this.c.agg.selectorOf(g));
  }
}

/** The tracking of every line when not tracking by marketplace: one frozen empty list, not one per line. */
const NO_TRACKING: readonly Tracking[] = Object.freeze([]);

/** A line's tracking: its marketplace (or the settlement's) as an option of the tracking category, when tracking by marketplace. */
export function trackingOf(settings: PostingSettings, header: SettlementHeader, marketplace: string | undefined): Tracking[] {
  if (!settings.isTrackedByMarketplace) return NO_TRACKING as Tracking[];
  const option = marketplace ?? header.marketplace;
  return option ? [{ name: settings.trackingCategoryName ?? DEFAULT_POSTING_SETTINGS.trackingCategoryName, option }] : [];
}
