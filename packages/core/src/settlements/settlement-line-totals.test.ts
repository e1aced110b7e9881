import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkSettlementConsistency, sumByType } from './collect-settlements';
import { SettlementLineTotals } from './settlement-line-totals';
import type { Settlement, SettlementLine } from './model';

const lineArb = fc.record({
  typeKey: fc.constantFrom('Order|ItemPrice|Principal', 'Order|ItemFees|Commission', 'Refund|ItemPrice|Principal'),
  marketplace: fc.constantFrom(null, 'Amazon.com', 'Amazon.ca', ''),
  amount: fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
});

const settlementOf = (lines: Pick<SettlementLine, 'typeKey' | 'marketplace' | 'amount'>[], total: bigint | null): Settlement => ({
  channel: 'AMAZON', settlementId: '1', format: 'amazon-v2', marketplace: null, currency: 'USD', startDate: null, endDate: null, depositDate: null,
  total, status: 'closed', sellerId: null, sourceFile: 'f.txt',
  lines: lines.map((l, i) => ({ ...l, postedAt: null, orderId: null, sku: null, quantity: null, fulfilmentChannel: null, source: { file: 'f.txt', row: i + 2 } })),
});

describe('SettlementLineTotals', () => {
  it('sums by type and marketplace exactly what the lines sum, and gives the same consistency as the lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 60 }), fc.option(fc.bigInt({ min: -100_000_000n, max: 100_000_000n }), { nil: null }), (lines, total) => {
        const totals = new SettlementLineTotals();
        for (const l of lines) totals.add(l);
        const settlement = settlementOf(lines, total);
        expect(totals.lineCount).toBe(lines.length);
        expect(totals.byType()).toEqual(sumByType(settlement.lines));
        for (const t of totals.typeTotals()) {
          const mine = lines.filter((l) => l.typeKey === t.typeKey && l.marketplace === t.marketplace);
          expect(t.lineCount).toBe(mine.length);
          expect(t.amount).toBe(mine.reduce((s, l) => s + l.amount, 0n));
        }
        expect(totals.typeTotals().reduce((n, t) => n + t.lineCount, 0)).toBe(lines.length);
        expect(totals.consistencyOf(settlement)).toEqual(checkSettlementConsistency(settlement));
        expect(SettlementLineTotals.fromData(structuredClone(totals.toData())).typeTotals()).toEqual(totals.typeTotals());
      }),
    );
  });

  it('keeps a null marketplace apart from an empty one', () => {
    const totals = new SettlementLineTotals();
    totals.add({ typeKey: 'T', marketplace: null, amount: 1n });
    totals.add({ typeKey: 'T', marketplace: '', amount: 2n });
    expect(totals.typeTotals()).toEqual([
      { typeKey: 'T', marketplace: null, amount: 1n, lineCount: 1 },
      { typeKey: 'T', marketplace: '', amount: 2n, lineCount: 1 },
    ]);
  });
});
