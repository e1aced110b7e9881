/**
 * The balance check of a bank statement (issue 28): opening balance + the entries read = closing
 * balance. One rule for every format; the parsers only find the balances and the entries. A statement
 * that does not add up lost entries (refused, undated, in another currency) or holds extra ones, and
 * the difference says how much; a statement without both balances cannot be checked and says so.
 */
import { getMinorDigits, isKnownCurrency } from '../money/currencies';
import { formatUnits } from '../money/money';
import type { StatementBalance, StatementBalanceCheck } from './model';

export interface StatementBalanceInput {
  row: number;
  account: string | null;
  currency: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /** Amounts of the booked entries read, in units. */
  entries: readonly bigint[];
}

export function checkStatementBalance(input: StatementBalanceInput): StatementBalanceCheck {
  const entriesTotal = input.entries.reduce((sum, a) => sum + a, 0n);
  const digits = input.currency && isKnownCurrency(input.currency) ? getMinorDigits(input.currency) : 2;
  const money = (units: bigint): string => `${formatUnits(units, digits)}${input.currency ? ` ${input.currency}` : ''}`;
  const base = { row: input.row, account: input.account, currency: input.currency, opening: input.opening, closing: input.closing, entryCount: input.entries.length, entriesTotal };
  const where = input.account ? `The statement of ${input.account}` : 'The statement';
  if (!input.opening || !input.closing) {
    const missing = !input.opening && !input.closing ? 'no opening and no closing balance' : !input.opening ? 'no opening balance' : 'no closing balance';
    return { ...base, difference: null, isBalanced: null, message: `${where} (line ${input.row}) states ${missing}, so its entries cannot be checked against them.` };
  }
  const expected = input.opening.amount + entriesTotal;
  const difference = input.closing.amount - expected;
  if (difference === 0n) {
    return { ...base, difference, isBalanced: true, message: `${where} (line ${input.row}) adds up: opening ${money(input.opening.amount)} + ${input.entries.length} entries ${money(entriesTotal)} = closing ${money(input.closing.amount)}.` };
  }
  return {
    ...base,
    difference,
    isBalanced: false,
    message: `${where} (line ${input.row}) does not add up: opening ${money(input.opening.amount)} + ${input.entries.length} entries ${money(entriesTotal)} = ${money(expected)}, but the closing balance is ${money(input.closing.amount)} (a difference of ${money(difference)}): entries are missing or were not read.`,
  };
}
