/**
 * The settlements a bank statement can pay: those that ended between its first booking day minus the
 * latest delay and its last booking day minus the earliest. The new-reconciliation form proposes this
 * range as soon as a statement is chosen, so its deposits all fall inside the matching window (the
 * server keeps the statement's credits booked from start + daysAfterMin to end + daysAfterMax).
 */
import type { BankTransaction, MatchOptions } from './model';
import { addDays } from './reconciliation-text';

export interface SettlementEndRange {
  start: string;
  end: string;
}

/** The statement's first and last booking days; null when it has no transaction. */
export function statementDateSpan(transactions: readonly Pick<BankTransaction, 'date'>[]): SettlementEndRange | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const { date } of transactions) {
    if (start === null || date < start) start = date;
    if (end === null || date > end) end = date;
  }
  return start === null || end === null ? null : { start, end };
}

/** The range of settlement end days whose deposits this statement books, by the window of the options. */
export function settlementRangeForStatement(transactions: readonly Pick<BankTransaction, 'date'>[], options: MatchOptions): SettlementEndRange | null {
  const span = statementDateSpan(transactions);
  if (!span) return null;
  const start = addDays(span.start, -options.daysAfterMax);
  const end = addDays(span.end, -options.daysAfterMin);
  return end < start ? { start: end, end: start } : { start, end };
}
