/**
 * Settlements against bank deposits. A settlement is paid by one bank transaction of exactly its
 * total (compared in the currency's minor unit) booked within a window after the settlement ended
 * (default 0 to 5 days). Pairs are one-to-one and chosen deterministically: every candidate pair is
 * ranked by how close the bank date is to the settlement's end, then by the earlier settlement, the
 * earlier bank date, the file's row and the settlement key, and taken greedily while both sides are
 * free. A negative settlement (the channel debits the seller) pairs with a debit of its size. Then a
 * credit still unmatched may pay a group of settlements whose totals sum to it (match-deposit-groups).
 * What stays unmatched says why: the window searched and, when there is one, the nearest candidate.
 */
import { roundToMinor } from '../money/money';
import {
  DEFAULT_MATCH_OPTIONS,
  type BankTransaction,
  type MatchOptions,
  type Reconciliation,
  type ReconciliationRow,
  type ReconciliationTotals,
  type SettlementDeposit,
} from './model';
import { matchDepositGroups } from './match-deposit-groups';
import { addDays, amountText, dayNumber, differenceText } from './reconciliation-text';

interface Candidate {
  s: number;
  t: number;
  days: number;
}

export function matchDeposits(settlements: readonly SettlementDeposit[], transactions: readonly BankTransaction[], options: MatchOptions = DEFAULT_MATCH_OPTIONS): Reconciliation {
  const { daysAfterMin: min, daysAfterMax: max } = options;
  if (min > max) throw new Error(`the match window is empty: ${min} > ${max} days`);
  const moves = transactions.map((t, i) => ({ t, i })).filter(({ t }) => t.amount !== 0n);
  const ends = settlements.map((s) => dayNumber(s.endDate));
  const dates = transactions.map((t) => dayNumber(t.date));
  const candidates: Candidate[] = [];
  settlements.forEach((s, si) => {
    const amount = roundToMinor(s.amount, s.currency);
    for (const { t, i } of moves) {
      if (t.amount !== amount || !isSameCurrency(s, t)) continue;
      const days = dates[i]! - ends[si]!;
      if (days >= min && days <= max) candidates.push({ s: si, t: i, days });
    }
  });
  candidates.sort(
    (a, b) =>
      Math.abs(a.days) - Math.abs(b.days) ||
      ends[a.s]! - ends[b.s]! ||
      dates[a.t]! - dates[b.t]! ||
      transactions[a.t]!.row - transactions[b.t]!.row ||
      compareText(settlements[a.s]!.settlementKey, settlements[b.s]!.settlementKey),
  );
  const depositOf = new Map<number, number>();
  const settlementOf = new Map<number, number>();
  for (const c of candidates) {
    if (depositOf.has(c.s) || settlementOf.has(c.t)) continue;
    depositOf.set(c.s, c.t);
    settlementOf.set(c.t, c.s);
  }
  const groups = matchDepositGroups({ settlements, transactions, ends, dates, depositOf, settlementOf, options });

  const rows: ReconciliationRow[] = [];
  settlements.forEach((s, si) => {
    const ti = depositOf.get(si);
    if (ti !== undefined) {
      const t = transactions[ti]!;
      const days = dates[ti]! - ends[si]!;
      const group = groups.get(ti);
      if (group) {
        const others = group.filter((g) => g !== si).map((g) => settlements[g]!.settlementId);
        const reason = `Paid with ${others.length === 1 ? 'settlement' : 'settlements'} ${others.join(', ')} in one deposit of ${amountText(t.amount, s.currency)} on ${t.date} (line ${t.row}), ${dayText(days)} after the settlement ended.`;
        rows.push({ kind: 'matched', settlement: s, deposit: t, dateDifferenceDays: days, amountDifference: null, reason });
        return;
      }
      rows.push({ kind: 'matched', settlement: s, deposit: t, dateDifferenceDays: days, amountDifference: 0n, reason: `Paid ${amountText(t.amount, s.currency)} on ${t.date}, ${dayText(days)} after the settlement ended.` });
      return;
    }
    const from = addDays(s.endDate, min);
    const to = addDays(s.endDate, max);
    const free = moves.filter(({ t, i }) => !settlementOf.has(i) && isSameCurrency(s, t) && signOf(t.amount) === signOf(s.amount) && dates[i]! - ends[si]! >= min && dates[i]! - ends[si]! <= max);
    const nearest = free.sort((a, b) => compareBig(abs(a.t.amount - s.amount), abs(b.t.amount - s.amount)) || Math.abs(dates[a.i]! - ends[si]!) - Math.abs(dates[b.i]! - ends[si]!) || a.t.row - b.t.row)[0];
    let reason = `No ${s.amount < 0n ? 'debit' : 'deposit'} of ${amountText(abs(roundToMinor(s.amount, s.currency)), s.currency)} between ${from} and ${to}.`;
    if (nearest) reason += ` The closest is ${amountText(abs(nearest.t.amount), s.currency)} on ${nearest.t.date} (line ${nearest.t.row}), ${differenceText(abs(nearest.t.amount) - abs(s.amount), s.currency)}.`;
    else if (!covers(transactions, from, to)) reason += ' The statement does not cover all of these days.';
    rows.push({
      kind: 'unmatched-settlement',
      settlement: s,
      deposit: nearest?.t ?? null,
      dateDifferenceDays: nearest ? dates[nearest.i]! - ends[si]! : null,
      amountDifference: nearest ? nearest.t.amount - roundToMinor(s.amount, s.currency) : null,
      reason,
    });
  });
  for (const { t, i } of moves) {
    if (t.amount < 0n || settlementOf.has(i)) continue;
    const from = addDays(t.date, -max);
    const to = addDays(t.date, -min);
    const open = settlements.map((s, si) => ({ s, si })).filter(({ s, si }) => !depositOf.has(si) && isSameCurrency(s, t) && s.amount > 0n && dates[i]! - ends[si]! >= min && dates[i]! - ends[si]! <= max);
    const nearest = open.sort((a, b) => compareBig(abs(a.s.amount - t.amount), abs(b.s.amount - t.amount)) || ends[a.si]! - ends[b.si]!)[0];
    let reason = `No settlement of ${amountText(t.amount, t.currency)} ended between ${from} and ${to}.`;
    if (nearest) reason += ` The closest is settlement ${nearest.s.settlementId} of ${amountText(nearest.s.amount, nearest.s.currency)}, ${differenceText(nearest.s.amount - t.amount, t.currency)}.`;
    rows.push({
      kind: 'unmatched-deposit',
      settlement: nearest?.s ?? null,
      deposit: t,
      dateDifferenceDays: nearest ? dates[i]! - ends[nearest.si]! : null,
      amountDifference: nearest ? t.amount - roundToMinor(nearest.s.amount, nearest.s.currency) : null,
      reason,
    });
  }
  return { rows, totals: totalsOf(settlements, transactions, rows) };
}

function totalsOf(settlements: readonly SettlementDeposit[], transactions: readonly BankTransaction[], rows: ReconciliationRow[]): ReconciliationTotals {
  const add = (into: Record<string, bigint>, currency: string | null, units: bigint) => {
    into[currency ?? ''] = (into[currency ?? ''] ?? 0n) + units;
  };
  const totals: ReconciliationTotals = {
    settlementCount: settlements.length,
    depositCount: transactions.filter((t) => t.amount > 0n).length,
    matchedCount: 0,
    unmatchedSettlementCount: 0,
    unmatchedDepositCount: 0,
    ignoredCount: 0,
    settlementTotal: {},
    depositTotal: {},
    matchedTotal: {},
  };
  for (const s of settlements) add(totals.settlementTotal, s.currency, s.amount);
  for (const t of transactions) if (t.amount > 0n) add(totals.depositTotal, t.currency, t.amount);
  for (const r of rows) {
    if (r.kind === 'matched') {
      totals.matchedCount++;
      add(totals.matchedTotal, r.settlement!.currency, roundToMinor(r.settlement!.amount, r.settlement!.currency));
    } else if (r.kind === 'unmatched-settlement') totals.unmatchedSettlementCount++;
    else totals.unmatchedDepositCount++;
  }
  const usedDebits = new Set(rows.filter((r) => r.kind === 'matched' && r.deposit!.amount < 0n).map((r) => r.deposit!)).size;
  totals.ignoredCount = transactions.filter((t) => t.amount <= 0n).length - usedDebits;
  return totals;
}

/** A statement without a currency (a bare CSV) matches on amount alone. */
function isSameCurrency(s: SettlementDeposit, t: BankTransaction): boolean {
  return t.currency === null || t.currency === s.currency;
}

function covers(transactions: readonly BankTransaction[], from: string, to: string): boolean {
  return transactions.some((t) => t.date <= from) && transactions.some((t) => t.date >= to);
}

const abs = (n: bigint) => (n < 0n ? -n : n);
const signOf = (n: bigint) => (n > 0n ? 1 : n < 0n ? -1 : 0);
const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dayText = (days: number) => (days === 1 ? '1 day' : `${days} days`);
