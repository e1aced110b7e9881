/**
 * The guard every document passes before it leaves core (Frappe Books' rule): debits equal credits,
 * every amount is positive or zero and a whole number of the currency's minor units. A failure is a
 * bug in the engine, never a user error, so it throws.
 */
import { formatMoney, isMinorExact } from '../money/money';
import { forEachLine } from './document-lines';

export interface BalancedShape {
  number: string;
  currency: string;
  lines: readonly { side: 'debit' | 'credit'; amount: bigint }[];
}

export class UnbalancedDocumentError extends Error {
  override name = 'UnbalancedDocumentError';
}

export function assertBalanced(doc: BalancedShape): void {
  let debits = 0n;
  let credits = 0n;
  // Line by line without making a grouped document's lines into objects (see document-lines.ts).
  forEachLine(doc, (line) => {
    if (line.amount < 0n) throw new UnbalancedDocumentError(`Document ${doc.number} has a negative ${line.side} amount.`);
    if (!isMinorExact(line.amount, doc.currency)) {
      throw new UnbalancedDocumentError(`Document ${doc.number} has an amount finer than a ${doc.currency} minor unit.`);
    }
    if (line.side === 'debit') debits += line.amount;
    else credits += line.amount;
  });
  if (debits !== credits) {
    throw new UnbalancedDocumentError(
      `Document ${doc.number} does not balance: debits ${formatMoney({ units: debits, currency: doc.currency })}, credits ${formatMoney({ units: credits, currency: doc.currency })}.`,
    );
  }
}
