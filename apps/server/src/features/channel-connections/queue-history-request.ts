/**
 * A history request: an older period asked of one channel connection, kept on the connection
 * (settings.historyRequests, the 20 newest) and fetched by the channel fetch job. The one way it is
 * made, whether the account's user asks (POST /sales-channel/history) or support refreshes the
 * account's PayPal statements from the backend (decision 0046): the same refusals, the same job.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import { assertBillingAllows } from '../billing/check-billing';
import { settingsOf, updateConnection, type ChannelRole, type ConnectionRow, type StoredHistoryRequest } from './channel-connection-repository';
import { jobsOf } from './channel-jobs';
import { FETCH_CHANNEL_QUEUE } from './fetch-channel-settlements-job';
import { stateOfConnectionRow } from '../accounts/connection-states';

const HISTORY_KEPT_MAX = 20;
const HISTORY_SPAN_DAYS_MAX = 366;

/** Checks the account and period, records the request QUEUED on the connection and queues its fetch. */
export async function queueHistoryRequest(deps: Deps, accountKey: string, row: ConnectionRow | undefined, fromDate: string, toDate: string): Promise<StoredHistoryRequest> {
  const { db, clock } = deps;
  const account = await db.selectFrom('accounts').select(['request_history_blocked']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  if (account.request_history_blocked) throw new AppError('channel.history-blocked', 'History requests are blocked for this account. Please contact support.');
  const from = Date.parse(`${fromDate}T00:00:00Z`);
  const to = Date.parse(`${toDate}T00:00:00Z`);
  const now = clock();
  if (Number.isNaN(from) || Number.isNaN(to)) throw new AppError('request.invalid', 'The from and to dates must be real calendar dates.', [{ path: 'fromDate', message: 'invalid date' }]);
  if (to < from) throw new AppError('request.invalid', 'The toDate must be after the fromDate.', [{ path: 'toDate', message: 'before fromDate' }]);
  if (from > now.getTime()) throw new AppError('request.invalid', 'The fromDate is in the future.', [{ path: 'fromDate', message: 'in the future' }]);
  if ((to - from) / 86_400_000 > HISTORY_SPAN_DAYS_MAX) throw new AppError('request.invalid', `Ask for at most ${HISTORY_SPAN_DAYS_MAX} days at a time.`, [{ path: 'toDate', message: 'range too long' }]);
  if (!row || !stateOfConnectionRow(row, deps.clock()).isUsable) throw new AppError('channel.not-connected', 'Connect your sales channel first (Settings > Connections), then request history.');
  // The plan's history months (decision 0040): a range wholly before them is refused here; one reaching into them is fetched from their start.
  await assertBillingAllows(deps, accountKey, { kind: 'history', fromDate, toDate, today: now.toISOString().slice(0, 10) });
  const request: StoredHistoryRequest = { requestId: randomUUID(), fromDate, toDate, status: 'QUEUED', requestedAt: now.toISOString(), finishedAt: null, settlementCount: null, message: null };
  const settings = settingsOf(row);
  await updateConnection(db, accountKey, row.role as ChannelRole, { settings: JSON.stringify({ ...settings, historyRequests: [...(settings.historyRequests ?? []), request].slice(-HISTORY_KEPT_MAX) }) }, now);
  await jobsOf(deps).send(FETCH_CHANNEL_QUEUE, { accountKey, role: row.role, kind: 'history', requestId: request.requestId });
  return request;
}
