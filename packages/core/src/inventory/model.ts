/**
 * Inventory (issue 17, decision 0034): rows of Amazon's Inventory Ledger summary report
 * (GET_LEDGER_SUMMARY_VIEW_DATA), one per day or month, SKU, disposition and location, in units
 * signed as Amazon prints them (shipments, losses and disposals negative).
 */

/** The movement columns whose sum takes the starting balance to the ending one (Amazon's own rule). */
export const INVENTORY_MOVEMENTS = [
  'receipts',
  'customerShipments',
  'customerReturns',
  'vendorReturns',
  'warehouseTransfers',
  'found',
  'lost',
  'damaged',
  'disposed',
  'otherEvents',
  'unknownEvents',
] as const;
export type InventoryMovement = (typeof INVENTORY_MOVEMENTS)[number];

export interface InventoryLedgerRow {
  /** 1-based row in the file. */
  row: number;
  /** The last day the row covers, YYYY-MM-DD (a monthly row: the month's last day). */
  date: string;
  sku: string;
  fnsku: string;
  asin: string;
  title: string;
  disposition: string;
  /** Fulfilment centre id, or the country code when the report is aggregated by country. */
  location: string;
  country: string;
  startingUnits: number;
  endingUnits: number;
  movements: Record<InventoryMovement, number>;
}

/** Month-end units of one SKU at one location (all dispositions together). */
export interface InventoryPosition {
  sku: string;
  title: string;
  location: string;
  startingUnits: number;
  endingUnits: number;
  /** Units shipped to customers in the month (positive). */
  shippedUnits: number;
  /** Units customers returned in the month (positive). */
  returnedUnits: number;
}
