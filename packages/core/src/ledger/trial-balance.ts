/**
 * Trial balance and account ledger over a list of journals. Balances are per account and currency
 * (a multi-currency ledger never adds amounts of different currencies); balance = debits - credits.
 */
import type { Journal } from './model';

export interface TrialBalanceRow {
  accountCode: string;
  currency: string;
  debits: bigint;
  credits: bigint;
  balance: bigint;
}

export function trialBalance(journals: Iterable<Journal>, options: { throughDate?: string } = {}): TrialBalanceRow[] {
  const rows = new Map<string, TrialBalanceRow>();
  for (const j of journals) {
    if (options.throughDate !== undefined && j.date > options.throughDate) continue;
    for (const l of j.lines) {
      const key = `${l.accountCode}\u0000${j.currency}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { accountCode: l.accountCode, currency: j.currency, debits: 0n, credits: 0n, balance: 0n }));
      if (l.side === 'debit') row.debits += l.amount;
      else row.credits += l.amount;
      row.balance = row.debits - row.credits;
    }
  }
  return [...rows.values()].sort((a, b) => (a.accountCode === b.accountCode ? (a.currency < b.currency ? -1 : 1) : a.accountCode < b.accountCode ? -1 : 1));
}

export interface AccountLedgerEntry {
  journalId: string;
  date: string;
  number: string;
  description: string;
  /** Signed: debit positive, credit negative. */
  amount: bigint;
  runningBalance: bigint;
}

/** Every movement of one account in one currency, in date order (then journal order), with a running balance. */
export function accountLedger(journals: readonly Journal[], accountCode: string, currency: string): AccountLedgerEntry[] {
  const entries: Omit<AccountLedgerEntry, 'runningBalance'>[] = [];
  journals.forEach((j) => {
    if (j.currency !== currency) return;
    for (const l of j.lines) {
      if (l.accountCode !== accountCode) continue;
      entries.push({ journalId: j.id, date: j.date, number: j.number, description: l.description, amount: l.side === 'debit' ? l.amount : -l.amount });
    }
  });
  // A stable sort keeps journal order within a date.
  entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let running = 0n;
  return entries.map((e) => ({ ...e, runningBalance: (running += e.amount) }));
}
