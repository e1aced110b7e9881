/**
 * Sums a settlement's lines by group key: the only per-line work of posting. It keeps one small
 * fixed-size record per group (sum, count, a few row ranges: see GroupRecords), never the lines, so
 * a parser can stream a million-line settlement straight into it (see ParseSink) and memory stays flat.
 */
import type { SettlementHeader, SettlementLine } from '../settlements/model';
import { detach, GroupRecords } from './group-records';
import type { LocalCalendar } from './local-calendar';
import { countryOfMarketplace } from './marketplace-country';
import { KeyTable } from './key-table';
import type { GroupBy, GroupSelector, LineSources, ProductTypeRule } from './model';
import { createProductTypeMatcher } from './product-types';

const SEP = '\u001f';
/** Type key instances looked up by identity before the map (a channel has a few dozen types at most). */
const MAX_SEEN_TYPE_KEYS = 24;
const INITIAL_TYPE_SLOTS = 16;

export interface AggregationOptions {
  /** Null when not splitting by month: every line falls in one part. */
  calendar: LocalCalendar | null;
  groupBy: GroupBy;
  isByCountry: boolean;
  isByMarketplace: boolean;
  productTypes: ProductTypeRule[];
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
  /** The group's number in the aggregator (first-seen order). */
  readonly index: number;
  /** Groups with the same cell number share month and dimensions (they differ by type only). */
  readonly cell: number;
  /** The type key's number in the aggregator (groups with the same number share the type key). */
  readonly type: number;
  /** The group's lines as a document line refers to them (one object, shared by the line that posts the group). */
  sources: LineSources;
}

/** A cell: one month and combination of dimensions, holding one group per type. */
export interface GroupCell {
  readonly month: string;
  /** The SKU, product type or fulfilment channel, as grouped by (null: none, or grouped by type). */
  readonly dimension: string | null;
  readonly country: string | null;
  /** Set only when tracking by marketplace. */
  readonly marketplace: string | null;
}

export class SettlementAggregator {
  private readonly records = new GroupRecords();
  // month -> dimensions key -> cell number (KeyTable); type key -> type number. Lookups use the strings the parser
  // made (one instance per distinct type key, and per run of rows sharing a SKU): no key is built per line.
  private readonly cellIndex = new Map<string, KeyTable>();
  private monthOfCells: string | null = null;
  private monthCells = new KeyTable();
  private readonly cells: GroupCell[] = [];
  /** Group number + 1 (0: none yet) of cell c and type t at c * typeSlots + t. */
  private groupOf = new Int32Array(64 * INITIAL_TYPE_SLOTS);
  private typeSlots = INITIAL_TYPE_SLOTS;
  private readonly groupCell: number[] = [];
  private readonly groupType: number[] = [];
  private readonly typeIds = new Map<string, number>();
  private readonly typeKeys: string[] = [];
  private readonly seenTypeKeys: string[] = [];
  private readonly seenTypeIds: number[] = [];
  private lastMonth = '';
  private lastKey = '';
  private lastCell = -1;
  private lastTypeKey = '';
  private lastTypeId = -1;
  /** LineGroup objects, made when asked for (not while lines stream in) and kept up to date. */
  private readonly groupList: LineGroup[] = [];
  private isChanged = false;
  private isSealed = false;
  lineCount = 0;
  undatedCount = 0;
  latestPostedAt: number | null = null;
  private readonly productTypeCache = new Map<string, string>();
  private readonly countryCache = new Map<string, string | null>();
  private readonly matchProductType: (sku: string) => string;
  private defaultCountry: string | null;

  constructor(
    private currentHeader: SettlementHeader,
    readonly options: AggregationOptions,
  ) {
    this.matchProductType = createProductTypeMatcher(options.productTypes);
    this.defaultCountry = countryOfMarketplace(currentHeader.marketplace);
  }

  /** Groups are numbered 0..groupCount-1 in first-seen order; cells and types likewise. */
  get groupCount(): number {
    return this.records.count;
  }

  get cellCount(): number {
    return this.cells.length;
  }

  get typeCount(): number {
    return this.typeKeys.length;
  }

  cellAt(cell: number): GroupCell {
    return this.cells[cell]!;
  }

  typeKeyAt(type: number): string {
    return this.typeKeys[type]!;
  }

  cellOfGroup(g: number): number {
    return this.groupCell[g]!;
  }

  typeOfGroup(g: number): number {
    return this.groupType[g]!;
  }

  amountOf(g: number): bigint {
    return this.records.amountOf(g);
  }

  lineCountOf(g: number): number {
    return this.records.lineCountOf(g);
  }

  /** The exact filter of group g's lines (a new object). */
  selectorOf(g: number): GroupSelector {
    const cell = this.cells[this.groupCell[g]!]!;
    const typeKey = this.typeKeys[this.groupType[g]!]!;
    // The usual selector of SKU grouping made whole in one literal (same keys, same order): adding
    // properties one by one gives each of fifty thousand selectors a second, out-of-object store.
    if (cell.month && cell.dimension !== null && this.options.groupBy === 'sku' && (!this.options.isByCountry || cell.country === null) && cell.marketplace === null) {
      return { typeKey, month: cell.month, sku: cell.dimension };
    }
    const selector: GroupSelector = cell.month ? { typeKey, month: cell.month } : { typeKey };
    return this.addDimensions(selector, cell);
  }

  /** The dimensions of a cell's selector, without type and month (a new object). */
  dimensionsOf(cell: number): GroupSelector {
    return this.addDimensions({}, this.cells[cell]!);
  }

  private addDimensions(selector: GroupSelector, cell: GroupCell): GroupSelector {
    const o = this.options;
    if (cell.dimension !== null) {
      if (o.groupBy === 'sku') selector.sku = cell.dimension;
      else if (o.groupBy === 'product-type') selector.productType = cell.dimension;
      else selector.fulfilment = cell.dimension;
    }
    if (o.isByCountry && cell.country !== null) selector.country = cell.country;
    if (cell.marketplace !== null) selector.marketplace = cell.marketplace;
    return selector;
  }

  /** Group g's lines as a document line refers to them (a new object). */
  sourcesOf(g: number, selector: GroupSelector): LineSources {
    return this.records.sourcesOf(g, this.currentHeader.settlementId, selector);
  }

  /** Every group, in first-seen order, with its amount and sources up to date (the same objects on every call). */
  get groups(): LineGroup[] {
    if (!this.isChanged) return this.groupList;
    this.isChanged = false;
    const r = this.records;
    const id = this.currentHeader.settlementId;
    for (const g of this.groupList) {
      g.amount = r.amountOf(g.index);
      g.sources = r.sourcesOf(g.index, id, g.selector);
    }
    for (let g = this.groupList.length; g < r.count; g++) this.groupList.push(this.makeGroup(g));
    return this.groupList;
  }

  get header(): SettlementHeader {
    return this.currentHeader;
  }

  /** A parser may announce a settlement again with a fuller header (see ParseSink.settlement). */
  set header(header: SettlementHeader) {
    this.assertOpen();
    this.currentHeader = header;
    this.defaultCountry = countryOfMarketplace(header.marketplace);
  }

  /**
   * No line or header may come after this: documents built from the aggregator read its groups when
   * their lines are read (see document-lines.ts), so the groups must stay as they were built.
   */
  seal(): void {
    this.isSealed = true;
  }

  private assertOpen(): void {
    if (this.isSealed) throw new Error(`settlement ${this.currentHeader.settlementId}: a line or header came after its documents were built`);
  }

  add(line: SettlementLine): void {
    this.assertOpen();
    this.lineCount++;
    this.isChanged = true;
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
    // last cell is reused after a string comparison (usually of the same instance), sparing the large SKU table.
    // Undated lines get month '' and join the last part (the one holding the deposit) in buildPostings.
    let cell = this.lastCell;
    if (cell < 0 || month !== this.lastMonth || key !== this.lastKey) {
      cell = this.findCell(month, key, dimension, country, line.marketplace);
      this.lastMonth = month;
      this.lastKey = key;
      this.lastCell = cell;
    }
    const type = line.typeKey === this.lastTypeKey ? this.lastTypeId : this.typeIdOf(line.typeKey);
    const slot = cell * this.typeSlots + type;
    let g = this.groupOf[slot]! - 1;
    if (g < 0) {
      g = this.records.create();
      this.groupOf[slot] = g + 1;
      this.groupCell.push(cell);
      this.groupType.push(type);
    }
    this.records.add(g, line.amount, line.source);
  }

  private makeGroup(g: number): LineGroup {
    const cell = this.cells[this.groupCell[g]!]!;
    const selector = this.selectorOf(g);
    return { month: cell.month, typeKey: selector.typeKey!, selector, country: cell.country, amount: this.amountOf(g), index: g, cell: this.groupCell[g]!, type: this.groupType[g]!, sources: this.sourcesOf(g, selector) };
  }

  private typeIdOf(typeKey: string): number {
    // Parsers hand out one string instance per distinct type key, so a short scan of the instances
    // seen (a pointer comparison each) beats hashing; other instances fall back to the map.
    const seen = this.seenTypeKeys;
    for (let i = 0; i < seen.length; i++) {
      if (seen[i] === typeKey) return this.rememberType(typeKey, this.seenTypeIds[i]!);
    }
    let id = this.typeIds.get(typeKey);
    if (id === undefined) {
      id = this.typeKeys.push(detach(typeKey)) - 1;
      this.typeIds.set(this.typeKeys[id]!, id);
      if (id >= this.typeSlots) this.widenTypeSlots();
    }
    if (seen.length < MAX_SEEN_TYPE_KEYS) {
      seen.push(typeKey);
      this.seenTypeIds.push(id);
    }
    return this.rememberType(typeKey, id);
  }

  private rememberType(typeKey: string, id: number): number {
    this.lastTypeKey = typeKey;
    this.lastTypeId = id;
    return id;
  }

  /** Doubles the type slots of every cell (a settlement with more types than expected). */
  private widenTypeSlots(): void {
    const slots = this.typeSlots * 2;
    const wider = new Int32Array(Math.max(this.groupOf.length * 2, (this.cells.length + 1) * slots));
    for (let c = 0; c < this.cells.length; c++) wider.set(this.groupOf.subarray(c * this.typeSlots, (c + 1) * this.typeSlots), c * slots);
    this.groupOf = wider;
    this.typeSlots = slots;
  }

  private findCell(month: string, key: string, dimension: string | null, country: string | null, marketplace: string | null): number {
    // The month's table is kept from the last call: a settlement has a month or two, its SKUs change every few rows.
    let byKey = this.monthCells;
    if (month !== this.monthOfCells) {
      const known = this.cellIndex.get(month);
      byKey = known ?? new KeyTable();
      if (known === undefined) this.cellIndex.set(month, byKey);
      this.monthOfCells = month;
      this.monthCells = byKey;
    }
    let cell = byKey.get(key);
    if (cell < 0) {
      cell = this.cells.length;
      this.cells.push({
        month,
        dimension: dimension === null ? null : detach(dimension),
        country,
        marketplace: this.options.isByMarketplace && marketplace !== null ? detach(marketplace) : null,
      });
      byKey.set(key, cell);
      if ((cell + 1) * this.typeSlots > this.groupOf.length) {
        const grown = new Int32Array(this.groupOf.length * 2);
        grown.set(this.groupOf);
        this.groupOf = grown;
      }
    }
    return cell;
  }

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
      name = this.matchProductType(sku);
      this.productTypeCache.set(sku, name);
    }
    return name;
  }
}
