import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundToMinor } from '../money/money';
import { matchDeposits } from './match-deposits';
import type { BankTransaction, ReconciliationRow, SettlementDeposit } from './model';
import { addDays, dayNumber } from './reconciliation-text';

// Few amounts and days, so that equal amounts and competing candidates are common.
const day = fc.integer({ min: 0, max: 20 }).map((n) => addDays('2026-01-01', n));
const amount = fc.constantFrom(1_000_000n, 2_500_000n, 100n, -500_000n, 1_000_100n);
const currency = fc.constantFrom('USD', 'EUR');
const settlements = fc.array(fc.record({ amount, currency, endDate: day }), { maxLength: 12 }).map((list) =>
  list.map((s, i): SettlementDeposit => ({ ...s, settlementKey: `k${i}`, settlementId: `s${i}`, depositDate: null })),
);
const transactions = fc.array(fc.record({ amount: fc.oneof(amount, fc.constant(0n)), currency: fc.constantFrom('USD', 'EUR', null), date: day }), { maxLength: 12 }).map((list) =>
  list.map((t, i): BankTransaction => ({ ...t, row: i + 2, valueDate: null, description: '', reference: null })),
);
const window = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 6 })).map(([min, extra]) => ({ daysAfterMin: min, daysAfterMax: min + extra }));

describe('matchDeposits', () => {
  it("a deposit pays exactly the settlements matched to it (one, or a group), in the minor unit, in their currency and window", () => {
    fc.assert(
      fc.property(settlements, transactions, window, (s, t, w) => {
        const byDeposit = new Map<number, ReconciliationRow[]>();
        for (const row of matchDeposits(s, t, w).rows.filter((r) => r.kind === 'matched')) {
          byDeposit.set(row.deposit!.row, [...(byDeposit.get(row.deposit!.row) ?? []), row]);
          expect([null, row.settlement!.currency]).toContain(row.deposit!.currency);
          const days = dayNumber(row.deposit!.date) - dayNumber(row.settlement!.endDate);
          expect(days).toBeGreaterThanOrEqual(w.daysAfterMin);
          expect(days).toBeLessThanOrEqual(w.daysAfterMax);
        }
        for (const group of byDeposit.values()) {
          expect(group.reduce((sum, r) => sum + roundToMinor(r.settlement!.amount, r.settlement!.currency), 0n)).toBe(group[0]!.deposit!.amount);
          if (group.length === 1) expect(group[0]!.amountDifference).toBe(0n);
        }
      }),
    );
  });

  it('no deposit and no settlement is used twice; matched + unmatched = inputs', () => {
    fc.assert(
      fc.property(settlements, transactions, window, (s, t, w) => {
        const { rows, totals } = matchDeposits(s, t, w);
        const settlementSide = rows.filter((r) => r.kind !== 'unmatched-deposit').map((r) => r.settlement!.settlementKey);
        expect(new Set(settlementSide).size).toBe(settlementSide.length);
        expect(settlementSide.sort()).toEqual(s.map((x) => x.settlementKey).sort());
        const used = new Set(rows.filter((r) => r.kind === 'matched').map((r) => r.deposit!.row));
        const unmatchedCredits = rows.filter((r) => r.kind === 'unmatched-deposit').map((r) => r.deposit!.row);
        expect(new Set(unmatchedCredits).size).toBe(unmatchedCredits.length);
        for (const row of unmatchedCredits) expect(used.has(row)).toBe(false);
        const credits = t.filter((x) => x.amount > 0n).map((x) => x.row);
        expect([...[...used].filter((row) => credits.includes(row)), ...unmatchedCredits].sort()).toEqual(credits.sort());
        expect(totals.matchedCount + totals.unmatchedSettlementCount).toBe(s.length);
        expect([...used].filter((row) => credits.includes(row)).length + totals.unmatchedDepositCount).toBe(totals.depositCount);
      }),
    );
  });

  it('does not depend on the order of its inputs', () => {
    fc.assert(
      fc.property(settlements, transactions, window, (s, t, w) => {
        const pairs = (rows: ReturnType<typeof matchDeposits>['rows']) =>
          rows.filter((r) => r.kind === 'matched').map((r) => `${r.settlement!.settlementKey}:${r.deposit!.row}`).sort();
        expect(pairs(matchDeposits([...s].reverse(), [...t].reverse(), w).rows)).toEqual(pairs(matchDeposits(s, t, w).rows));
      }),
    );
  });

  it('a settlement with a deposit of its amount in the window is matched when nothing competes for it', () => {
    const s: SettlementDeposit = { settlementKey: 'a', settlementId: 'A', currency: 'USD', amount: 12_345_600n, endDate: '2026-01-10', depositDate: null };
    const t: BankTransaction = { row: 2, date: '2026-01-12', valueDate: null, amount: 12_345_600n, currency: 'USD', description: '', reference: null };
    expect(matchDeposits([s], [t]).rows).toEqual([{ kind: 'matched', settlement: s, deposit: t, dateDifferenceDays: 2, amountDifference: 0n, reason: 'Paid 1,234.56 USD on 2026-01-12, 2 days after the settlement ended.' }]);
  });

  it('picks the deposit closest to the settlement end when two would do', () => {
    const s: SettlementDeposit = { settlementKey: 'a', settlementId: 'A', currency: 'USD', amount: 10_000n, endDate: '2026-01-10', depositDate: null };
    const t = (row: number, date: string): BankTransaction => ({ row, date, valueDate: null, amount: 10_000n, currency: 'USD', description: '', reference: null });
    const { rows } = matchDeposits([s], [t(2, '2026-01-14'), t(3, '2026-01-11')]);
    expect(rows.map((r) => [r.kind, r.deposit!.row])).toEqual([['matched', 3], ['unmatched-deposit', 2]]);
  });

  it('pays two settlements with one deposit of their sum, and says so on both', () => {
    const s = (key: string, amount: bigint, endDate: string): SettlementDeposit => ({ settlementKey: key, settlementId: key.toUpperCase(), currency: 'USD', amount, endDate, depositDate: null });
    const t: BankTransaction = { row: 7, date: '2026-01-12', valueDate: null, amount: 30_000_000n, currency: 'USD', description: '', reference: null };
    const { rows, totals } = matchDeposits([s('a', 10_000_000n, '2026-01-10'), s('b', 20_000_000n, '2026-01-11'), s('c', 5_000_000n, '2026-01-11')], [t]);
    expect(rows.map((r) => [r.kind, r.settlement?.settlementKey, r.deposit?.row ?? null])).toEqual([['matched', 'a', 7], ['matched', 'b', 7], ['unmatched-settlement', 'c', null]]);
    expect(rows[0]!.reason).toBe('Paid with settlement B in one deposit of 3,000.00 USD on 2026-01-12 (line 7), 2 days after the settlement ended.');
    expect(totals).toMatchObject({ matchedCount: 2, unmatchedDepositCount: 0, matchedTotal: { USD: 30_000_000n } });
  });
});
