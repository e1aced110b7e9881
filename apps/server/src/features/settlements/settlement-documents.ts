/**
 * The documents of a settlement as the detail shows them: what was posted (or failed, or was
 * reversed), and for every part not posted, the document as it will be posted with today's mappings.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, SettlementDocumentsTable } from '@ledgerport/db';
import type { SettlementDocument } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import type { PostingDocument, PostingProblem, PostingResult } from '@ledgerport/core/posting';
import { buildSettlementDocuments } from '../posting/build-settlement-documents';
import { documentFromStored } from '../posting/stored-document';
import type { SettlementRow } from '../stored-settlements/load-settlement';

export function documentBody(
  doc: PostingDocument,
  stored: { documentId: string; status: SettlementDocument['status']; remoteId: string | null; remoteNumber: string | null; remoteUrl: string | null; postedAt: Date | null; error: string | null } | null,
  settingsVersion: number | null,
): SettlementDocument {
  return {
    documentId: stored?.documentId ?? null,
    status: stored?.status ?? 'PENDING',
    kind: doc.kind,
    system: doc.system,
    number: doc.number,
    date: doc.date,
    description: doc.description,
    currency: doc.currency,
    part: doc.part,
    total: formatUnits(doc.total),
    partNet: formatUnits(doc.partNet),
    mappingVersion: doc.mappingVersion,
    settingsVersion,
    flags: doc.flags,
    remoteId: stored?.remoteId ?? null,
    remoteNumber: stored?.remoteNumber ?? null,
    remoteUrl: stored?.remoteUrl ?? null,
    postedAt: stored?.postedAt ? stored.postedAt.toISOString() : null,
    error: stored?.error ?? null,
    lines: doc.lines.map((l) => ({
      role: l.role,
      accountCode: l.account.code,
      accountName: l.account.name,
      taxRateCode: l.taxRateCode,
      description: l.description,
      side: l.side,
      amount: formatUnits(l.amount),
      tracking: l.tracking,
      sources: { selector: l.sources.selector, lineCount: l.sources.lineCount, rows: l.sources.rows, isComplete: l.sources.isComplete },
    })),
  };
}

export interface SettlementDocuments {
  documents: SettlementDocument[];
  problems: PostingProblem[];
  /** Built with today's mappings (every part). */
  built: PostingDocument[];
  /** Stored posted documents with their rows. */
  posted: { documentId: string; doc: PostingDocument; remoteId: string | null; remoteNumber: string | null; remoteType: string | null; settingsVersion: number | null }[];
  /** The posting settings version the built documents use. */
  settingsVersion: number;
}

export async function settlementDocuments(db: Kysely<Database>, row: SettlementRow): Promise<SettlementDocuments> {
  const stored = await storedDocumentsQuery(db, row.settlement_key).execute();
  const built = await buildSettlementDocuments(db, row);
  return mergeDocuments(stored, built, built.settingsVersion);
}

/** The settlement's stored documents, in part order then creation. */
export function storedDocumentsQuery(db: Kysely<Database>, settlementKey: string) {
  return db.selectFrom('settlement_documents').selectAll().where('settlement_key', '=', settlementKey).orderBy('part_index').orderBy('created_at');
}

/** The columns of a stored document mergeDocuments reads. */
export type StoredDocumentRow = Pick<
  Selectable<SettlementDocumentsTable>,
  'document_id' | 'status' | 'part_index' | 'remote_id' | 'remote_number' | 'remote_type' | 'remote_url' | 'posted_at' | 'error' | 'settings_version' | 'document'
>;

/** The stored documents, and for every part no live stored document covers, the one built with today's mappings. */
export function mergeDocuments(stored: StoredDocumentRow[], built: PostingResult, settingsVersion: number): SettlementDocuments {
  const livePosted = new Set(stored.filter((d) => d.status === 'POSTED' || d.status === 'SENDING').map((d) => d.part_index));
  const documents: SettlementDocument[] = [];
  const posted: SettlementDocuments['posted'] = [];
  for (const d of stored) {
    const doc = documentFromStored(d.document);
    const status = d.status === 'SENDING' ? 'PENDING' : d.status;
    documents.push(documentBody(doc, { documentId: d.document_id, status, remoteId: d.remote_id, remoteNumber: d.remote_number, remoteUrl: d.remote_url, postedAt: d.posted_at, error: d.error }, d.settings_version));
    if (d.status === 'POSTED') posted.push({ documentId: d.document_id, doc, remoteId: d.remote_id, remoteNumber: d.remote_number, remoteType: d.remote_type, settingsVersion: d.settings_version });
  }
  for (const doc of built.documents) if (!livePosted.has(doc.part.index)) documents.push(documentBody(doc, null, settingsVersion));
  documents.sort((a, b) => a.part.index - b.part.index);
  return { documents, problems: built.problems, built: built.documents, posted, settingsVersion };
}
