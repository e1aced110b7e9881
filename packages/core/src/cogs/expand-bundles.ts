/**
 * Bundles (kits): a bundle SKU sold is its components sold, recursively (a kit of kits). A cycle or a
 * depth over BUNDLE_DEPTH_MAX is refused where bundles are saved (`findBundleCycle`), so expansion
 * never loops; a component quantity is a whole number of units.
 */
import type { BundleComponent } from './model';

export const BUNDLE_DEPTH_MAX = 5;

export interface ComponentUnits {
  sku: string;
  units: number;
}

export type BundleExpander = (sku: string, units: number) => readonly ComponentUnits[];

export function createBundleExpander(components: readonly BundleComponent[]): BundleExpander {
  const bySku = new Map<string, BundleComponent[]>();
  for (const c of components) {
    const list = bySku.get(c.bundleSku);
    if (list) list.push(c);
    else bySku.set(c.bundleSku, [c]);
  }
  const perUnit = new Map<string, ComponentUnits[]>();
  const expandOne = (sku: string, depth: number): ComponentUnits[] => {
    const cached = perUnit.get(sku);
    if (cached) return cached;
    const parts = bySku.get(sku);
    if (!parts || depth > BUNDLE_DEPTH_MAX) return [{ sku, units: 1 }];
    const totals = new Map<string, number>();
    for (const p of parts)
      for (const leaf of expandOne(p.componentSku, depth + 1))
        totals.set(leaf.sku, (totals.get(leaf.sku) ?? 0) + leaf.units * p.quantity);
    const result = [...totals].map(([s, units]) => ({ sku: s, units }));
    perUnit.set(sku, result);
    return result;
  };
  const single = new Map<string, ComponentUnits[]>();
  return (sku, units) => {
    if (!bySku.has(sku)) {
      // The common case (not a bundle): one reused array per SKU, no allocation per line.
      let one = single.get(sku);
      if (!one) single.set(sku, (one = [{ sku, units: 0 }]));
      one[0]!.units = units;
      return one;
    }
    return expandOne(sku, 0).map((c) => ({ sku: c.sku, units: c.units * units }));
  };
}

/** The first bundle SKU that contains itself (directly or through other bundles), or null. */
export function findBundleCycle(components: readonly BundleComponent[]): string | null {
  const bySku = new Map<string, string[]>();
  for (const c of components) bySku.set(c.bundleSku, [...(bySku.get(c.bundleSku) ?? []), c.componentSku]);
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (sku: string): string | null => {
    const s = state.get(sku);
    if (s === 'visiting') return sku;
    if (s === 'done') return null;
    state.set(sku, 'visiting');
    for (const child of bySku.get(sku) ?? []) {
      const cycle = visit(child);
      if (cycle !== null) return cycle;
    }
    state.set(sku, 'done');
    return null;
  };
  for (const sku of bySku.keys()) {
    const cycle = visit(sku);
    if (cycle !== null) return cycle;
  }
  return null;
}
