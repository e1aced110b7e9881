/**
 * Month-end units per SKU and location from Inventory Ledger rows: a monthly report has one row per
 * SKU, disposition and location; a daily one has many, and the month's starting balance is the
 * first day's, its ending the last day's, its movements the sum of the days'. Dispositions
 * (sellable, damaged, ...) are added together: a unit Amazon holds is inventory whatever its state
 * (decision 0034).
 */
import type { InventoryLedgerRow, InventoryPosition } from './model';

/** `month` is YYYY-MM; rows of other months are ignored. Sorted by SKU, then location. */
export function monthEndPositions(rows: readonly InventoryLedgerRow[], month: string): InventoryPosition[] {
  const series = new Map<string, InventoryLedgerRow[]>();
  for (const r of rows) {
    if (r.date.slice(0, 7) !== month) continue;
    const key = `${r.sku}\u0000${r.location}\u0000${r.disposition}`;
    const list = series.get(key);
    if (list) list.push(r);
    else series.set(key, [r]);
  }
  const positions = new Map<string, InventoryPosition>();
  for (const list of series.values()) {
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.row - b.row));
    const first = list[0]!;
    const last = list.at(-1)!;
    const key = `${first.sku}\u0000${first.location}`;
    let p = positions.get(key);
    if (!p) {
      p = { sku: first.sku, title: '', location: first.location, startingUnits: 0, endingUnits: 0, shippedUnits: 0, returnedUnits: 0 };
      positions.set(key, p);
    }
    if (p.title === '') p.title = list.find((r) => r.title !== '')?.title ?? '';
    p.startingUnits += first.startingUnits;
    p.endingUnits += last.endingUnits;
    for (const r of list) {
      p.shippedUnits -= r.movements.customerShipments;
      p.returnedUnits += r.movements.customerReturns;
    }
  }
  return [...positions.values()].sort((a, b) =>
    a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.location < b.location ? -1 : a.location > b.location ? 1 : 0,
  );
}

/** The last day of a YYYY-MM month. */
export function monthEndDate(month: string): string {
  const [y, m] = month.split('-').map((p) => Number.parseInt(p, 10)) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
