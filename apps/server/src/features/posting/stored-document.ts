/**
 * A posted document as stored (settlement_documents.document): core's PostingDocument with its
 * amounts as exact decimal strings (bigint has no JSON form) and whole account objects, so exports
 * and reversals work from exactly what was posted, whatever the mappings are today.
 */
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import type { PostingDocument } from '@ledgerport/core/posting';

export function documentToStored(doc: PostingDocument): string {
  return JSON.stringify({
    ...doc,
    total: formatUnits(doc.total),
    partNet: formatUnits(doc.partNet),
    lines: doc.lines.map((l) => ({ ...l, amount: formatUnits(l.amount) })),
  });
}

export function documentFromStored(stored: Record<string, unknown>): PostingDocument {
  const raw = stored as unknown as PostingDocument & { total: string; partNet: string; lines: (PostingDocument['lines'][number] & { amount: string })[] };
  return {
    ...raw,
    total: decimalToUnits(raw.total),
    partNet: decimalToUnits(raw.partNet),
    lines: raw.lines.map((l) => ({ ...l, amount: decimalToUnits(l.amount as unknown as string) })),
  };
}
