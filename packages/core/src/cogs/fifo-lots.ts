/**
 * FIFO by purchase lots: each SKU's lots in purchase order (date, then lot id); a sale takes units
 * from the oldest lot that has some left, moving to the next when it is empty; a restocked refund
 * puts its units back into the lot its sale took them from. Held in flat typed arrays so half a
 * million lots cost a few megabytes (the 1,000,000-line benchmark, issue 17).
 */
import type { PurchaseLot } from './model';

/** What one take from a lot cost; `lot` is an index into the lots given to the constructor. */
export interface LotTake {
  lot: number;
  units: number;
  cost: bigint;
}

export class FifoLots {
  readonly lots: readonly PurchaseLot[];
  private readonly skuIndex = new Map<string, number>();
  /** Lots of SKU s, in FIFO order, are order[start[s]] .. order[start[s+1]-1]. */
  private readonly start: Int32Array;
  private readonly order: Int32Array;
  /** Per SKU, the first position in its run that may still have units. */
  private readonly cursor: Int32Array;
  readonly remaining: Float64Array;
  private readonly unitCost: bigint[];
  private byId: Map<string, number> | undefined;

  constructor(lots: readonly PurchaseLot[], currency: string) {
    this.lots = lots;
    // Bucketed by SKU (a counting sort), then each SKU's few lots sorted: half a million lots would
    // take a second through one comparison sort with a map lookup per comparison.
    const skuOfLot = new Int32Array(lots.length).fill(-1);
    for (let i = 0; i < lots.length; i++) {
      const lot = lots[i]!;
      if (lot.currency !== currency) continue;
      let s = this.skuIndex.get(lot.sku);
      if (s === undefined) this.skuIndex.set(lot.sku, (s = this.skuIndex.size));
      skuOfLot[i] = s;
    }
    const skuCount = this.skuIndex.size;
    this.start = new Int32Array(skuCount + 1);
    for (let i = 0; i < lots.length; i++) if (skuOfLot[i]! >= 0) this.start[skuOfLot[i]! + 1]!++;
    for (let s = 0; s < skuCount; s++) this.start[s + 1]! += this.start[s]!;
    const fill = this.start.slice(0, skuCount);
    this.order = new Int32Array(this.start[skuCount]!);
    for (let i = 0; i < lots.length; i++) if (skuOfLot[i]! >= 0) this.order[fill[skuOfLot[i]!]!++] = i;
    const byPurchase = (a: number, b: number) => {
      const la = lots[a]!;
      const lb = lots[b]!;
      if (la.purchasedOn !== lb.purchasedOn) return la.purchasedOn < lb.purchasedOn ? -1 : 1;
      return la.lotId < lb.lotId ? -1 : la.lotId > lb.lotId ? 1 : 0;
    };
    for (let s = 0; s < skuCount; s++) {
      const from = this.start[s]!;
      const to = this.start[s + 1]!;
      if (to - from > 1) this.order.subarray(from, to).sort(byPurchase);
    }
    this.cursor = this.start.slice(0, skuCount);
    this.remaining = new Float64Array(lots.length);
    this.unitCost = lots.map((l) => l.unitCost);
    for (let i = 0; i < lots.length; i++) this.remaining[i] = lots[i]!.quantity - lots[i]!.consumed;
  }

  /** Units of `sku` still in its lots. */
  unitsLeft(sku: string): number {
    const s = this.skuIndex.get(sku);
    if (s === undefined) return 0;
    let left = 0;
    for (let p = this.start[s]!; p < this.start[s + 1]!; p++) left += this.remaining[this.order[p]!]!;
    return left;
  }

  /**
   * Takes `units` of `sku`, calling `onTake` per lot touched; returns the units no lot could give
   * (they have no cost: the caller lists them as missing).
   */
  take(sku: string, units: number, onTake: (lot: number, units: number, cost: bigint) => void): number {
    return this.takeAt(this.slotOf(sku), units, onTake);
  }

  /** The SKU's slot for takeAt (-1: no lots in this currency); a caller keeps it per SKU to look a SKU up once. */
  slotOf(sku: string): number {
    return this.skuIndex.get(sku) ?? -1;
  }

  /** take() by slot. */
  takeAt(s: number, units: number, onTake: (lot: number, units: number, cost: bigint) => void): number {
    if (s < 0) return units;
    let left = units;
    let p = this.cursor[s]!;
    const end = this.start[s + 1]!;
    while (left > 0 && p < end) {
      const lot = this.order[p]!;
      const have = this.remaining[lot]!;
      if (have <= 0) {
        p++;
        continue;
      }
      const took = have < left ? have : left;
      this.remaining[lot] = have - took;
      left -= took;
      onTake(lot, took, BigInt(took) * this.unitCost[lot]!);
      if (took === have) p++;
    }
    this.cursor[s] = p;
    return left;
  }

  /** Puts `units` back into `lot` (a restocked refund); returns their cost. */
  restock(lot: number, units: number): bigint {
    const l = this.lots[lot]!;
    if (this.remaining[lot]! + units > l.quantity)
      throw new RangeError(`Lot ${l.lotId} of ${l.sku} would hold more units than were bought.`);
    this.remaining[lot]! += units;
    const s = this.skuIndex.get(l.sku)!;
    // The lot may sit before the cursor: move the cursor back so FIFO takes from it first again.
    for (let p = this.start[s]!; p < this.cursor[s]!; p++) {
      if (this.order[p] === lot) {
        this.cursor[s] = p;
        break;
      }
    }
    return BigInt(units) * this.unitCost[lot]!;
  }

  /** The index of a lot by its id, or -1. */
  indexOfLot(lotId: string): number {
    if (!this.byId) this.byId = new Map(this.lots.map((l, i) => [l.lotId, i]));
    return this.byId.get(lotId) ?? -1;
  }
}
