/**
 * The fetch job of one connection: scheduled (from where the last fetch left off) or a history
 * request (an older period the user asked for). The connector returns core's ParseResult; it enters
 * the database only through the settlements backend's storeSettlements (duplicate recognition), with
 * the channel's settlement id as the report id, which redownload later hands back. The account's
 * features say what else to fetch (Amazon deferred transactions when amazonDeferredTransactionEnabled).
 * Outcome on the connection: success -> Connected (error cleared); the channel refused our
 * authorization -> Connection Error and the account requires reauthentication; any other failure ->
 * Connection Problem with the message kept for Settings > Connections. A report still being generated
 * moves the next scheduled start back to its creation time, so it is read once it is ready.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Channel, ParseResult } from '@ledgerport/core/settlements';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import { ChannelAuthError } from '@ledgerport/integrations/channels';
import { jobsOf, type ChannelJobHandler } from './channel-jobs';
import type { Deps } from '../../http/deps';
import { findChannelConnection, settingsOf, updateConnection, type ChannelRole, type StoredHistoryRequest } from './channel-connection-repository';
import { getConnector, openSession } from './channel-runtime';
import { isOrderFactsWanted } from '../shopify-order-modes/save-order-facts';
import { storeFetchedSettlements } from './store-fetched-settlements';
import { requestAutoSend } from '../automation/auto-send';
import { decideForAccount } from '../billing/check-billing';
import { earliestHistoryDate } from '@ledgerport/core/billing';
import { notifyConnectionError } from '../notifications/notify-events';
import { stateOfConnectionRow } from '../accounts/connection-states';

export const FETCH_CHANNEL_QUEUE = 'fetch-channel-settlements';
const DAY_MS = 24 * 3600 * 1000;
/** Settlements can appear a little after their date: each scheduled fetch overlaps the last by this. */
const OVERLAP_MS = 2 * DAY_MS;

export interface FetchChannelJob {
  accountKey: string;
  role: ChannelRole;
  kind: 'scheduled' | 'history';
  requestId?: string;
}

async function setHistory(db: Kysely<Database>, accountKey: string, role: ChannelRole, requestId: string, change: Partial<StoredHistoryRequest>, now: Date) {
  const row = await findChannelConnection(db, accountKey, role);
  if (!row) return;
  const settings = settingsOf(row);
  const requests = (settings.historyRequests ?? []).map((r) => (r.requestId === requestId ? { ...r, ...change } : r));
  await updateConnection(db, accountKey, role, { settings: JSON.stringify({ ...settings, historyRequests: requests }) }, now);
}

/** stored: new or changed settlements; unchanged (only when there are some): open ones fetched again as they were. */
export async function runChannelFetch(job: FetchChannelJob, deps: Deps): Promise<{ stored: number; unchanged?: number } | null> {
  const { db, clock } = deps;
  const row = await findChannelConnection(db, job.accountKey, job.role);
  if (!row || !stateOfConnectionRow(row, clock()).isUsable) return null;
  const now = clock();
  const settings = settingsOf(row);
  const history = job.kind === 'history' ? settings.historyRequests?.find((r) => r.requestId === job.requestId) : undefined;
  if (job.kind === 'history' && !history) return null;
  // Core's billing rule: a trial does not sync; a plan's history months cap how far back a fetch reaches.
  const billing = await decideForAccount(deps, job.accountKey, { kind: 'fetch', isScheduled: job.kind === 'scheduled' });
  if (!billing.isAllowed) {
    if (history) await setHistory(db, job.accountKey, job.role, history.requestId, { status: 'FAILED', finishedAt: now.toISOString(), message: billing.message }, now);
    return null;
  }
  const range = history
    ? { from: Date.parse(`${history.fromDate}T00:00:00Z`), to: Date.parse(`${history.toDate}T00:00:00Z`) + DAY_MS }
    : { from: settings.fetchFrom ?? now.getTime() - deps.config.channels.lookbackDays * DAY_MS, to: now.getTime() };
  const earliest = earliestHistoryDate(now.toISOString().slice(0, 10), billing.historyMonths);
  if (earliest !== null) range.from = Math.max(range.from, Date.parse(`${earliest}T00:00:00Z`));
  if (range.from >= range.to) {
    if (history) await setHistory(db, job.accountKey, job.role, history.requestId, { status: 'FAILED', finishedAt: now.toISOString(), message: `Your plan reaches back to ${earliest}; choose a later period or a plan with more history.` }, now);
    return null;
  }
  if (history) await setHistory(db, job.accountKey, job.role, history.requestId, { status: 'RUNNING' }, now);
  try {
    const features = await db.selectFrom('account_features').select('amazon_deferred_transaction_enabled').where('account_key', '=', job.accountKey).executeTakeFirst();
    const options = { isDeferredTransactionsEnabled: features?.amazon_deferred_transaction_enabled === true, isOrderFactsWanted: row.system === 'SHOPIFY' && (await isOrderFactsWanted(db, job.accountKey)) };
    const outcome = await getConnector(row.system).fetchSettlements(openSession(deps, db, row), range, options);
    const { stored, unchanged } = await storeFetchedSettlements(deps, job.accountKey, row.system as Channel, outcome);
    const after = clock();
    const fresh = settingsOf((await findChannelConnection(db, job.accountKey, job.role)) ?? row);
    const next = job.kind === 'scheduled' ? Math.min(after.getTime() - OVERLAP_MS, ...outcome.notReady.map((r) => r.createdAt)) : fresh.fetchFrom;
    await updateConnection(db, job.accountKey, job.role, { status: 'CONNECTED', last_error: null, last_error_at: null, last_synced_at: after, settings: JSON.stringify({ ...fresh, ...(next === undefined ? {} : { fetchFrom: next }) }) }, after);
    await db.updateTable('accounts').set({ requires_reauthentication: false }).where('account_key', '=', job.accountKey).execute();
    if (history) await setHistory(db, job.accountKey, job.role, history.requestId, { status: 'DONE', finishedAt: after.toISOString(), settlementCount: stored, unchangedCount: unchanged, message: problemsText(outcome.result) }, after);
    return unchanged > 0 ? { stored, unchanged } : { stored };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isAuth = error instanceof ChannelAuthError;
    const at = clock();
    const status = isAuth ? 'ERROR' : 'PROBLEM';
    await db.transaction().execute(async (trx) => {
      await updateConnection(trx, job.accountKey, job.role, { status, last_error: message, last_error_at: at }, at);
      if (isAuth) await trx.updateTable('accounts').set({ requires_reauthentication: true }).where('account_key', '=', job.accountKey).execute();
      // Told once when the connection goes wrong, not at every scheduled fetch that fails the same way.
      if (row.status !== status) await notifyConnectionError(trx, { accountKey: job.accountKey, systemName: CHANNEL_NAMES[row.system as Channel]?.name ?? row.system, isReauthNeeded: isAuth, error: message, at });
    });
    if (history) await setHistory(db, job.accountKey, job.role, history.requestId, { status: 'FAILED', finishedAt: at.toISOString(), message }, at);
    return null;
  }
}

function problemsText(result: ParseResult): string | null {
  if (result.problems.length === 0) return null;
  return `${result.problems.length} problem(s): ${result.problems.slice(0, 3).map((p) => `${p.file} row ${p.row}: ${p.message}`).join(' ')}`;
}

export const fetchChannelSettlementsJob: ChannelJobHandler<FetchChannelJob> = {
  queue: FETCH_CHANNEL_QUEUE,
  retryLimit: 0,
  expireInSeconds: 30 * 60,
  concurrency: 1,
  handle: async (data, deps, log) => {
    const outcome = await runChannelFetch(data, deps);
    log.info(`channel fetch ${data.accountKey}/${data.role} (${data.kind}): ${outcome ? `${outcome.stored} settlement(s) stored${outcome.unchanged ? `, ${outcome.unchanged} open one(s) unchanged` : ''}` : 'failed or not connected'}`);
    if (outcome && outcome.stored > 0) await requestAutoSend(deps, data.accountKey, log);
  },
};

/** Every minute: queue a scheduled fetch for each connection whose last one is older than the interval. */
export const scheduleChannelFetchesJob: ChannelJobHandler<Record<string, unknown>> = {
  queue: 'schedule-channel-fetches',
  cron: '* * * * *',
  retryLimit: 0,
  handle: async (_data, deps) => {
    const due = new Date(deps.clock().getTime() - deps.config.channels.fetchIntervalMinutes * 60_000);
    const rows = await deps.db
      .selectFrom('connections')
      .select(['account_key', 'role'])
      .where('role', 'in', ['sales-channel', 'sales-source'])
      .where('status', 'in', ['CONNECTED', 'PROBLEM'])
      .where((eb) => eb.or([eb('last_synced_at', 'is', null), eb('last_synced_at', '<=', due)]))
      .execute();
    for (const r of rows) await jobsOf(deps).send(FETCH_CHANNEL_QUEUE, { accountKey: r.account_key, role: r.role, kind: 'scheduled' }, { singletonKey: `${r.account_key}:${r.role}:scheduled` });
  },
};
