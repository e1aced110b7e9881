import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLARITY_DIMENSIONS, marginBasisPoints, runClarityAnalysis, type ClarityTotalsRow } from './analysis';

const TYPES = [
  'Order|ItemPrice|Principal',
  'Order|ItemFees|Commission',
  'Refund|ItemPrice|Principal',
  'other-transaction|other-transaction|Storage Fee',
];
const row: fc.Arbitrary<ClarityTotalsRow> = fc.record({
  accountName: fc.constantFrom('Acme US', 'Acme CA', 'Acme Shop'),
  salesChannel: fc.constantFrom('AMAZON' as const, 'SHOPIFY' as const),
  month: fc.constantFrom('2025-12', '2026-01', '2026-02'),
  currency: fc.constantFrom('USD', 'CAD'),
  typeKey: fc.constantFrom(...TYPES),
  marketplace: fc.constantFrom('Amazon.com', 'Amazon.ca', null),
  amount: fc.bigInt({ min: -10_000_000_0000n, max: 10_000_000_0000n }),
});
const dimensions = fc
  .subarray([...CLARITY_DIMENSIONS])
  .chain((d) => fc.shuffledSubarray(d, { minLength: d.length, maxLength: d.length }));
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('runClarityAnalysis', () => {
  it('keeps every currency whole: the groups of a currency add up to its rows, whatever the dimensions', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), dimensions, (rows, dims) => {
        const groups = runClarityAnalysis(rows, dims);
        for (const currency of new Set(rows.map((r) => r.currency))) {
          const own = groups.filter((g) => g.currency === currency);
          expect(sum(own.map((g) => g.figures.net))).toBe(
            sum(rows.filter((r) => r.currency === currency).map((r) => r.amount)),
          );
        }
        for (const g of groups) {
          const f = g.figures;
          expect(f.sales + f.fees + f.refunds + f.advertising + f.shipping + f.tax + f.other).toBe(f.net);
          expect(g.keys).toHaveLength(dims.length);
        }
      }),
    );
  });

  it('never mixes currencies in one group and sorts by currency then keys', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), dimensions, (rows, dims) => {
        const ids = runClarityAnalysis(rows, dims).map((g) => JSON.stringify([g.currency, ...g.keys]));
        expect(new Set(ids).size).toBe(ids.length);
        const sorted = [...runClarityAnalysis(rows, dims)].map((g) => [g.currency, ...g.keys].join('\u0000'));
        expect(sorted).toEqual([...sorted].sort());
      }),
    );
  });

  it('puts an Amazon principal under sales and a commission under fees, by month', () => {
    const rows: ClarityTotalsRow[] = [
      {
        accountName: 'A',
        salesChannel: 'AMAZON',
        month: '2026-01',
        currency: 'USD',
        marketplace: 'Amazon.com',
        typeKey: 'Order|ItemPrice|Principal',
        amount: 1000_0000n,
      },
      {
        accountName: 'A',
        salesChannel: 'AMAZON',
        month: '2026-01',
        currency: 'USD',
        marketplace: 'Amazon.com',
        typeKey: 'Order|ItemFees|Commission',
        amount: -150_0000n,
      },
    ];
    const [g] = runClarityAnalysis(rows, ['month']);
    expect(g).toMatchObject({ currency: 'USD', keys: ['2026-01'], marginBasisPoints: 8500n });
    expect(g!.figures).toMatchObject({ sales: 1000_0000n, fees: -150_0000n, net: 850_0000n });
  });
});

describe('marginBasisPoints', () => {
  it('is null without sales and rounds half away from zero', () => {
    expect(marginBasisPoints(5n, 0n)).toBeNull();
    expect(marginBasisPoints(1n, 3n)).toBe(3333n);
    expect(marginBasisPoints(2n, 3n)).toBe(6667n);
    expect(marginBasisPoints(-2n, 3n)).toBe(-6667n);
  });

  it('stays within half a basis point of the exact ratio', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }),
        fc.bigInt({ min: 1n, max: 1_000_000_000_000n }),
        (net, sales) => {
          const bp = marginBasisPoints(net, sales)!;
          const diff = bp * sales * 2n - net * 20_000n;
          expect(diff <= sales && diff >= -sales).toBe(true);
        },
      ),
    );
  });
});
