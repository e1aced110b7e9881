/**
 * Cost of goods sold (issue 17): what the COGS engine takes and returns. Costs and lots belong to an
 * organization's product catalog and are in one currency each; a settlement is costed in its own
 * currency. Unit costs are units (scale 4, see money), positive.
 */

export const COSTING_METHODS = ['standard', 'fifo'] as const;
/** standard: the SKU's cost effective on the sale's date (A2X); fifo: purchase lots in purchase order (Plutus). */
export type CostingMethod = (typeof COSTING_METHODS)[number];

export const REFUND_TREATMENTS = ['restock', 'write-off'] as const;
/** restock: a refunded unit goes back to inventory and its cost is reversed; write-off: its cost stays expensed. */
export type RefundTreatment = (typeof REFUND_TREATMENTS)[number];

/** A SKU's standard cost from `effectiveDate` ('YYYY-MM-DD') until the next one of the same SKU and currency. */
export interface StandardCost {
  sku: string;
  currency: string;
  effectiveDate: string;
  unitCost: bigint;
}

/** A bundle (kit) SKU is sold as `quantity` units of each of its component SKUs. */
export interface BundleComponent {
  bundleSku: string;
  componentSku: string;
  quantity: number;
}

/** Units of one SKU bought together at one unit cost; FIFO consumes lots by purchase date, then lot id. */
export interface PurchaseLot {
  lotId: string;
  sku: string;
  currency: string;
  purchasedOn: string;
  quantity: number;
  unitCost: bigint;
  /** Units of this lot already consumed by other settlements (0 for a fresh lot). */
  consumed: number;
}

/** Units one order's sale took from one lot (stored, so a later restocked refund returns them there). */
export interface LotConsumption {
  lotId: string;
  orderId: string | null;
  sku: string;
  units: number;
  /** Local month 'YYYY-MM' of the line that took (or returned) them; absent on takes stored before it was kept. */
  month?: string;
}

/** A SKU sold (or refunded) without a cost: listed, never costed as zero. */
export interface MissingCost {
  sku: string;
  currency: string;
  units: number;
  /** Local date of its first unit in the settlement. */
  firstDate: string;
}

/** The cost of one month, product type and marketplace of a settlement. */
export interface CogsCell {
  month: string;
  productType: string;
  marketplace: string;
  soldUnits: number;
  /** Units sold, at cost (units, scale 4, positive). */
  soldCost: bigint;
  restockedUnits: number;
  /** Units refunded and put back into inventory, at cost (reversed). */
  restockedCost: bigint;
  writtenOffUnits: number;
}

export interface CogsResult {
  method: CostingMethod;
  currency: string;
  cells: CogsCell[];
  missing: MissingCost[];
  /** FIFO only: which lot each sold unit came from (units < 0: a restocked refund returned them). */
  consumptions: LotConsumption[];
}
