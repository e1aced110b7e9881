/**
 * Reprocess: rebuild a settlement's flags and documents with the current mappings. On a posted
 * settlement it first shows what would change, document by document and line by line with the net per
 * account (reprocess-plan.ts), and changes nothing. The confirm sends back the preview's token: when the
 * plan made now has another token (the mappings, settings, lines or documents changed since), it is
 * refused and nothing is reversed or posted. Otherwise the posted documents that change are reversed
 * (built-in ledger: a reversal journal; other systems: the adapter's rollback) and the replacements are
 * queued with the fingerprints of the documents shown, which the send checks again (decision 0062).
 */
import { errorMessages, type SettlementActionResult } from '@ledgerport/contract';
import { AccountingError, postingDiffText } from '@ledgerport/core/posting';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { refreshMappingState } from '../mappings/refresh-mapping-state';
import { isSendOrphaned, queueSend } from '../posting/send-settlement-job';
import { resolvePort, updatePostingStatus } from '../posting/send-settlement';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { planReprocess, planSentence, type ReprocessPlan } from './reprocess-plan';
import { settlementBody } from './settlement-body';
import { auditSettlement } from './settlement-audit';
import type { Caller } from '../../http/caller';

export interface ReprocessOutcome {
  result: SettlementActionResult;
  /** A confirmed reprocess that reversed and queued: the plan it carried out (kept in the settlement's history). */
  applied: ReprocessPlan | null;
}

const staleMessage = (settlementId: string) =>
  `Settlement ${settlementId} changed since you looked at what reprocess would change (its mappings, settings, lines or posted documents). Nothing was reversed or posted: look at the changes again, then confirm those.`;

export async function reprocessSettlement(deps: Deps, row: SettlementRow, confirm: { isConfirmed: boolean; previewToken?: string | undefined }): Promise<ReprocessOutcome> {
  const { db } = deps;
  await refreshMappingState(db, row.account_key, deps.clock());
  const reread = async () => settlementBody(await db.selectFrom('settlements').selectAll().where('settlement_key', '=', row.settlement_key).executeTakeFirstOrThrow());
  const answer = async (message: string, plan: ReprocessPlan | null, applied: ReprocessPlan | null = null): Promise<ReprocessOutcome> => ({
    result: { action: 'reprocess', settlementKey: row.settlement_key, message, settlement: await reread(), preview: plan?.preview ?? null },
    applied,
  });
  const plan = await planReprocess(db, row);
  if (!plan) return answer(`Settlement ${row.settlement_id} was reprocessed with the current mappings.`, null);
  if (!confirm.isConfirmed || !plan.preview.hasChanges) return answer(planSentence(plan, row.settlement_id), plan);
  if (!confirm.previewToken) throw new AppError('request.invalid', 'Confirm a reprocess with the previewToken of the changes you were shown.');
  if (confirm.previewToken !== plan.preview.previewToken) throw new AppError('settlement.reprocess-stale', staleMessage(row.settlement_id), { preview: plan.preview });
  if ((row.send_state === 'QUEUED' || row.send_state === 'SENDING') && !(await isSendOrphaned(deps, row.settlement_key))) {
    throw new AppError('settlement.reprocess-stale', `Settlement ${row.settlement_id} is being sent. Wait until the send finishes, then reprocess it again.`);
  }
  const port = await resolvePort(deps, row.account_key);
  if (!port) throw new AppError('posting.connection-missing', errorMessages.accountingConnectionMissing);
  await claimForReversal(deps, row, plan);
  for (const [i, p] of plan.toReverse.entries()) {
    try {
      await port.rollbackDocument({ remoteId: p.remoteId ?? '', remoteNumber: p.remoteNumber ?? p.doc.number, remoteType: p.remoteType ?? 'Journal', isReplay: false });
    } catch (e) {
      // The documents not reversed yet stay posted, as they are in the books.
      const left = plan.toReverse.slice(i).map((d) => d.documentId);
      await db.updateTable('settlement_documents').set({ status: 'POSTED', reversed_at: null, updated_at: deps.clock() }).where('account_key', '=', row.account_key).where('document_id', 'in', left).execute();
      await updatePostingStatus(db, row.account_key, row.settlement_key, deps.clock());
      if (e instanceof AccountingError) throw new AppError('posting.failed', `Document ${p.doc.number} could not be reversed: ${e.failure.message}`);
      throw e;
    }
  }
  await updatePostingStatus(db, row.account_key, row.settlement_key, deps.clock());
  if (plan.preview.postCount > 0) await queueSend(db, deps.jobs, row, plan.expected);
  const { reverseCount, postCount } = plan.preview;
  return answer(
    `${reverseCount} document${reverseCount === 1 ? ' was' : 's were'} reversed; ${postCount === 0 ? 'nothing replaces them.' : `${postCount === 1 ? 'the replacement is' : 'the replacements are'} being sent.`}`,
    plan,
    plan,
  );
}

/**
 * Reprocess and its audit entry: a preview changes nothing and records nothing; a reprocess did (on a
 * posted settlement it reversed and replaced documents, and the diff shown is kept in its history).
 */
export async function reprocessAndRecord(deps: Deps, caller: Caller, row: SettlementRow, confirm: { isConfirmed: boolean; previewToken?: string | undefined }): Promise<SettlementActionResult> {
  const { result, applied } = await reprocessSettlement(deps, row, confirm);
  if (result.preview === null || applied) {
    await auditSettlement(deps, caller, row, 'settlement.reprocessed', { postingStatus: result.settlement?.postingStatus ?? null, ...(applied ? { diff: postingDiffText(applied.diff) } : {}) });
  }
  return result;
}

/**
 * Marks the documents to reverse REVERSED in one statement that only takes documents still POSTED:
 * a second confirm of the same preview (two tabs, a double click) finds fewer and is refused whole.
 */
async function claimForReversal(deps: Deps, row: SettlementRow, plan: ReprocessPlan): Promise<void> {
  if (plan.toReverse.length === 0) return;
  const at = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('settlement_documents')
      .set({ status: 'REVERSED', reversed_at: at, updated_at: at })
      .where('account_key', '=', row.account_key)
      .where('document_id', 'in', plan.toReverse.map((p) => p.documentId))
      .where('status', '=', 'POSTED')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== plan.toReverse.length) throw new AppError('settlement.reprocess-stale', staleMessage(row.settlement_id));
  });
}
