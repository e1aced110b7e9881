import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStandardCostLookup } from '../cogs/standard-cost-lookup';
import { INVENTORY_MOVEMENTS, type InventoryLedgerRow, type InventoryMovement } from './model';
import { monthEndPositions } from './month-end-positions';
import { readInventoryLedger } from './parse-inventory-ledger';
import { valueInventory } from './value-inventory';

const SKUS = ['SKU-A', 'SKU-B', 'SKU-C', 'SKU-D'];
const LOCATIONS = ['PHX7', 'ONT8', 'LGB3'];
const movementsArb = fc.tuple(...INVENTORY_MOVEMENTS.map(() => fc.integer({ min: -50, max: 50 })));
const dayRowArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  location: fc.constantFrom(...LOCATIONS),
  disposition: fc.constantFrom('SELLABLE', 'CUSTOMER_DAMAGED'),
  day: fc.integer({ min: 1, max: 30 }),
  start: fc.integer({ min: 0, max: 500 }),
  moves: movementsArb,
});

/** Daily rows chained so each day starts where the one before ended (as Amazon's daily view does). */
type DayRow = typeof dayRowArb extends fc.Arbitrary<infer T> ? T : never;

function chain(specs: DayRow[]): InventoryLedgerRow[] {
  const balance = new Map<string, number>();
  const sorted = [...specs].sort((a, b) => a.day - b.day);
  return sorted.map((s, i) => {
    const key = `${s.sku}|${s.location}|${s.disposition}`;
    const startingUnits = balance.get(key) ?? s.start;
    const movements = Object.fromEntries(INVENTORY_MOVEMENTS.map((m, j) => [m, s.moves[j]!])) as Record<InventoryMovement, number>;
    const endingUnits = startingUnits + s.moves.reduce((a, b) => a + b, 0);
    balance.set(key, endingUnits);
    return {
      row: i + 2,
      date: `2026-10-${String(s.day).padStart(2, '0')}`,
      sku: s.sku, fnsku: '', asin: '', title: '', disposition: s.disposition,
      location: s.location, country: 'US', startingUnits, endingUnits, movements,
    };
  });
}

describe('inventory properties', () => {
  it('ending = starting + movements per SKU over the month', () => {
    fc.assert(
      fc.property(fc.array(dayRowArb, { maxLength: 40 }), (specs) => {
        const rows = chain(specs);
        for (const p of monthEndPositions(rows, '2026-10')) {
          const mine = rows.filter((r) => r.sku === p.sku && r.location === p.location);
          const moved = mine.reduce((n, r) => n + INVENTORY_MOVEMENTS.reduce((m, k) => m + r.movements[k], 0), 0);
          expect(p.endingUnits).toBe(p.startingUnits + moved);
        }
      }),
    );
  });

  it('values by location sum to the total, and units too', () => {
    fc.assert(
      fc.property(
        fc.array(dayRowArb, { maxLength: 40 }),
        fc.array(fc.record({ sku: fc.constantFrom(...SKUS), cost: fc.bigInt({ min: 0n, max: 10_000_000n }), day: fc.integer({ min: 1, max: 31 }) })),
        (specs, costs) => {
          const lookup = createStandardCostLookup(
            costs.map((c) => ({ sku: c.sku, currency: 'USD', effectiveDate: `2026-10-${String(c.day).padStart(2, '0')}`, unitCost: c.cost })),
            'USD',
          );
          const v = valueInventory(monthEndPositions(chain(specs), '2026-10'), lookup, '2026-10', 'USD');
          expect(v.locations.reduce((s, l) => s + l.value, 0n)).toBe(v.value);
          expect(v.locations.reduce((s, l) => s + l.units, 0)).toBe(v.units);
          for (const s of v.skus) expect(s.value === null).toBe(s.unitCost === null);
        },
      ),
    );
  });

  it('the parser accepts exactly the rows whose balance adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), movementsArb, fc.integer({ min: -2, max: 2 }), (start, moves, skew) => {
        const end = start + moves.reduce((a, b) => a + b, 0) + skew;
        const header = ['Date', 'MSKU', 'Starting Warehouse Balance', 'Receipts', 'Customer Shipments', 'Customer Returns', 'Vendor Returns', 'Warehouse Transfer In/Out', 'Found', 'Lost', 'Damaged', 'Disposed', 'Other Events', 'Unknown Events', 'Ending Warehouse Balance', 'Location'];
        const row = ['10/2026', 'SKU-A', String(start), ...moves.map(String), String(end), 'PHX7'];
        const read = readInventoryLedger([{ row: 1, fields: header }, { row: 2, fields: row }], 'p.tsv');
        expect(read.rows.length).toBe(skew === 0 ? 1 : 0);
        expect(read.problems.length).toBe(skew === 0 ? 0 : 1);
      }),
    );
  });
});
