/**
 * Reconciliation (issue 18): a bank statement's transactions, the deposits settlements announce, and
 * what the matcher makes of them. Amounts are units (scale 4, see money), signed from the account
 * holder's side: a credit (money in) is positive. Dates are local calendar days 'YYYY-MM-DD' as the
 * bank prints them: a statement has no time zone worth trusting, and a day is what a bookkeeper matches.
 */
import type { ParseProblem } from '../settlements/model';

export type BankStatementFormat = 'csv' | 'ofx' | 'camt053';

export interface BankTransaction {
  /** 1-based line of the file where the transaction (CSV row, OFX STMTTRN, CAMT Ntry) starts. */
  row: number;
  /** Booking date 'YYYY-MM-DD'. */
  date: string;
  /** Value date when the statement gives one. */
  valueDate: string | null;
  /** Units, positive for money in. */
  amount: bigint;
  /** ISO code from the transaction or the statement; null when the file does not say (a bare CSV). */
  currency: string | null;
  description: string;
  /** The bank's own reference (OFX FITID, CAMT AcctSvcrRef, a CSV reference column). */
  reference: string | null;
  /**
   * Set when the date is not the entry's own: a sentence saying where it came from (a CAMT entry
   * without BookgDt and ValDt takes its statement's date). Absent for an entry dated by itself.
   */
  dateNote?: string;
}

/** A balance a statement states: CAMT Bal (OPBD, PRCD, CLBD) or OFX LEDGERBAL. */
export interface StatementBalance {
  /** The statement's code for it: 'OPBD', 'PRCD', 'CLBD' or 'LEDGERBAL'. */
  code: string;
  /** Units, positive when the account is in credit. */
  amount: bigint;
  /** 'YYYY-MM-DD' the balance is stated at; null when the file does not say. */
  date: string | null;
}

/**
 * Whether one statement adds up: opening balance plus the entries read equals the closing balance.
 * A statement whose entries were refused or lost does not, and the difference says by how much.
 */
export interface StatementBalanceCheck {
  /** 1-based line where the statement (CAMT Stmt, OFX STMTRS) starts. */
  row: number;
  /** The account as the file names it (IBAN, ACCTID); null when it does not. */
  account: string | null;
  currency: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /** Booked entries read (pending ones are not in the balances). */
  entryCount: number;
  /** Sum of those entries in units. */
  entriesTotal: bigint;
  /** closing − (opening + entries) in units; null when a balance is missing and nothing can be checked. */
  difference: bigint | null;
  /** True when it adds up, false when not, null when the file lacks a balance to check with. */
  isBalanced: boolean | null;
  /** What the check found, in a sentence for a bookkeeper. */
  message: string;
}

/** Bank statement parsers push here, like channel parsers into a ParseSink (decision 0004). */
export interface BankStatementSink {
  transaction(transaction: BankTransaction): void;
  problem(problem: ParseProblem): void;
  /** The balance check of each statement in the file (OFX and CAMT; a CSV states no balances). */
  balanceCheck?(check: StatementBalanceCheck): void;
}

export interface BankStatement {
  format: BankStatementFormat;
  transactions: BankTransaction[];
  problems: ParseProblem[];
  /** One per statement in the file (a CAMT file may hold several); empty for CSV. */
  balanceChecks: StatementBalanceCheck[];
  /** False when a statement's balances do not add up (see balanceChecks for the difference). */
  isBalanced: boolean;
}

/** What a settlement says reaches the bank: its total on or after its end date. */
export interface SettlementDeposit {
  settlementKey: string;
  settlementId: string;
  currency: string;
  /** The settlement total in units (the deposit); may be negative (a debit from the seller). */
  amount: bigint;
  /** 'YYYY-MM-DD' the settlement period ended: the anchor of the matching window. */
  endDate: string;
  /** The channel's stated deposit date, shown beside it; null when the channel does not say. */
  depositDate: string | null;
}

export interface MatchOptions {
  /** The bank may book a deposit this many days after the settlement ended, at the earliest (default 0). */
  daysAfterMin: number;
  /** ...and at the latest (default 5). */
  daysAfterMax: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = { daysAfterMin: 0, daysAfterMax: 5 };
/** A window wider than this is not a reconciliation but a guess. */
export const MATCH_WINDOW_DAYS_MAX = 60;

export type ReconciliationRowKind = 'matched' | 'unmatched-settlement' | 'unmatched-deposit';

/** One row of a reconciliation: a pair, a settlement alone, or a bank credit alone. */
export interface ReconciliationRow {
  kind: ReconciliationRowKind;
  settlement: SettlementDeposit | null;
  deposit: BankTransaction | null;
  /** Bank date minus settlement end date, in days (matched rows, and the nearest candidate of an unmatched settlement). */
  dateDifferenceDays: number | null;
  /** Bank amount minus settlement amount in units (0 when matched; the nearest candidate's otherwise). */
  amountDifference: bigint | null;
  /** Why it is unmatched (a sentence), or how it matched. */
  reason: string;
}

export interface ReconciliationTotals {
  settlementCount: number;
  depositCount: number;
  matchedCount: number;
  unmatchedSettlementCount: number;
  unmatchedDepositCount: number;
  /** Debits and zero amounts of the statement, which are not deposits. */
  ignoredCount: number;
  /** Sums in units per currency ('' when the statement has no currency). */
  settlementTotal: Record<string, bigint>;
  depositTotal: Record<string, bigint>;
  matchedTotal: Record<string, bigint>;
}

export interface Reconciliation {
  rows: ReconciliationRow[];
  totals: ReconciliationTotals;
}
