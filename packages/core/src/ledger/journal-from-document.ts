import type { PostingDocument } from '../posting/model';
import { assertPostable, type Journal } from './model';

/** The built-in ledger's journal for a posted document (zero lines are left out). */
export function journalFromDocument(doc: PostingDocument, id: string): Journal {
  const journal: Journal = {
    id,
    date: doc.date,
    number: doc.number,
    description: doc.description,
    currency: doc.currency,
    settlementId: doc.settlementId,
    mappingVersion: doc.mappingVersion,
    reversesId: null,
    lines: doc.lines.filter((l) => l.amount !== 0n).map((l) => ({ accountCode: l.account.code, side: l.side, amount: l.amount, description: l.description })),
  };
  assertPostable(journal);
  return journal;
}

/** The reversal of a posted journal: same lines with sides swapped, dated when the correction is made. */
export function reverseJournal(journal: Journal, reversal: { id: string; date: string }): Journal {
  if (journal.reversesId !== null) throw new Error(`Journal ${journal.number} is itself a reversal; post a new journal instead.`);
  return {
    ...journal,
    id: reversal.id,
    date: reversal.date,
    number: `R-${journal.number}`,
    description: `Reversal of ${journal.number}: ${journal.description}`,
    reversesId: journal.id,
    lines: journal.lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' })),
  };
}
