/**
 * Inventory value at month end: units on hand × the SKU's standard cost effective on the month's last
 * day (core cogs' effective-dated lookup, in the account's currency). A SKU without a cost that day is
 * listed as missing and left out of the value, never valued at zero.
 */
import type { StandardCostLookup } from '../cogs/standard-cost-lookup';
import { monthEndDate } from './month-end-positions';
import type { InventoryPosition } from './model';

export interface SkuValue {
  sku: string;
  title: string;
  units: number;
  unitCost: bigint | null;
  /** null when the cost is missing. */
  value: bigint | null;
  locationCount: number;
}

export interface LocationValue {
  location: string;
  units: number;
  /** Value of the costed units. */
  value: bigint;
  skuCount: number;
  /** Units here of SKUs without a cost (not in value). */
  missingCostUnits: number;
}

export interface InventoryValuation {
  month: string;
  valuedOn: string;
  currency: string;
  units: number;
  value: bigint;
  skus: SkuValue[];
  locations: LocationValue[];
  /** SKUs with units and no cost on the month's last day, by SKU. */
  missing: { sku: string; units: number }[];
}

export function valueInventory(
  positions: readonly InventoryPosition[],
  lookup: StandardCostLookup,
  month: string,
  currency: string,
): InventoryValuation {
  const valuedOn = monthEndDate(month);
  const skus = new Map<string, SkuValue>();
  const locations = new Map<string, LocationValue>();
  for (const p of positions) {
    const unitCost = lookup(p.sku, valuedOn) ?? null;
    let s = skus.get(p.sku);
    if (!s) skus.set(p.sku, (s = { sku: p.sku, title: p.title, units: 0, unitCost, value: unitCost === null ? null : 0n, locationCount: 0 }));
    s.units += p.endingUnits;
    s.locationCount += 1;
    if (s.title === '') s.title = p.title;
    const value = unitCost === null ? 0n : unitCost * BigInt(p.endingUnits);
    if (s.value !== null) s.value += value;
    let l = locations.get(p.location);
    if (!l) locations.set(p.location, (l = { location: p.location, units: 0, value: 0n, skuCount: 0, missingCostUnits: 0 }));
    l.units += p.endingUnits;
    l.value += value;
    l.skuCount += 1;
    if (unitCost === null) l.missingCostUnits += p.endingUnits;
  }
  const skuList = [...skus.values()];
  return {
    month,
    valuedOn,
    currency,
    units: skuList.reduce((n, s) => n + s.units, 0),
    value: skuList.reduce((v, s) => v + (s.value ?? 0n), 0n),
    skus: skuList,
    locations: [...locations.values()].sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0)),
    missing: skuList.filter((s) => s.unitCost === null && s.units !== 0).map((s) => ({ sku: s.sku, units: s.units })),
  };
}
