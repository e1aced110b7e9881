/**
 * The month's movement against the COGS posted: units Amazon shipped to customers, less the units
 * customers returned, at each SKU's standard cost on the month's last day, compared with the COGS
 * of the settlements of that month (the caller adds their cells of the month). The difference is
 * shown, not explained away: timing (a shipment settled next month), costs changed within the
 * month, FIFO costing, and SKUs without a cost (listed) all land in it.
 */
import type { StandardCostLookup } from '../cogs/standard-cost-lookup';
import { monthEndDate } from './month-end-positions';
import type { InventoryPosition } from './model';

export interface InventoryReconciliation {
  month: string;
  currency: string;
  shippedUnits: number;
  returnedUnits: number;
  /** (shipped − returned) × cost, SKUs with a cost only. */
  movementCost: bigint;
  cogsPosted: bigint;
  /** movementCost − cogsPosted. */
  difference: bigint;
  skus: { sku: string; shippedUnits: number; returnedUnits: number; unitCost: bigint | null; movementCost: bigint | null }[];
  missing: { sku: string; units: number }[];
}

export function reconcileInventory(
  positions: readonly InventoryPosition[],
  lookup: StandardCostLookup,
  month: string,
  currency: string,
  cogsPosted: bigint,
): InventoryReconciliation {
  const on = monthEndDate(month);
  const bySku = new Map<string, { shipped: number; returned: number }>();
  for (const p of positions) {
    const s = bySku.get(p.sku) ?? { shipped: 0, returned: 0 };
    s.shipped += p.shippedUnits;
    s.returned += p.returnedUnits;
    bySku.set(p.sku, s);
  }
  const skus: InventoryReconciliation['skus'] = [];
  for (const [sku, s] of bySku) {
    if (s.shipped === 0 && s.returned === 0) continue;
    const unitCost = lookup(sku, on) ?? null;
    const movementCost = unitCost === null ? null : unitCost * BigInt(s.shipped - s.returned);
    skus.push({ sku, shippedUnits: s.shipped, returnedUnits: s.returned, unitCost, movementCost });
  }
  const movementCost = skus.reduce((v, s) => v + (s.movementCost ?? 0n), 0n);
  return {
    month,
    currency,
    shippedUnits: skus.reduce((n, s) => n + s.shippedUnits, 0),
    returnedUnits: skus.reduce((n, s) => n + s.returnedUnits, 0),
    movementCost,
    cogsPosted,
    difference: movementCost - cogsPosted,
    skus,
    missing: skus.filter((s) => s.unitCost === null).map((s) => ({ sku: s.sku, units: s.shippedUnits - s.returnedUnits })),
  };
}
