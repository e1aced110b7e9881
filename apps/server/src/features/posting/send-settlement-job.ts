/**
 * Send and bulk send go through this queue, so a send survives a restart; pg-boss retries a send that
 * failed for a reason a retry may fix (the system was unavailable or rate-limited).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { JobHandler } from '../../jobs/job-handler';
import type { JobSender } from '../../http/job-sender';
import { sendSettlement } from './send-settlement';
import type { ExpectedDocuments } from './document-fingerprint';

export const SEND_SETTLEMENT_QUEUE = 'send-settlement';

/** accountKey routes the send's statements to the account's shard on Citus (decision 0042); older jobs lack it. */
export const sendSettlementJob: JobHandler<{ accountKey?: string; settlementKey: string; isAutomatic?: boolean; expectedDocuments?: ExpectedDocuments }> = {
  queue: SEND_SETTLEMENT_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 10,
  // A send whose process was killed is retried about half a minute later (heartbeat, then the
  // supervisor); the retry reuses the stored idempotency key (decision 0008).
  heartbeatSeconds: 10,
  async handle(data, deps) {
    await sendSettlement(deps, data.settlementKey, { isAutomatic: data.isAutomatic === true, ...(data.accountKey ? { accountKey: data.accountKey } : {}), ...(data.expectedDocuments ? { expectedDocuments: data.expectedDocuments } : {}) });
  },
};

/** Marks the settlement QUEUED and queues its send (one queued send per settlement at a time); a confirmed reprocess gives the documents it showed. */
export async function queueSend(db: Kysely<Database>, jobs: JobSender, row: { account_key: string; settlement_key: string }, expectedDocuments?: ExpectedDocuments): Promise<void> {
  const settlementKey = row.settlement_key;
  await db.updateTable('settlements').set({ send_state: 'QUEUED', posting_error: null }).where('account_key', '=', row.account_key).where('settlement_key', '=', settlementKey).execute();
  await jobs.send(SEND_SETTLEMENT_QUEUE, { accountKey: row.account_key, settlementKey, ...(expectedDocuments ? { expectedDocuments } : {}) }, { singletonKey: settlementKey });
}

/**
 * A settlement marked QUEUED or SENDING whose send job is gone: the process died between marking it
 * and queueing the job, or its job gave up. Sending it again is then the way out, not "already being sent".
 */
export async function isSendOrphaned(deps: { jobs: JobSender }, settlementKey: string): Promise<boolean> {
  if (!deps.jobs.countPending) return false;
  return (await deps.jobs.countPending(SEND_SETTLEMENT_QUEUE, settlementKey)) === 0;
}
