/**
 * GET /settlementSendProgress: how far a (bulk) send has got. Nothing about the send is kept in a
 * process: the answer is read from each settlement's send_state and posting_status, so any server
 * process answers the same, during the send and after a restart.
 */
import type { FastifyInstance } from 'fastify';
import { bulkSendProgress, errorMessages, type SendProgress } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { canAccessAccount } from '../accounts/account-access';

type SendRow = { send_state: string; posting_status: string };

export function summarizeSendProgress(rows: readonly SendRow[]): SendProgress {
  const progress = { total: rows.length, posted: 0, failed: 0, queued: 0, sending: 0, idle: 0, isRunning: false };
  for (const row of rows) {
    if (row.send_state === 'QUEUED') progress.queued += 1;
    else if (row.send_state === 'SENDING') progress.sending += 1;
    else if (row.send_state === 'FAILED') progress.failed += 1;
    else if (row.posting_status === 'POSTED') progress.posted += 1;
    else progress.idle += 1;
  }
  progress.isRunning = progress.queued + progress.sending > 0;
  return progress;
}

export function registerSendProgressRoute(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, bulkSendProgress, async ({ query, caller }) => {
    const keys = [...new Set(query.settlementKey)];
    const rows = await deps.db.selectFrom('settlements').select(['settlement_key', 'account_key', 'send_state', 'posting_status']).where('settlement_key', 'in', keys).execute();
    const accounts = new Set(rows.map((r) => r.account_key));
    const missing = keys.find((k) => !rows.some((r) => r.settlement_key === k));
    // One unknown or foreign settlement answers not-found, as every settlement call does.
    for (const accountKey of accounts) {
      if (!(await canAccessAccount(deps.db, caller, accountKey))) throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey: keys[0] });
    }
    if (missing) throw new AppError('settlement.not-found', errorMessages.settlementNotFound, { settlementKey: missing });
    return summarizeSendProgress(rows);
  });
}
