import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalCalendar } from '../posting/local-calendar';
import type { LedgerAccount } from '../mapping/model';
import { buildCogsJournals, cogsNetTotal } from './build-cogs-journals';
import { CogsCalculator, type CogsLine, type CogsSetup } from './cogs-calculator';
import type { PurchaseLot } from './model';

const INVENTORY: LedgerAccount = { code: '1400', name: 'Inventory', kind: 'asset', path: 'Assets:Inventory' };
const COGS: LedgerAccount = {
  code: '5000',
  name: 'Cost of goods sold',
  kind: 'expense',
  path: 'Expenses:COGS',
};
const SKUS = ['A', 'B', 'C', 'D'];
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 20);

function setupOf(lots: PurchaseLot[], over: Partial<CogsSetup> = {}): CogsSetup {
  return {
    method: 'fifo',
    currency: 'USD',
    refunds: 'restock',
    costs: [],
    bundles: [],
    lots,
    calendar: createLocalCalendar('UTC'),
    fallbackDate: '2026-03-31',
    productTypeOf: (sku) => (sku < 'C' ? 'Shirts' : 'Hats'),
    categoryOf: (key) =>
      key.startsWith('Refund') ? 'refunds' : key.endsWith('Principal') ? 'sales' : 'fees',
    ...over,
  };
}

const lotArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  day: fc.integer({ min: 1, max: 28 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  cents: fc.integer({ min: 1, max: 100_000 }),
});
const lotsArb = fc
  .array(lotArb, { maxLength: 12 })
  .map((ls) =>
    ls.map((l, i): PurchaseLot => ({
      lotId: `L${i}`,
      sku: l.sku,
      currency: 'USD',
      purchasedOn: `2025-12-${String(l.day).padStart(2, '0')}`,
      quantity: l.quantity,
      unitCost: BigInt(l.cents) * 100n,
      consumed: 0,
    })),
  );
const eventArb = fc.record({
  order: fc.integer({ min: 1, max: 15 }),
  sku: fc.constantFrom(...SKUS),
  quantity: fc.integer({ min: 1, max: 6 }),
  day: fc.integer({ min: 0, max: 60 }),
  refund: fc.boolean(),
  market: fc.constantFrom('Amazon.com', 'Amazon.ca'),
});
const eventsArb = fc.array(eventArb, { maxLength: 40 });

type SaleEvent = {
  order: number;
  sku: string;
  quantity: number;
  day: number;
  refund: boolean;
  market: string;
};

function linesOf(events: SaleEvent[]): CogsLine[] {
  const lines: CogsLine[] = [];
  for (const e of events) {
    const base = {
      postedAt: START + e.day * DAY,
      orderId: `O${e.order}`,
      sku: e.sku,
      quantity: e.quantity,
      marketplace: e.market,
    };
    // The fee line repeats the quantity, as Amazon does: it must not count again.
    if (e.refund)
      lines.push(
        { ...base, typeKey: 'Refund|ItemPrice|Principal' },
        { ...base, typeKey: 'Refund|ItemFees|Commission' },
      );
    else
      lines.push(
        { ...base, typeKey: 'Order|ItemPrice|Principal' },
        { ...base, typeKey: 'Order|ItemFees|Commission' },
      );
  }
  return lines;
}

function run(setup: CogsSetup, lines: CogsLine[]) {
  const calc = new CogsCalculator(setup);
  for (const l of lines) calc.add(l);
  return { calc, result: calc.finish() };
}

describe('COGS properties', () => {
  it('every COGS journal balances, and the journals together book the whole cost', () => {
    fc.assert(
      fc.property(lotsArb, eventsArb, (lots, events) => {
        const { result } = run(setupOf(lots), linesOf(events));
        const docs = buildCogsJournals(result, {
          system: 'MANUAL',
          channel: 'AMAZON',
          settlementId: '123',
          sourceFile: 'f',
          endDate: '2026-03-21',
          accounts: { inventory: INVENTORY, cogs: COGS },
          settingsVersion: 'a@v1',
        });
        let expense = 0n;
        for (const d of docs) {
          const debit = d.lines.filter((l) => l.side === 'debit').reduce((s, l) => s + l.amount, 0n);
          const credit = d.lines.filter((l) => l.side === 'credit').reduce((s, l) => s + l.amount, 0n);
          expect(debit).toBe(credit);
          for (const l of d.lines)
            if (l.account.code === COGS.code) expense += l.side === 'debit' ? l.amount : -l.amount;
        }
        expect(expense).toBe(cogsNetTotal(result));
      }),
    );
  });

  it('FIFO never takes a unit twice: per lot, units left plus units taken equal units bought', () => {
    fc.assert(
      fc.property(lotsArb, eventsArb, (lots, events) => {
        const setup = setupOf(lots);
        const calc = new CogsCalculator(setup);
        const fifoRemaining = (calc as unknown as { fifo: { remaining: Float64Array } }).fifo.remaining;
        for (const l of linesOf(events)) calc.add(l);
        const result = calc.finish();
        lots.forEach((lot, i) => {
          const taken = result.consumptions
            .filter((c) => c.lotId === lot.lotId)
            .reduce((s, c) => s + c.units, 0);
          expect(fifoRemaining[i]).toBeGreaterThanOrEqual(0);
          expect(fifoRemaining[i]! + taken).toBe(lot.quantity);
        });
        const sold = result.cells.reduce((s, c) => s + c.soldUnits - c.restockedUnits, 0);
        expect(result.consumptions.reduce((s, c) => s + c.units, 0)).toBe(sold);
      }),
    );
  });

  it('FIFO takes the oldest lot first', () => {
    const lots: PurchaseLot[] = [
      {
        lotId: 'new',
        sku: 'A',
        currency: 'USD',
        purchasedOn: '2026-01-05',
        quantity: 5,
        unitCost: 30_000n,
        consumed: 0,
      },
      {
        lotId: 'old',
        sku: 'A',
        currency: 'USD',
        purchasedOn: '2025-11-05',
        quantity: 2,
        unitCost: 10_000n,
        consumed: 0,
      },
    ];
    const { result } = run(setupOf(lots), [
      {
        postedAt: START,
        orderId: 'O1',
        sku: 'A',
        quantity: 3,
        marketplace: 'Amazon.com',
        typeKey: 'Order|ItemPrice|Principal',
      },
    ]);
    expect(result.consumptions).toEqual([
      { lotId: 'old', orderId: 'O1', sku: 'A', units: 2, month: '2026-01' },
      { lotId: 'new', orderId: 'O1', sku: 'A', units: 1, month: '2026-01' },
    ]);
    expect(result.cells[0]!.soldCost).toBe(50_000n);
  });

  it('a restocked refund returns its unit to the lot its sale took it from; a write-off does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (first, second) => {
        const lots: PurchaseLot[] = [
          {
            lotId: 'L1',
            sku: 'A',
            currency: 'USD',
            purchasedOn: '2025-11-01',
            quantity: first,
            unitCost: 10_000n,
            consumed: 0,
          },
          {
            lotId: 'L2',
            sku: 'A',
            currency: 'USD',
            purchasedOn: '2025-12-01',
            quantity: 10,
            unitCost: 20_000n,
            consumed: 0,
          },
        ];
        const sale: CogsLine = {
          postedAt: START,
          orderId: 'O1',
          sku: 'A',
          quantity: first + second,
          marketplace: 'M',
          typeKey: 'Order|ItemPrice|Principal',
        };
        const refund: CogsLine = {
          ...sale,
          postedAt: START + DAY,
          quantity: 1,
          typeKey: 'Refund|ItemPrice|Principal',
        };
        const restocked = run(setupOf(lots), [sale, refund]).result;
        const back = restocked.consumptions.filter((c) => c.units < 0);
        expect(back).toEqual([{ lotId: 'L2', orderId: 'O1', sku: 'A', units: -1, month: '2026-01' }]);
        expect(restocked.cells[0]!.restockedCost).toBe(20_000n);
        const writtenOff = run(setupOf(lots, { refunds: 'write-off' }), [sale, refund]).result;
        expect(writtenOff.consumptions.filter((c) => c.units < 0)).toEqual([]);
        expect(writtenOff.cells[0]!.writtenOffUnits).toBe(1);
        expect(writtenOff.cells[0]!.restockedCost).toBe(0n);
      }),
    );
  });

  it('the month split sums to the whole: costs by month add up to the cost of the same lines unsplit', () => {
    fc.assert(
      fc.property(lotsArb, eventsArb, (lots, events) => {
        const lines = linesOf(events);
        const split = run(setupOf(lots), lines).result;
        const whole = run(
          setupOf(lots),
          lines.map((l) => ({ ...l, postedAt: null })),
        ).result;
        const sum = (r: typeof split) => r.cells.reduce((s, c) => s + c.soldCost - c.restockedCost, 0n);
        expect(sum(split)).toBe(sum(whole));
        expect(new Set(whole.cells.map((c) => c.month))).toEqual(
          whole.cells.length ? new Set(['2026-03']) : new Set(),
        );
      }),
    );
  });
});
