/**
 * CogsCalculator: a settlement's lines in (streamed, any number), its cost of goods sold out, by
 * local month, product type and marketplace.
 *
 * Which lines carry units: a line of category 'sales' (sold) or 'refunds' (refunded) with a SKU.
 * Channels repeat an item's quantity on each of its lines (Amazon puts quantity-purchased on the
 * price, tax and fee rows), so an order's units of a SKU are the largest quantity any of its lines
 * states, counted once; a refund line with no quantity is one unit. A bundle SKU is costed as its
 * components. Units no cost covers are listed as missing, never costed at zero.
 */
import type { Category } from '../settlements/model';
import type { LocalCalendar } from '../posting/local-calendar';
import { detach } from '../posting/group-records';
import { createBundleExpander } from './expand-bundles';
import { FifoLots } from './fifo-lots';
import type {
  BundleComponent,
  CogsCell,
  CogsResult,
  CostingMethod,
  LotConsumption,
  MissingCost,
  PurchaseLot,
  RefundTreatment,
  StandardCost,
} from './model';
import { createStandardCostLookup } from './standard-cost-lookup';

export interface CogsSetup {
  method: CostingMethod;
  currency: string;
  /** What a refunded unit does; 'ignore' when the account does not cost refunds (cogsRefundsEnabled off). */
  refunds: RefundTreatment | 'ignore';
  costs: readonly StandardCost[];
  bundles: readonly BundleComponent[];
  lots: readonly PurchaseLot[];
  /** Earlier settlements' sales from lots, so a restocked refund of an older order returns to its lot. */
  priorConsumptions?: readonly LotConsumption[];
  calendar: LocalCalendar;
  /** Local date of undated lines (the settlement's end). */
  fallbackDate: string;
  productTypeOf: (sku: string) => string;
  categoryOf: (typeKey: string) => Category | undefined;
}

export interface CogsLine {
  postedAt: number | null;
  typeKey: string;
  orderId: string | null;
  sku: string | null;
  quantity: number | null;
  marketplace: string | null;
}

const SEP = '\u0000';

/** What the calculator knows of a SKU, looked up once per SKU (one map lookup per line, not five). */
interface SkuSlot {
  productType: string;
  /** Per unit sold: its components (itself when not a bundle), each with its FIFO slot. */
  parts: readonly { sku: string; units: number; fifo: number }[];
}

export class CogsCalculator {
  private readonly costOf;
  private readonly expand;
  private readonly fifo: FifoLots | null;
  private readonly counted = new Map<string, number>();
  private readonly cellIndex = new Map<string, number>();
  private readonly cells: CogsCell[] = [];
  private readonly missing = new Map<string, MissingCost>();
  private readonly skus = new Map<string, SkuSlot>();
  private readonly categories = new Map<string, Category | undefined>();
  private readonly consumptions: LotConsumption[] = [];
  /** order + SKU -> indexes into `consumptions`; built on the first restocked refund (most settlements have none). */
  private lotsOfOrder: Map<string, number[]> | null = null;
  private priorCount = 0;
  /** The previous line's order, SKU, kind and counted units: an order's lines come together. */
  private lastKey = '';
  private lastOrderId = '';
  private lastSku = '';
  private lastUnits = 0;
  private lastCell: CogsCell | null = null;

  constructor(private readonly setup: CogsSetup) {
    this.costOf = createStandardCostLookup(setup.costs, setup.currency);
    this.expand = createBundleExpander(setup.bundles);
    this.fifo = setup.method === 'fifo' ? new FifoLots(setup.lots, setup.currency) : null;
    for (const c of setup.priorConsumptions ?? []) this.recordConsumption(c);
    this.priorCount = this.consumptions.length;
  }

  add(line: CogsLine): void {
    if (line.sku === null) return;
    let category = this.categories.get(line.typeKey);
    if (category === undefined && !this.categories.has(line.typeKey))
      this.categories.set(line.typeKey, (category = this.setup.categoryOf(line.typeKey)));
    const kind = category === 'sales' ? 'sale' : category === 'refunds' ? 'refund' : null;
    if (kind === null || (kind === 'refund' && this.setup.refunds === 'ignore')) return;
    const stated = Math.abs(line.quantity ?? (kind === 'refund' ? 1 : 0));
    if (stated === 0) return;
    let units = stated;
    if (line.orderId !== null) {
      const tag = kind === 'sale' ? 'S' : 'R';
      const isSame = this.lastOrderId === line.orderId && this.lastSku === line.sku && this.lastKey[0] === tag;
      // detach: the key outlives the line, and a slice of it would pin the parser's 1 MB chunk.
      const key = isSame ? this.lastKey : detach(tag + line.orderId + SEP + line.sku);
      const before = isSame ? this.lastUnits : (this.counted.get(key) ?? 0);
      if (stated <= before) return;
      this.counted.set(key, stated);
      this.lastKey = key;
      this.lastOrderId = line.orderId;
      this.lastSku = line.sku;
      this.lastUnits = stated;
      units = stated - before;
    }
    const date = line.postedAt === null ? this.setup.fallbackDate : this.setup.calendar.dateOf(line.postedAt);
    const slot = this.slotOf(line.sku);
    const cell = this.cellOf(date.slice(0, 7), slot.productType, line.marketplace ?? '');
    for (const part of slot.parts) {
      if (kind === 'sale') this.sell(cell, part.sku, part.units * units, date, line.orderId, part.fifo);
      else this.refund(cell, part.sku, part.units * units, date, line.orderId);
    }
  }

  finish(): CogsResult {
    const cells = [...this.cells].sort(
      (a, b) =>
        compare(a.month, b.month) ||
        compare(a.productType, b.productType) ||
        compare(a.marketplace, b.marketplace),
    );
    const missing = [...this.missing.values()].sort((a, b) => compare(a.sku, b.sku));
    return {
      method: this.setup.method,
      currency: this.setup.currency,
      cells,
      missing,
      consumptions: this.consumptions.slice(this.priorCount),
    };
  }

  private sell(cell: CogsCell, sku: string, units: number, date: string, orderId: string | null, fifoSlot: number): void {
    if (this.fifo) {
      let cost = 0n;
      let ownOrderId: string | null | undefined;
      const short = this.fifo.takeAt(fifoSlot, units, (lot, took, c) => {
        cost += c;
        if (ownOrderId === undefined) ownOrderId = orderId === null ? null : detach(orderId);
        this.recordConsumption({ lotId: this.fifo!.lots[lot]!.lotId, orderId: ownOrderId, sku, units: took, month: cell.month });
      });
      cell.soldUnits += units - short;
      cell.soldCost += cost;
      if (short > 0) this.addMissing(sku, short, date);
      return;
    }
    const unitCost = this.costOf(sku, date);
    if (unitCost === undefined) return this.addMissing(sku, units, date);
    cell.soldUnits += units;
    cell.soldCost += unitCost * BigInt(units);
  }

  private refund(cell: CogsCell, sku: string, units: number, date: string, orderId: string | null): void {
    if (this.setup.refunds === 'write-off') {
      cell.writtenOffUnits += units;
      return;
    }
    if (!this.fifo) {
      const unitCost = this.costOf(sku, date);
      if (unitCost === undefined) return this.addMissing(sku, units, date);
      cell.restockedUnits += units;
      cell.restockedCost += unitCost * BigInt(units);
      return;
    }
    let left = units;
    // Back to the lots the order's sale took them from, newest take first.
    for (const i of [...(this.indexOfTakes().get(orderKey(orderId, sku)) ?? [])].reverse()) {
      if (left === 0) break;
      const c = this.consumptions[i]!;
      const lot = this.fifo.indexOfLot(c.lotId);
      const back = Math.min(left, this.netTakenFrom(orderId, sku, c.lotId));
      if (lot < 0 || back <= 0) continue;
      cell.restockedCost += this.fifo.restock(lot, back);
      this.recordConsumption({ lotId: c.lotId, orderId: orderId === null ? null : detach(orderId), sku, units: -back, month: cell.month });
      cell.restockedUnits += back;
      left -= back;
    }
    // A refund of a sale no lot record knows (sold before its lots were recorded) has no known cost.
    if (left > 0) this.addMissing(sku, left, date);
  }

  /** Units an order's sales took from a lot, less what its refunds already returned there. */
  private netTakenFrom(orderId: string | null, sku: string, lotId: string): number {
    let net = 0;
    for (const i of this.indexOfTakes().get(orderKey(orderId, sku)) ?? [])
      if (this.consumptions[i]!.lotId === lotId) net += this.consumptions[i]!.units;
    return net;
  }

  private recordConsumption(c: LotConsumption): void {
    this.consumptions.push(c);
    if (this.lotsOfOrder) this.indexTake(this.lotsOfOrder, this.consumptions.length - 1);
  }

  private indexOfTakes(): Map<string, number[]> {
    if (!this.lotsOfOrder) {
      this.lotsOfOrder = new Map();
      for (let i = 0; i < this.consumptions.length; i++) this.indexTake(this.lotsOfOrder, i);
    }
    return this.lotsOfOrder;
  }

  private indexTake(index: Map<string, number[]>, i: number): void {
    const c = this.consumptions[i]!;
    if (c.orderId === null) return;
    const key = orderKey(c.orderId, c.sku);
    const list = index.get(key);
    if (list) list.push(i);
    else index.set(key, [i]);
  }

  private addMissing(sku: string, units: number, date: string): void {
    const m = this.missing.get(sku);
    if (m) {
      m.units += units;
      if (date < m.firstDate) m.firstDate = date;
    } else this.missing.set(sku, { sku, currency: this.setup.currency, units, firstDate: date });
  }

  private slotOf(sku: string): SkuSlot {
    let slot = this.skus.get(sku);
    if (slot === undefined) {
      const fifo = this.fifo;
      // A copy of the parser's slice: 50,000 SKUs kept as slices would pin most of the file's chunks.
      const own = detach(sku);
      slot = {
        productType: this.setup.productTypeOf(own),
        parts: this.expand(own, 1).map((p) => ({ sku: p.sku, units: p.units, fifo: fifo ? fifo.slotOf(p.sku) : -1 })),
      };
      this.skus.set(own, slot);
    }
    return slot;
  }

  private cellOf(month: string, productType: string, marketplace: string): CogsCell {
    const last = this.lastCell;
    if (last && last.month === month && last.productType === productType && last.marketplace === marketplace) return last;
    this.lastCell = this.cellAt(month, productType, marketplace);
    return this.lastCell;
  }

  private cellAt(month: string, productType: string, marketplace: string): CogsCell {
    const key = month + SEP + productType + SEP + marketplace;
    let i = this.cellIndex.get(key);
    if (i === undefined) {
      i = this.cells.length;
      this.cellIndex.set(key, i);
      this.cells.push({
        month,
        productType,
        marketplace: detach(marketplace),
        soldUnits: 0,
        soldCost: 0n,
        restockedUnits: 0,
        restockedCost: 0n,
        writtenOffUnits: 0,
      });
    }
    return this.cells[i]!;
  }
}

function orderKey(orderId: string | null, sku: string): string {
  return `${orderId ?? ''}${SEP}${sku}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
