/**
 * Effective-dated standard costs: the cost of a SKU on a day is the one with the latest effective
 * date on or before that day, in the settlement's currency. A day before its first cost has none
 * (the SKU is listed as missing, never costed at zero).
 */
import type { StandardCost } from './model';

export type StandardCostLookup = (sku: string, date: string) => bigint | undefined;

export function createStandardCostLookup(
  costs: readonly StandardCost[],
  currency: string,
): StandardCostLookup {
  const bySku = new Map<string, { dates: string[]; costs: bigint[] }>();
  const sorted = costs
    .filter((c) => c.currency === currency)
    .sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : 0));
  for (const c of sorted) {
    let entry = bySku.get(c.sku);
    if (!entry) bySku.set(c.sku, (entry = { dates: [], costs: [] }));
    // Two costs on one day: the later in the list wins (an import replaces the day's cost).
    if (entry.dates.at(-1) === c.effectiveDate) entry.costs[entry.costs.length - 1] = c.unitCost;
    else {
      entry.dates.push(c.effectiveDate);
      entry.costs.push(c.unitCost);
    }
  }
  return (sku, date) => {
    const entry = bySku.get(sku);
    if (!entry) return undefined;
    let lo = 0;
    let hi = entry.dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (entry.dates[mid]! <= date) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : entry.costs[lo - 1];
  };
}
