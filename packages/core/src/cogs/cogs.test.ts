import { describe, expect, it } from 'vitest';
import { createLocalCalendar } from '../posting/local-calendar';
import { CogsCalculator, type CogsLine } from './cogs-calculator';
import { createBundleExpander, findBundleCycle } from './expand-bundles';
import { createStandardCostLookup } from './standard-cost-lookup';
import {
  canRefreshCogsOnlyInBulk,
  COGS_ONLY_REFRESH_FLAG,
  cogsLedgerAccounts,
  defaultCogsSettings,
  refundsFor,
  isCogsOn,
  refuseCogs,
  refuseCostingMethod,
} from './cogs-settings';
import { parseCostCsv } from './read-cost-table';

describe('standard costs', () => {
  it('the cost of a day is the latest one effective on or before it, in the currency asked for', () => {
    const lookup = createStandardCostLookup(
      [
        { sku: 'A', currency: 'USD', effectiveDate: '2026-02-01', unitCost: 60_000n },
        { sku: 'A', currency: 'USD', effectiveDate: '2026-01-01', unitCost: 50_000n },
        { sku: 'A', currency: 'EUR', effectiveDate: '2025-01-01', unitCost: 1n },
      ],
      'USD',
    );
    expect(lookup('A', '2025-12-31')).toBeUndefined();
    expect(lookup('A', '2026-01-01')).toBe(50_000n);
    expect(lookup('A', '2026-01-31')).toBe(50_000n);
    expect(lookup('A', '2026-02-01')).toBe(60_000n);
    expect(lookup('B', '2026-02-01')).toBeUndefined();
  });
});

describe('bundles', () => {
  it('a kit of kits expands into its component SKUs, units multiplied', () => {
    const expand = createBundleExpander([
      { bundleSku: 'GIFT', componentSku: 'PAIR', quantity: 2 },
      { bundleSku: 'GIFT', componentSku: 'BOX', quantity: 1 },
      { bundleSku: 'PAIR', componentSku: 'SOCK', quantity: 2 },
    ]);
    expect(expand('GIFT', 3)).toEqual([
      { sku: 'SOCK', units: 12 },
      { sku: 'BOX', units: 3 },
    ]);
    expect(expand('SOCK', 4)).toEqual([{ sku: 'SOCK', units: 4 }]);
  });

  it('a bundle that contains itself is found', () => {
    expect(
      findBundleCycle([
        { bundleSku: 'A', componentSku: 'B', quantity: 1 },
        { bundleSku: 'B', componentSku: 'A', quantity: 1 },
      ]),
    ).toBe('A');
    expect(findBundleCycle([{ bundleSku: 'A', componentSku: 'B', quantity: 1 }])).toBeNull();
  });
});

describe('standard costing', () => {
  const line = (over: Partial<CogsLine>): CogsLine => ({
    postedAt: Date.UTC(2026, 0, 10),
    typeKey: 'Order|ItemPrice|Principal',
    orderId: 'O1',
    sku: 'A',
    quantity: 2,
    marketplace: 'Amazon.com',
    ...over,
  });
  const calc = () =>
    new CogsCalculator({
      method: 'standard',
      currency: 'USD',
      refunds: 'restock',
      lots: [],
      bundles: [{ bundleSku: 'KIT', componentSku: 'A', quantity: 3 }],
      costs: [{ sku: 'A', currency: 'USD', effectiveDate: '2026-01-01', unitCost: 12_500n }],
      calendar: createLocalCalendar('UTC'),
      fallbackDate: '2026-01-31',
      productTypeOf: () => 'Unassigned',
      categoryOf: (k) => (k.startsWith('Refund') ? 'refunds' : k.includes('Principal') ? 'sales' : 'fees'),
    });

  it('an order counts its units once, however many of its lines repeat the quantity', () => {
    const c = calc();
    c.add(line({}));
    c.add(line({ typeKey: 'Order|ItemPrice|Principal' }));
    const r = c.finish();
    expect(r.cells).toEqual([
      {
        month: '2026-01',
        productType: 'Unassigned',
        marketplace: 'Amazon.com',
        soldUnits: 2,
        soldCost: 25_000n,
        restockedUnits: 0,
        restockedCost: 0n,
        writtenOffUnits: 0,
      },
    ]);
  });

  it('a SKU with no cost is listed as missing, never costed at zero', () => {
    const c = calc();
    c.add(line({ sku: 'NOCOST', quantity: 3 }));
    c.add(line({ sku: 'KIT', orderId: 'O2', quantity: 1 }));
    const r = c.finish();
    expect(r.missing).toEqual([{ sku: 'NOCOST', currency: 'USD', units: 3, firstDate: '2026-01-10' }]);
    expect(r.cells[0]!.soldUnits).toBe(3);
    expect(r.cells[0]!.soldCost).toBe(37_500n);
  });
});

describe('COGS access', () => {
  const on = { isBillingEnabled: true, cogsEnabled: true, cogsRefundsEnabled: false, premium: false };
  it('billing off: COGS and FIFO are open to every account, whatever support switched', () => {
    const selfHosted = { isBillingEnabled: false, cogsEnabled: false, cogsRefundsEnabled: false, premium: false };
    expect(refuseCogs(selfHosted).isRefused).toBe(false);
    expect(isCogsOn(selfHosted)).toBe(true);
    expect(refuseCostingMethod(selfHosted, 'fifo').isRefused).toBe(false);
  });
  it('billing on: COGS needs cogsEnabled; FIFO also needs premium; the COGS-only bulk refresh needs its flag', () => {
    expect(refuseCogs({ ...on, cogsEnabled: false }).isRefused).toBe(true);
    expect(refuseCostingMethod(on, 'standard').isRefused).toBe(false);
    const fifo = refuseCostingMethod(on, 'fifo');
    expect(fifo.isRefused && fifo.message).toContain('premium');
    expect(refuseCostingMethod({ ...on, premium: true }, 'fifo').isRefused).toBe(false);
    expect(canRefreshCogsOnlyInBulk(on, [])).toBe(false);
    expect(canRefreshCogsOnlyInBulk(on, [COGS_ONLY_REFRESH_FLAG])).toBe(true);
    expect(canRefreshCogsOnlyInBulk({ ...on, cogsEnabled: false }, [COGS_ONLY_REFRESH_FLAG])).toBe(false);
  });

  it('refunds are costed only with cogsRefundsEnabled', () => {
    const settings = defaultCogsSettings('MANUAL');
    expect(refundsFor(on, settings)).toBe('ignore');
    expect(refundsFor({ ...on, cogsRefundsEnabled: true }, settings)).toBe('restock');
    expect(cogsLedgerAccounts(settings).inventory.path).toBe('Assets:Inventory');
  });
});

describe('cost sheets', () => {
  const csv = (text: string) => parseCostCsv(new TextEncoder().encode(text), 'costs.csv');
  it('reads costs by header name', () => {
    const sheet = csv('Unit Cost,SKU,Currency,Effective Date,Title\n12.5,A-1,usd,2026-01-01,Shirt\n');
    expect(sheet.problems).toEqual([]);
    expect(sheet.costs).toEqual([
      {
        row: 2,
        sku: 'A-1',
        currency: 'USD',
        effectiveDate: '2026-01-01',
        unitCost: 125_000n,
        title: 'Shirt',
      },
    ]);
  });
  it('names the row and column of each bad cell', () => {
    const sheet = csv('SKU,Currency,Effective Date,Unit Cost\nA,USD,2026-02-30,1\nB,XXX,2026-01-01,-1\n');
    expect(sheet.problems.map((p) => [p.row, p.column])).toEqual([
      [2, 'Effective Date'],
      [3, 'Currency'],
      [3, 'Unit Cost'],
    ]);
    expect(sheet.problems[0]!.message).toBe(
      'Row 2, column Effective Date: "2026-02-30" is not a date written YYYY-MM-DD (such as 2026-01-31).',
    );
  });
  it('a sheet without a needed column says which', () => {
    expect(csv('SKU,Cost\nA,1\n').problems[0]!.message).toContain('no Currency, Effective Date column');
  });
});
