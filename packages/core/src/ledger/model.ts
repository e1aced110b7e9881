/**
 * The built-in ledger (MANUAL accounts): journals of debit/credit lines in one currency. A posted
 * journal is immutable; a correction is a reversal (same lines, sides swapped) plus a new journal,
 * both kept. Storage lives in the database package; these are the pure rules it calls.
 */
import { assertBalanced } from '../posting/assert-balanced';

export interface JournalLine {
  accountCode: string;
  side: 'debit' | 'credit';
  /** Units (scale 4), positive, whole minor units. */
  amount: bigint;
  description: string;
}

export interface Journal {
  id: string;
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  number: string;
  description: string;
  currency: string;
  /** The settlement and mapping version it came from, when posted from a settlement. */
  settlementId: string | null;
  mappingVersion: string | null;
  /** The id of the journal this one reverses. */
  reversesId: string | null;
  lines: JournalLine[];
}

/** Checks a journal before it is stored: balanced, at least one debit and one credit. */
export function assertPostable(journal: Journal): void {
  assertBalanced(journal);
  if (!journal.lines.some((l) => l.side === 'debit' && l.amount > 0n) || !journal.lines.some((l) => l.side === 'credit' && l.amount > 0n)) {
    throw new Error(`Journal ${journal.number} needs at least one debit and one credit.`);
  }
}
