/**
 * Property: any set of Shopify payouts, written as a payment transactions export (16 or 18 columns,
 * rows shuffled as Shopify does), reads back as the same payouts, lines and totals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../money/money';
import { runParser } from '../grouping/test-support/run-parser';
import { shopifyTransactionsParser } from './parse-shopify-transactions';

interface Row { type: string; amount: bigint; fee: bigint; day: number; second: number }
interface Payout { day: number; isPaid: boolean; currency: string; rows: Row[] }

const cents = fc.bigInt({ min: -5_000_00n, max: 5_000_00n }).map((c) => c * 100n);
const rowArb = fc.record({
  type: fc.constantFrom('charge', 'refund', 'adjustment', 'shop_cash_credit', 'marketplace sales tax', 'chargeback'),
  amount: cents.filter((a) => a !== 0n),
  fee: fc.bigInt({ min: 0n, max: 50_00n }).map((c) => c * 100n),
  day: fc.integer({ min: 1, max: 9 }),
  second: fc.integer({ min: 0, max: 86_399 }),
});
const payoutsArb = fc.uniqueArray(
  fc.record({ day: fc.integer({ min: 10, max: 28 }), isPaid: fc.boolean(), currency: fc.constantFrom('USD', 'EUR'), rows: fc.array(rowArb, { minLength: 1, maxLength: 6 }) }),
  { minLength: 1, maxLength: 5, selector: (p) => p.day },
);

const pad = (n: number): string => String(n).padStart(2, '0');
function writeExport(payouts: Payout[], withPayoutId: boolean, order: number[]): string {
  const header = withPayoutId
    ? 'Transaction Date,Type,Order,Card Brand,Card Source,Payout Status,Payout Date,Payout ID,Available On,Amount,Fee,Net,Checkout,Payment Method Name,Presentment Amount,Presentment Currency,Currency,VAT'
    : 'Transaction Date,Type,Order,Card Brand,Card Source,Payout Status,Payout Date,Available On,Amount,Fee,Net,Checkout,Payment Method Name,Presentment Amount,Presentment Currency,Currency';
  const lines = payouts.flatMap((p) =>
    p.rows.map((r, i) => {
      const s = r.second;
      const at = `2026-03-${pad(r.day)} ${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)} -0400`;
      const date = `2026-03-${pad(p.day)}`;
      const money = (u: bigint): string => `"${formatUnits(u, 2)}"`;
      const cols = [at, r.type, `#${p.day}${i}`, 'visa', 'online', p.isPaid ? 'paid' : 'pending', date, ...(withPayoutId ? [`9${p.day}`] : []), date, money(r.amount), money(r.fee), money(r.amount - r.fee), '', 'card', formatUnits(r.amount < 0n ? -r.amount : r.amount, 2), p.currency, p.currency, ...(withPayoutId ? ['0.00'] : [])];
      return cols.join(',');
    }),
  );
  const shuffled = order.length === lines.length ? order.map((i) => lines[i]!) : lines;
  return `${header}\n${shuffled.join('\n')}\n`;
}

describe('Shopify transactions export round trip', () => {
  it('reads back every payout with its lines and Σ Net as total', async () => {
    await fc.assert(
      fc.asyncProperty(payoutsArb, fc.boolean(), fc.array(fc.nat()), async (payouts, withPayoutId, seeds) => {
        const count = payouts.reduce((n, p) => n + p.rows.length, 0);
        const order = [...Array(count).keys()].sort((a, b) => (seeds[a] ?? a) - (seeds[b] ?? b));
        const bytes = new TextEncoder().encode(writeExport(payouts, withPayoutId, order));
        const { settlements, problems } = await runParser(shopifyTransactionsParser, bytes, 'gen.csv');
        expect(problems).toEqual([]);
        expect(settlements).toHaveLength(payouts.length);
        for (const p of payouts) {
          const id = withPayoutId ? `9${p.day}` : `2026-03-${pad(p.day)}`;
          const s = settlements.find((x) => x.settlementId === id)!;
          const net = p.rows.reduce((sum, r) => sum + r.amount - r.fee, 0n);
          expect([s.currency, s.status, s.total]).toEqual([p.currency, p.isPaid ? 'closed' : 'open', p.isPaid ? net : null]);
          expect(s.lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(net);
          const expectedLines = p.rows.flatMap((r) => [[r.type, r.amount], ...(r.fee === 0n ? [] : [[`${r.type}|fee`, -r.fee]])]);
          expect(s.lines.map((l) => [l.typeKey, l.amount]).sort()).toEqual(expectedLines.sort());
        }
      }),
      { numRuns: 150 },
    );
  });
});
