/**
 * Sums a settlement's lines by group key: the only per-line work of posting. It keeps one small
 * record per group (sum, count, a few row ranges), never the lines, so a parser can stream a
 * million-line settlement straight into it (see ParseSink) and memory stays flat.
 */
import type { SettlementHeader, SettlementLine, SourceRef } from '../settlements/model';
import type { LocalCalendar } from './local-calendar';
import { countryOfMarketplace } from './marketplace-country';
import type { GroupBy, GroupSelector, ProductTypeRule, RowRange } from './model';

/** Row ranges kept per group before the list is cut (the selector still finds every line). */
const MAX_RANGES = 8;
const SEP = '\u001f';
/** Far below the BigInt64Array limit (2^63), so adding one more line amount can never wrap. */
const SPILL_LIMIT = 2n ** 61n;

/**
 * A copy of a string that does not pin its parent: parsers cut fields out of 1 MB decoded chunks,
 * and V8 keeps the whole chunk alive for as long as a slice of it lives. Group keys live to the
 * end, so 50,000 SKU groups would otherwise hold most of the file in memory.
 */
const detach = (s: string): string => (` ${s}`).slice(1);

export interface AggregationOptions {
  /** Null when not splitting by month: every line falls in one part. */
  calendar: LocalCalendar | null;
  groupBy: GroupBy;
  isByCountry: boolean;
  isByMarketplace: boolean;
  productTypes: ProductTypeRule[];
}

/**
 * Row ranges of a group's lines, kept as flat numbers (file index, first, last) so that fifty
 * thousand SKU groups cost a few megabytes, not millions of objects.
 */
export class SourceTracker {
  lineCount = 0;
  isComplete = true;
  private readonly files: string[] = [];
  private readonly ranges: number[] = [];
  private lastFile = -1;
  private lastRow = -2;

  add(source: SourceRef): void {
    this.lineCount++;
    let fileIndex = this.lastFile;
    if (fileIndex < 0 || this.files[fileIndex] !== source.file) {
      fileIndex = this.files.indexOf(source.file);
      if (fileIndex < 0) fileIndex = this.files.push(source.file) - 1;
    }
    if (fileIndex === this.lastFile && source.row === this.lastRow + 1) {
      this.ranges[this.ranges.length - 1] = source.row;
    } else if (this.ranges.length >= MAX_RANGES * 3) {
      this.isComplete = false;
    } else {
      this.ranges.push(fileIndex, source.row, source.row);
    }
    this.lastFile = fileIndex;
    this.lastRow = source.row;
  }

  get rows(): RowRange[] {
    const out: RowRange[] = [];
    for (let i = 0; i < this.ranges.length; i += 3) out.push({ file: this.files[this.ranges[i]!]!, first: this.ranges[i + 1]!, last: this.ranges[i + 2]! });
    return out;
  }
}

export interface LineGroup {
  /** The month part ('' when not splitting) and the group's dimensions. */
  month: string;
  typeKey: string;
  selector: GroupSelector;
  /** The country used for tax variants, whether or not the lines are split by it. */
  country: string | null;
  /** Sum of the group's lines, units. Read it through SettlementAggregator.groups (which brings it up to date). */
  amount: bigint;
  /** Position of the group's running sum in the aggregator's sums array. */
  readonly index: number;
  sources: SourceTracker;
}

export class SettlementAggregator {
  private readonly groupList: LineGroup[] = [];
  /**
   * Running sums per group in a BigInt64Array rather than a bigint field per group: adding into a
   * typed array stores raw 64-bit integers, so a million additions spread over fifty thousand
   * long-lived groups do not each leave a new heap bigint behind a long-lived object (which made
   * the garbage collector the main cost of SKU grouping). Sums that approach the 64-bit limit
   * spill into the group's exact bigint `amount`.
   */
  private sums = new BigInt64Array(64);
  // month -> dimensions key -> type key -> group: lookups with the strings the parser made.
  private readonly index = new Map<string, Map<string, Map<string, LineGroup>>>();
  private lastMonth = '';
  private lastKey = '';
  private lastByType: Map<string, LineGroup> | undefined;
  lineCount = 0;
  undatedCount = 0;
  latestPostedAt: number | null = null;
  private readonly productTypeCache = new Map<string, string>();
  private readonly patterns: { name: string; skus: Set<string>; regex: RegExp | null }[];
  private defaultCountry: string | null;

  constructor(
    private currentHeader: SettlementHeader,
    readonly options: AggregationOptions,
  ) {
    this.patterns = options.productTypes.map((p) => ({ name: p.name, skus: new Set(p.skus ?? []), regex: p.pattern ? new RegExp(p.pattern) : null }));
    this.defaultCountry = countryOfMarketplace(currentHeader.marketplace);
  }

  /** Every group, in first-seen order, with its amount up to date. */
  get groups(): LineGroup[] {
    for (const g of this.groupList) {
      g.amount += this.sums[g.index]!;
      this.sums[g.index] = 0n;
    }
    return this.groupList;
  }

  get header(): SettlementHeader {
    return this.currentHeader;
  }

  /** A parser may announce a settlement again with a fuller header (see ParseSink.settlement). */
  set header(header: SettlementHeader) {
    this.currentHeader = header;
    this.defaultCountry = countryOfMarketplace(header.marketplace);
  }

  add(line: SettlementLine): void {
    this.lineCount++;
    const o = this.options;
    let month = '';
    if (line.postedAt === null) this.undatedCount++;
    else {
      if (this.latestPostedAt === null || line.postedAt > this.latestPostedAt) this.latestPostedAt = line.postedAt;
      if (o.calendar) month = o.calendar.monthOf(line.postedAt);
    }
    let dimension: string | null = null;
    if (o.groupBy === 'sku') dimension = line.sku;
    else if (o.groupBy === 'product-type') dimension = line.sku === null ? null : this.productTypeOf(line.sku);
    else if (o.groupBy === 'fulfilment') dimension = line.fulfilmentChannel;
    let key = dimension ?? '';
    let country: string | null = null;
    if (o.isByCountry) {
      country = line.marketplace === null ? this.defaultCountry : this.countryOf(line.marketplace);
      key += SEP + (country ?? '');
    }
    if (o.isByMarketplace) key += SEP + (line.marketplace ?? '');
    // Consecutive rows mostly share month and dimensions (one order item's charges and fees), so the
    // last (month, key) table is reused after a plain string comparison, sparing the large SKU table.
    // Undated lines get month '' and join the last part (the one holding the deposit) in buildPostings.
    let byType = this.lastByType;
    if (byType === undefined || month !== this.lastMonth || key !== this.lastKey) {
      let byKey = this.index.get(month);
      if (byKey === undefined) this.index.set(month, (byKey = new Map<string, Map<string, LineGroup>>()));
      byType = byKey.get(key);
      if (byType === undefined) byKey.set(detach(key), (byType = new Map<string, LineGroup>()));
      this.lastMonth = month;
      this.lastKey = key;
      this.lastByType = byType;
    }
    let group = byType.get(line.typeKey);
    if (group === undefined) {
      group = this.newGroup(month, line, dimension === null ? null : detach(dimension), country);
      byType.set(group.typeKey, group);
      this.groupList.push(group);
      if (group.index >= this.sums.length) {
        const grown = new BigInt64Array(this.sums.length * 2);
        grown.set(this.sums);
        this.sums = grown;
      }
    }
    const sum = this.sums[group.index]! + line.amount;
    if (sum > SPILL_LIMIT || sum < -SPILL_LIMIT) {
      group.amount += sum;
      this.sums[group.index] = 0n;
    } else this.sums[group.index] = sum;
    group.sources.add(line.source);
  }

  private newGroup(month: string, line: SettlementLine, dimension: string | null, country: string | null): LineGroup {
    const o = this.options;
    const typeKey = detach(line.typeKey);
    const selector: GroupSelector = { typeKey };
    if (month) selector.month = month;
    if (dimension !== null) {
      if (o.groupBy === 'sku') selector.sku = dimension;
      else if (o.groupBy === 'product-type') selector.productType = dimension;
      else selector.fulfilment = dimension;
    }
    if (o.isByCountry && country !== null) selector.country = country;
    if (o.isByMarketplace && line.marketplace !== null) selector.marketplace = detach(line.marketplace);
    return { month, typeKey, selector, country, amount: 0n, index: this.groupList.length, sources: new SourceTracker() };
  }

  private readonly countryCache = new Map<string, string | null>();

  private countryOf(marketplace: string): string | null {
    let country = this.countryCache.get(marketplace);
    if (country === undefined) {
      country = countryOfMarketplace(marketplace);
      this.countryCache.set(marketplace, country);
    }
    return country ?? this.defaultCountry;
  }

  private productTypeOf(sku: string): string {
    let name = this.productTypeCache.get(sku);
    if (name === undefined) {
      name = this.patterns.find((p) => p.skus.has(sku) || (p.regex !== null && p.regex.test(sku)))?.name ?? 'Unassigned';
      this.productTypeCache.set(sku, name);
    }
    return name;
  }
}
