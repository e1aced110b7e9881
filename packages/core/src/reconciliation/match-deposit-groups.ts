/**
 * Several settlements paid in one deposit: Amazon or Shopify may pay two or three payouts in one
 * bank transfer. After the one-to-one pairs, a bank credit still unmatched is paid by a group of
 * 2 to GROUP_SIZE_MAX unmatched settlements whose totals (in the minor unit) sum exactly to it, each
 * ended within the window before it. Credits are tried in date order, candidates in end-date order,
 * and the smallest group found first wins, so the result does not depend on the order of the input.
 * The search is bounded (GROUP_CANDIDATES_MAX nearest candidates per credit): a busy account's
 * window holds a handful of payouts, and an exhaustive subset search over hundreds would be a guess.
 */
import { roundToMinor } from '../money/money';
import type { BankTransaction, MatchOptions, SettlementDeposit } from './model';

export const GROUP_SIZE_MAX = 4;
export const GROUP_CANDIDATES_MAX = 12;

export interface GroupInput {
  settlements: readonly SettlementDeposit[];
  transactions: readonly BankTransaction[];
  /** Day numbers of each settlement's end and each transaction's date. */
  ends: readonly number[];
  dates: readonly number[];
  /** The one-to-one pairs so far, extended in place with the groups' members. */
  depositOf: Map<number, number>;
  settlementOf: Map<number, number>;
  options: MatchOptions;
}

/** Transaction index -> the settlement indices it pays (only groups of 2 or more). */
export function matchDepositGroups(input: GroupInput): Map<number, number[]> {
  const { settlements, transactions, ends, dates, depositOf, settlementOf, options } = input;
  const groups = new Map<number, number[]>();
  const credits = transactions
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => t.amount > 0n && !settlementOf.has(i))
    .sort((a, b) => dates[a.i]! - dates[b.i]! || a.t.row - b.t.row);
  for (const { t, i } of credits) {
    const candidates = settlements
      .map((s, si) => ({ s, si }))
      .filter(({ s, si }) => {
        const days = dates[i]! - ends[si]!;
        return !depositOf.has(si) && s.amount > 0n && s.amount < t.amount && (t.currency === null || t.currency === s.currency) && days >= options.daysAfterMin && days <= options.daysAfterMax;
      })
      .sort((a, b) => ends[b.si]! - ends[a.si]! || (a.s.settlementKey < b.s.settlementKey ? -1 : a.s.settlementKey > b.s.settlementKey ? 1 : 0))
      .slice(0, GROUP_CANDIDATES_MAX)
      .sort((a, b) => ends[a.si]! - ends[b.si]! || (a.s.settlementKey < b.s.settlementKey ? -1 : a.s.settlementKey > b.s.settlementKey ? 1 : 0));
    const currencies = new Set(candidates.map((c) => c.s.currency));
    for (const currency of [...currencies].sort()) {
      const same = candidates.filter((c) => c.s.currency === currency);
      const found = findSubset(same.map((c) => roundToMinor(c.s.amount, c.s.currency)), t.amount);
      if (!found) continue;
      const members = found.map((k) => same[k]!.si);
      for (const si of members) depositOf.set(si, i);
      settlementOf.set(i, members[0]!);
      groups.set(i, members);
      break;
    }
  }
  return groups;
}

/** Indices of the first smallest subset (size 2..GROUP_SIZE_MAX, lexicographic) summing to target. */
function findSubset(amounts: readonly bigint[], target: bigint): number[] | undefined {
  for (let size = 2; size <= Math.min(GROUP_SIZE_MAX, amounts.length); size++) {
    const pick: number[] = [];
    const search = (from: number, left: bigint): boolean => {
      if (pick.length === size) return left === 0n;
      for (let k = from; k <= amounts.length - (size - pick.length); k++) {
        pick.push(k);
        if (search(k + 1, left - amounts[k]!)) return true;
        pick.pop();
      }
      return false;
    };
    if (search(0, target)) return pick;
  }
  return undefined;
}
