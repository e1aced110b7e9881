/**
 * Property: any run of Etsy activity cut by deposits, written as a monthly statement (newest first,
 * symbols, `--`), reads back as the same deposits (total = the amount in the deposit title), each
 * with exactly its rows, and the rows after the last deposit as one open settlement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../money/money';
import { runParser } from '../grouping/test-support/run-parser';
import { etsyStatementParser } from './parse-etsy-statement';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const rowArb = fc.record({
  type: fc.constantFrom('Sale', 'Fee', 'Tax', 'Shipping', 'Marketing', 'Refund'),
  net: fc.bigInt({ min: -20_000n, max: 50_000n }).map((c) => c * 100n),
});
const segmentArb = fc.record({ rows: fc.array(rowArb, { minLength: 1, maxLength: 5 }), isDeposited: fc.boolean() });

const money = (u: bigint): string => `${u < 0n ? '-' : ''}$${formatUnits(u < 0n ? -u : u, 2)}`;

describe('Etsy statement round trip', () => {
  it('reads back every deposit with its rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segmentArb, { minLength: 1, maxLength: 6 }), async (segments) => {
        const lines: string[] = []; // chronological
        let day = 0;
        const expected: { total: bigint | null; count: number; sum: bigint }[] = [];
        segments.forEach((seg, i) => {
          const isDeposited = seg.isDeposited || i < segments.length - 1;
          let sum = 0n;
          for (const r of seg.rows) {
            day++;
            const date = `"${MONTHS[Math.floor((day - 1) / 28)]} ${((day - 1) % 28) + 1}, 2025"`;
            const isAmount = r.type === 'Sale' || r.type === 'Refund';
            lines.push([date, r.type, `"${r.type} row ${day}"`, `"Order #${1000 + day}"`, 'USD', isAmount ? money(r.net) : '--', isAmount ? '--' : money(r.net), money(r.net), '--'].join(','));
            sum += r.net;
          }
          if (isDeposited) {
            day++;
            lines.push([`"${MONTHS[Math.floor((day - 1) / 28)]} ${((day - 1) % 28) + 1}, 2025"`, 'Deposit', `"${money(sum < 0n ? 0n : sum)} sent to your bank account"`, '--', 'USD', '--', '--', '--', '--'].join(','));
          }
          expected.push({ total: isDeposited ? (sum < 0n ? 0n : sum) : null, count: seg.rows.length, sum });
        });
        const csv = `Date,Type,Title,Info,Currency,Amount,"Fees & Taxes",Net,"Tax Details"\n${lines.reverse().join('\n')}\n`;
        const { settlements, problems } = await runParser(etsyStatementParser, new TextEncoder().encode(csv), 'gen.csv');
        expect(problems).toEqual([]);
        expect(settlements.map((s) => [s.total, s.lines.length, s.lines.reduce((t, l) => t + l.amount, 0n)])).toEqual(expected.map((e) => [e.total, e.count, e.sum]));
        expect(settlements.map((s) => s.status)).toEqual(expected.map((e) => (e.total === null ? 'open' : 'closed')));
      }),
      { numRuns: 150 },
    );
  });
});
