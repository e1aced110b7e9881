/**
 * Reprocess: rebuild a settlement's flags and documents with the current mappings. On a posted
 * settlement it first shows what would change (nothing is changed); with confirm=true it reverses
 * the posted documents that would change (built-in ledger: a reversal journal; other systems: the
 * adapter's rollback) and queues the replacements for sending.
 */
import type { SettlementActionResult } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import type { PostingDocument } from '@ledgerport/core/posting';
import { AppError } from '../../http/app-error';
import { errorMessages } from '@ledgerport/contract';
import type { Deps } from '../../http/deps';
import { refreshMappingState } from '../mappings/refresh-mapping-state';
import { queueSend } from '../posting/send-settlement-job';
import { resolvePort, updatePostingStatus } from '../posting/send-settlement';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { settlementBody } from './settlement-body';
import { documentBody, settlementDocuments } from './settlement-documents';

type Change = SettlementActionResult['preview'] extends infer P ? (P extends { changedLines: (infer C)[] } ? C : never) : never;

function lineKey(l: PostingDocument['lines'][number]): string {
  return `${l.role}|${l.description}|${l.side}|${formatUnits(l.amount)}`;
}

function diff(before: PostingDocument, after: PostingDocument | undefined): Change[] {
  const changes: Change[] = [];
  const afterLines = new Map((after?.lines ?? []).map((l) => [lineKey(l), l]));
  const beforeKeys = new Set(before.lines.map(lineKey));
  for (const l of before.lines) {
    const a = afterLines.get(lineKey(l));
    if (!a || a.account.code !== l.account.code || a.taxRateCode !== l.taxRateCode) {
      changes.push({
        documentNumber: before.number,
        description: l.description,
        before: { accountCode: l.account.code, taxRateCode: l.taxRateCode },
        after: a ? { accountCode: a.account.code, taxRateCode: a.taxRateCode } : null,
        amount: formatUnits(l.amount),
        side: l.side,
      });
    }
  }
  for (const a of after?.lines ?? []) {
    if (!beforeKeys.has(lineKey(a))) {
      changes.push({ documentNumber: before.number, description: a.description, before: null, after: { accountCode: a.account.code, taxRateCode: a.taxRateCode }, amount: formatUnits(a.amount), side: a.side });
    }
  }
  return changes;
}

export async function reprocessSettlement(deps: Deps, row: SettlementRow, isConfirmed: boolean): Promise<SettlementActionResult> {
  const { db } = deps;
  await refreshMappingState(db, row.account_key, deps.clock());
  const docs = await settlementDocuments(db, row);
  const reread = async () => settlementBody(await db.selectFrom('settlements').selectAll().where('settlement_key', '=', row.settlement_key).executeTakeFirstOrThrow());
  if (docs.posted.length === 0) {
    return { action: 'reprocess', settlementKey: row.settlement_key, message: `Settlement ${row.settlement_id} was reprocessed with the current mappings.`, settlement: await reread(), preview: null };
  }
  const changed = docs.posted
    .map((p) => ({ p, replacement: docs.built.find((b) => b.part.index === p.doc.part.index), changes: [] as Change[] }))
    .map((c) => ({ ...c, changes: diff(c.p.doc, c.replacement) }))
    .filter((c) => c.changes.length > 0 || c.replacement?.mappingVersion !== c.p.doc.mappingVersion && c.changes.length > 0);
  const preview = {
    hasChanges: changed.length > 0,
    toReverse: changed.map((c) => documentBody(c.p.doc, { documentId: c.p.documentId, status: 'POSTED', remoteId: c.p.remoteId, remoteNumber: c.p.remoteNumber, remoteUrl: null, postedAt: null, error: null }, c.p.settingsVersion)),
    replacements: changed.flatMap((c) => (c.replacement ? [documentBody(c.replacement, null, docs.settingsVersion)] : [])),
    changedLines: changed.flatMap((c) => c.changes),
  };
  if (!isConfirmed || changed.length === 0) {
    const message = changed.length === 0
      ? `Nothing would change: the posted documents of settlement ${row.settlement_id} already match the current mappings.`
      : `${changed.length} posted document${changed.length === 1 ? '' : 's'} would be reversed and replaced (${preview.changedLines.length} line${preview.changedLines.length === 1 ? '' : 's'} change). Confirm to replace them.`;
    return { action: 'reprocess', settlementKey: row.settlement_key, message, settlement: await reread(), preview };
  }
  const port = await resolvePort(deps, row.account_key);
  if (!port) throw new AppError('posting.connection-missing', errorMessages.accountingConnectionMissing);
  for (const c of changed) {
    await port.rollbackDocument({ remoteId: c.p.remoteId ?? '', remoteNumber: c.p.remoteNumber ?? c.p.doc.number, remoteType: c.p.remoteType ?? 'Journal', isReplay: false });
    await db.updateTable('settlement_documents').set({ status: 'REVERSED', reversed_at: deps.clock(), updated_at: deps.clock() }).where('document_id', '=', c.p.documentId).execute();
  }
  await updatePostingStatus(db, row.account_key, row.settlement_key, deps.clock());
  await queueSend(db, deps.jobs, row);
  return {
    action: 'reprocess',
    settlementKey: row.settlement_key,
    message: `${changed.length} document${changed.length === 1 ? ' was' : 's were'} reversed; the replacements are being sent.`,
    settlement: await reread(),
    preview,
  };
}
