/**
 * Support utilities of the internal account area (issue 19; decision 0047). Each one is an existing
 * service run for one account, never a copy of its rule: the upload recovery's requeue
 * (requeueOrphanedImportFiles, limited to the account), the send's orphan rule and queue (isSendOrphaned,
 * queueSend: the retried send reuses the stored idempotency key and the live SENDING document, so the
 * accounting system recognises a document it already has and nothing posts twice), and the mapping
 * state and account status refresh. Each run is audited in the account's history with the staff member.
 */
import type { AccountUtility, StuckWork } from '@ledgerport/contract';
import { recordStaffAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { IMPORT_SETTLEMENT_FILE_QUEUE, importFileJobKey, UNFINISHED_IMPORT_STATUSES } from '../imports/import-settlement-file-job';
import { requeueOrphanedImportFiles } from '../imports/recover-settlement-imports-job';
import { refreshMappingState } from '../mappings/refresh-mapping-state';
import { refreshAccountStatus } from '../partner/refresh-account-status';
import { SEND_SETTLEMENT_QUEUE, isSendOrphaned, queueSend } from '../posting/send-settlement-job';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Without a job queue that can count (no workers in this process) no job can be told gone: nothing is stuck for sure. */
async function hasJob(deps: Deps, queue: string, key: string): Promise<boolean> {
  return deps.jobs.countPending ? (await deps.jobs.countPending(queue, key)) > 0 : true;
}

export async function listStuckWork(deps: Deps, accountKey: string): Promise<StuckWork> {
  const files = await deps.db
    .selectFrom('settlement_import_files')
    .select(['import_id', 'file_index', 'file_name', 'status', 'attempts', 'updated_at'])
    .where('account_key', '=', accountKey)
    .where('status', 'in', UNFINISHED_IMPORT_STATUSES)
    .orderBy('updated_at')
    .limit(100)
    .execute();
  const sends = await deps.db
    .selectFrom('settlements')
    .select(['settlement_key', 'settlement_id', 'send_state', 'updated_at'])
    .where('account_key', '=', accountKey)
    .where('send_state', 'in', ['QUEUED', 'SENDING'])
    .orderBy('updated_at')
    .limit(100)
    .execute();
  return {
    imports: await Promise.all(
      files.map(async (f) => ({ importId: f.import_id, fileIndex: f.file_index, fileName: f.file_name, status: f.status, attempts: f.attempts, updatedAt: iso(f.updated_at), hasJob: await hasJob(deps, IMPORT_SETTLEMENT_FILE_QUEUE, importFileJobKey(f.import_id, f.file_index)) })),
    ),
    sends: await Promise.all(
      sends.map(async (s) => ({ settlementKey: s.settlement_key, settlementId: s.settlement_id, sendState: s.send_state, updatedAt: iso(s.updated_at), hasJob: await hasJob(deps, SEND_SETTLEMENT_QUEUE, s.settlement_key) })),
    ),
  };
}

export interface UtilityRun {
  utility: AccountUtility;
  settlementKey?: string | undefined;
}

export async function runAccountUtility(deps: Deps, caller: Caller, accountKey: string, run: UtilityRun): Promise<{ utility: AccountUtility; message: string; count: number }> {
  const { db } = deps;
  const outcome = await perform(deps, accountKey, run);
  await recordStaffAudit(db, {
    actorUserId: caller.userId,
    accountKey,
    action: 'backend.account-utility-run',
    entityType: 'account',
    entityId: accountKey,
    after: { utility: run.utility, settlementKey: run.settlementKey ?? null, count: outcome.count, message: outcome.message },
    at: deps.clock(),
  });
  return { utility: run.utility, ...outcome };
}

async function perform(deps: Deps, accountKey: string, run: UtilityRun): Promise<{ message: string; count: number }> {
  const { db } = deps;
  switch (run.utility) {
    case 'requeue-stuck-imports': {
      if (!deps.jobs.countPending) throw new AppError('request.invalid', 'This server runs no background jobs, so it cannot tell which uploads are stuck. Try again on a server that runs them.');
      const count = await requeueOrphanedImportFiles(deps, accountKey);
      return { count, message: count === 0 ? 'No upload of this account was stuck: every unfinished file still has its job.' : `${count} stuck upload file(s) queued again; each is read again from the start or failed with a message.` };
    }
    case 'resume-stuck-send': {
      if (!run.settlementKey) throw new AppError('request.invalid', 'Choose the settlement whose send is stuck.');
      const row = await db.selectFrom('settlements').select(['account_key', 'settlement_key', 'settlement_id', 'send_state']).where('account_key', '=', accountKey).where('settlement_key', '=', run.settlementKey).executeTakeFirst();
      if (!row) throw new AppError('settlement.not-found', `There is no settlement ${run.settlementKey} in account ${accountKey}.`, { settlementKey: run.settlementKey });
      if (row.send_state !== 'QUEUED' && row.send_state !== 'SENDING') throw new AppError('request.invalid', `Settlement ${row.settlement_id} is not being sent (its send state is ${row.send_state}); nothing to resume.`);
      if (!deps.jobs.countPending || !(await isSendOrphaned(deps, row.settlement_key))) {
        throw new AppError('request.invalid', `Settlement ${row.settlement_id} still has its send job queued or running; wait for it to finish.`);
      }
      await queueSend(db, deps.jobs, row);
      return { count: 1, message: `The send of settlement ${row.settlement_id} was queued again. It asks the accounting system with the same idempotency key, so a document already there is not posted twice.` };
    }
    case 'refresh-mapping-state': {
      const at = deps.clock();
      await db.transaction().execute(async (trx) => {
        await refreshMappingState(trx, accountKey, at);
        await refreshAccountStatus(trx, accountKey, at);
      });
      return { count: 1, message: "The account's mapping state (unmapped types on each settlement) and its status summary were recomputed." };
    }
  }
}
