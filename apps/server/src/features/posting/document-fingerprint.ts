/**
 * What a re-post promised to send (issue 28, decision 0062). A confirmed reprocess queues its send with
 * the fingerprint of each document it showed; the send refuses a part built differently by then (the
 * mappings, settings or lines changed after the confirm), so nothing is posted that was not shown.
 * A fingerprint covers what the preview shows of a document: number, date, currency, kind and each
 * line's identity, account, tax rate, side, amount and tracking; not the mapping version's label, so
 * saving the same mappings again changes nothing.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { lineKeyOf, type PostingDocument } from '@ledgerport/core/posting';

/** Fingerprints by part index (as text: the job's data is JSON). */
export type ExpectedDocuments = Record<string, string>;

export function documentFingerprint(doc: PostingDocument): string {
  const lines = doc.lines.map((l) => [lineKeyOf(l), l.account.code, l.taxRateCode, l.side, l.amount.toString(), l.tracking.map((t) => `${t.name}=${t.option}`).join(',')]);
  return crypto.createHash('sha256').update(JSON.stringify([doc.number, doc.date, doc.currency, doc.kind, lines])).digest('base64url');
}

/** Null when every part the send would post now is one that was shown; otherwise why not. */
export async function unexpectedDocumentsRefusal(db: Kysely<Database>, row: { account_key: string; settlement_key: string }, built: readonly PostingDocument[], expected: ExpectedDocuments): Promise<string | null> {
  const posted = await db.selectFrom('settlement_documents').select('part_index').where('account_key', '=', row.account_key).where('settlement_key', '=', row.settlement_key).where('status', '=', 'POSTED').execute();
  const done = new Set(posted.map((p) => p.part_index));
  const differs = built.filter((d) => !done.has(d.part.index)).some((d) => expected[String(d.part.index)] !== documentFingerprint(d));
  return differs
    ? 'The replacement was not sent: the mappings, settings or lines of this settlement changed after the reprocess was confirmed, so it would differ from what was shown. Reprocess again to see what would change now.'
    : null;
}
