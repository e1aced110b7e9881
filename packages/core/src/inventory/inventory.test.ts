import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStandardCostLookup } from '../cogs/standard-cost-lookup';
import { monthEndPositions } from './month-end-positions';
import { parseInventoryLedger, readReportDate } from './parse-inventory-ledger';
import { reconcileInventory } from './reconcile-inventory';
import { valueInventory } from './value-inventory';

const dir = path.join(__dirname, '__fixtures__');
const fixture = fs.readFileSync(path.join(dir, 'ledger-summary-2026-10.tsv'));
const golden = JSON.parse(fs.readFileSync(path.join(dir, 'ledger-summary-2026-10.json'), 'utf8')) as unknown;
const costs = createStandardCostLookup(
  [
    { sku: 'SKU-A', currency: 'USD', effectiveDate: '2026-01-01', unitCost: 41_500n },
    { sku: 'SKU-A', currency: 'USD', effectiveDate: '2026-11-01', unitCost: 99_000n },
    { sku: 'SKU-B', currency: 'USD', effectiveDate: '2026-10-31', unitCost: 12_345n },
  ],
  'USD',
);

describe('inventory ledger summary', () => {
  it('parses the monthly report into its golden rows', () => {
    const parsed = parseInventoryLedger(fixture, 'ledger-summary-2026-10.tsv');
    expect(parsed.problems).toEqual([]);
    expect(JSON.parse(JSON.stringify(parsed.rows))).toEqual(golden);
  });

  it('names file, row and column of a bad cell and of a balance that does not add up', () => {
    const text = fixture.toString('utf8').replace('\t-38\t', '\t-3x\t').replace('\t300\t24\t0\t-95', '\t301\t24\t0\t-95');
    const parsed = parseInventoryLedger(Buffer.from(text), 'inv.tsv');
    expect(parsed.problems.map((p) => [p.row, p.column])).toEqual([
      [2, 'Customer Shipments'],
      [5, 'Ending Warehouse Balance'],
    ]);
    expect(parsed.problems[0]!.message).toBe('inv.tsv, row 2, column Customer Shipments: "-3x" is not a whole number of units.');
  });

  it('refuses a file that is not a ledger summary', () => {
    const parsed = parseInventoryLedger(Buffer.from('SKU\tQty\nA\t1\n'), 'other.tsv');
    expect(parsed.rows).toEqual([]);
    expect(parsed.problems[0]!.message).toMatch(/not an Amazon Inventory Ledger summary/);
  });

  it('reads monthly and daily dates as the last day they cover', () => {
    expect(readReportDate('10/2026')).toBe('2026-10-31');
    expect(readReportDate('02/2028')).toBe('2028-02-29');
    expect(readReportDate('10/05/2026')).toBe('2026-10-05');
    expect(readReportDate('13/2026')).toBeUndefined();
    expect(readReportDate('02/30/2026')).toBeUndefined();
  });

  it('values month-end units at the cost effective on the last day, listing the SKU without one', () => {
    const { rows } = parseInventoryLedger(fixture, 'f.tsv');
    const v = valueInventory(monthEndPositions(rows, '2026-10'), costs, '2026-10', 'USD');
    expect(v.units).toBe(122 + 1 + 39 + 204 + 30);
    expect(v.skus.map((s) => [s.sku, s.units, s.value])).toEqual([
      ['SKU-A', 162, 162n * 41_500n],
      ['SKU-B', 204, 204n * 12_345n],
      ['SKU-C', 30, null],
    ]);
    expect(v.missing).toEqual([{ sku: 'SKU-C', units: 30 }]);
    expect(v.locations.map((l) => [l.location, l.units, l.value, l.missingCostUnits])).toEqual([
      ['ONT8', 69, 39n * 41_500n, 30],
      ['PHX7', 327, 123n * 41_500n + 204n * 12_345n, 0],
    ]);
    expect(v.value).toBe(162n * 41_500n + 204n * 12_345n);
  });

  it('reconciles shipped less returned units at cost against the COGS posted', () => {
    const { rows } = parseInventoryLedger(fixture, 'f.tsv');
    const r = reconcileInventory(monthEndPositions(rows, '2026-10'), costs, '2026-10', 'USD', 2_000_000n);
    expect([r.shippedUnits, r.returnedUnits]).toEqual([38 + 12 + 95 + 6, 3 + 4]);
    const movement = (50n - 3n) * 41_500n + (95n - 4n) * 12_345n;
    expect(r.movementCost).toBe(movement);
    expect(r.difference).toBe(movement - 2_000_000n);
    expect(r.missing).toEqual([{ sku: 'SKU-C', units: 6 }]);
  });
});
