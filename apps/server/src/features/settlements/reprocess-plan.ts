/**
 * What a reprocess of a posted settlement would do (issue 28, decision 0062): the posted documents
 * against the documents the send would post now. "Now" is the send's own builder
 * (buildSettlementDocuments through settlementDocuments), never a second copy of the posting rules;
 * core's diffPostings compares them. The preview token names exactly this plan: the posted documents
 * it would reverse and the fingerprint of every document it would post, so a confirm can tell whether
 * anything moved since it was shown.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { ReprocessPreview } from '@ledgerport/contract';
import { diffPostings, postingDiffText, type PostingDiff, type PostingProblem } from '@ledgerport/core/posting';
import { documentFingerprint, type ExpectedDocuments } from '../posting/document-fingerprint';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { settlementDocuments, type SettlementDocuments } from './settlement-documents';

export interface ReprocessPlan {
  diff: PostingDiff;
  preview: ReprocessPreview;
  /** The posted documents whose part changes: reversed on confirm. */
  toReverse: SettlementDocuments['posted'];
  /** The fingerprint of each document the send would post after the reversals, by part. */
  expected: ExpectedDocuments;
  /** Why the settlement would not post now (an unmapped type, a missing account...): nothing is reversed then. */
  problems: PostingProblem[];
}

/** The plan of a settlement with posted documents; null when nothing of it is posted. */
export async function planReprocess(db: Kysely<Database>, row: SettlementRow): Promise<ReprocessPlan | null> {
  const docs = await settlementDocuments(db, row);
  if (docs.posted.length === 0) return null;
  const diff = diffPostings(
    docs.posted.map((p) => p.doc),
    docs.built,
  );
  const changedParts = new Set(diff.documents.map((d) => d.partIndex));
  const toReverse = docs.posted.filter((p) => changedParts.has(p.doc.part.index));
  const toPost = docs.built.filter((d) => changedParts.has(d.part.index));
  const expected: ExpectedDocuments = Object.fromEntries(toPost.map((d) => [String(d.part.index), documentFingerprint(d)]));
  const previewToken = crypto
    .createHash('sha256')
    .update(JSON.stringify([row.settlement_key, docs.posted.map((p) => p.documentId).sort(), Object.entries(expected).sort(), docs.problems.map((p) => p.message)]))
    .digest('base64url');
  const preview: ReprocessPreview = {
    hasChanges: diff.hasChanges && docs.problems.length === 0,
    previewToken,
    reverseCount: toReverse.length,
    postCount: toPost.length,
    ...postingDiffText(diff),
  };
  return { diff, preview, toReverse, expected, problems: docs.problems };
}

/** "1 posted document would be reversed and 1 posted in its place (1 line changes)." */
export function planSentence(plan: ReprocessPlan, settlementId: string): string {
  if (plan.problems.length > 0) return `Settlement ${settlementId} would not post now: ${plan.problems.map((p) => p.message).join(' ')} Nothing was changed.`;
  if (!plan.diff.hasChanges) return `Nothing would change: the posted documents of settlement ${settlementId} already match what would be posted now. Nothing was posted.`;
  const { reverseCount, postCount } = plan.preview;
  const lines = plan.diff.documents.reduce((a, d) => a + d.lines.length, 0);
  const s = (n: number) => (n === 1 ? '' : 's');
  return `${reverseCount} posted document${s(reverseCount)} would be reversed and ${postCount} posted in ${reverseCount === 1 ? 'its' : 'their'} place (${lines} line${s(lines)} change${lines === 1 ? 's' : ''}). Confirm to replace them.`;
}
