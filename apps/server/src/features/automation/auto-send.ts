/**
 * Automatic sending (Settings > Automation, decision 0025). Core's decideAutoSend says which of an
 * account's settlements go now; this applies it: each one is marked QUEUED by a conditional update
 * (only if it is still IDLE and unposted, so a Send clicked at the same moment is not doubled),
 * audited with no actor (History shows "Ledgerport"), and handed to the send queue like a Send.
 *
 * Runs for one account when settlements are stored (fetch or upload) or mappings change, at the moment
 * the earliest waiting settlement's delay ends, and for every automated account every 10 minutes
 * (the sweep catches what an event missed, e.g. a restart or a reconnected accounting system).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decideAutoSend, refuseAutomation, type AutoSendDecision, type AutoSendFacts, type AutomationSettings } from '@ledgerport/core/rules';
import { recordAudit } from '../../audit/record-audit';
import type { Deps } from '../../http/deps';
import type { JobLog } from '../../jobs/job-handler';
import { SEND_SETTLEMENT_QUEUE } from '../posting/send-settlement-job';
import { localDate } from '../posting/send-settlement';
import { getAutomation } from './automation-repository';
import { decideForAccount } from '../billing/check-billing';
import { getConnectionStates } from '../accounts/connection-states';

export const AUTO_SEND_QUEUE = 'auto-send-settlements';

const CANDIDATE_COLUMNS = [
  'settlement_key', 'settlement_id', 'status', 'source_kind', 'posting_status', 'send_state', 'duplicate_of', 'inconsistent', 'on_hold',
  'accounts_mapped', 'taxes_mapped', 'end_at', 'created_at', 'total', 'currency',
] as const;

export interface CandidateRow {
  settlement_key: string;
  settlement_id: string;
  status: 'open' | 'closed';
  source_kind: 'file' | 'api';
  posting_status: 'POSTED' | 'PARTIALLY_POSTED' | 'NOT_POSTED';
  send_state: 'IDLE' | 'QUEUED' | 'SENDING' | 'FAILED';
  duplicate_of: string | null;
  inconsistent: boolean;
  on_hold: boolean;
  accounts_mapped: boolean;
  taxes_mapped: boolean;
  end_at: Date | null;
  created_at: Date;
  total: string | null;
  currency: string;
}

export function factsOf(row: CandidateRow, timeZone: string): AutoSendFacts {
  return {
    settlementId: row.settlement_id,
    status: row.status,
    sourceKind: row.source_kind,
    postingStatus: row.posting_status,
    sendState: row.send_state,
    isDuplicate: row.duplicate_of !== null,
    isInconsistent: row.inconsistent,
    isOnHold: row.on_hold,
    isMapped: row.accounts_mapped && row.taxes_mapped,
    endDate: row.end_at ? localDate(row.end_at, timeZone) : null,
    storedAt: row.created_at,
  };
}

/** The account's unposted settlements, newest first (limit: the settings page's outlook). */
export async function readUnposted(db: Kysely<Database>, accountKey: string, limit?: number): Promise<CandidateRow[]> {
  let query = db
    .selectFrom('settlements')
    .select(CANDIDATE_COLUMNS)
    .where('account_key', '=', accountKey)
    .where('posting_status', '!=', 'POSTED')
    .orderBy('end_at', (o) => o.desc().nullsLast())
    .orderBy('settlement_key', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

export interface AutoSendRun {
  queued: string[];
  /** When the earliest settlement still waiting for its delay becomes due (null: none waits). */
  nextDueAt: Date | null;
  /** Why nothing was looked at (automation off, no accounting system...); null when it ran. */
  skipped: string | null;
}

/** One pass over one account: queues the send of every settlement automation sends now. */
export async function runAutoSend(deps: Pick<Deps, 'db' | 'jobs' | 'clock'> & Partial<Pick<Deps, 'config'>>, accountKey: string): Promise<AutoSendRun> {
  const { db, clock } = deps;
  const settings = await getAutomation(db, accountKey);
  if (!settings.isEnabled) return { queued: [], nextDueAt: null, skipped: 'Automation is off.' };
  const account = await db
    .selectFrom('accounts')
    .select(['account_name', 'accounting_system', 'time_zone_id', 'redaction_requested_at'])
    .where('account_key', '=', accountKey)
    .executeTakeFirst();
  if (!account) return { queued: [], nextDueAt: null, skipped: 'The account no longer exists.' };
  if (account.redaction_requested_at !== null) return { queued: [], nextDueAt: null, skipped: "The account's data is about to be deleted." };
  const { accounting } = await getConnectionStates(db, accountKey, clock());
  const refusal = refuseAutomation({ accountingSystem: account.accounting_system, isAccountingConnected: accounting.isUsable, accountName: account.account_name });
  if (refusal.isRefused) return { queued: [], nextDueAt: null, skipped: refusal.message };
  const now = clock();
  const queued: string[] = [];
  let nextDueAt: Date | null = null;
  for (const row of await readUnposted(db, accountKey)) {
    const decision = decideAutoSend(factsOf(row, account.time_zone_id), settings, now);
    if (decision.kind === 'wait' && decision.sendAfter && (nextDueAt === null || decision.sendAfter < nextDueAt)) nextDueAt = decision.sendAfter;
    if (decision.kind !== 'send') continue;
    // The billing rule, asked per send: the monthly count grows with each one queued.
    const billing = await decideForAccount(deps, accountKey, { kind: 'send', accountingSystem: account.accounting_system, count: 1, isAutomatic: true });
    if (!billing.isAllowed) return { queued, nextDueAt, skipped: billing.message };
    if (await markQueued(db, accountKey, row, settings, now)) {
      await deps.jobs.send(SEND_SETTLEMENT_QUEUE, { accountKey, settlementKey: row.settlement_key, isAutomatic: true }, { singletonKey: row.settlement_key });
      queued.push(row.settlement_key);
    }
  }
  return { queued, nextDueAt, skipped: null };
}

/** QUEUED only if nobody queued, sent or posted it meanwhile; audited in the same transaction. */
async function markQueued(db: Kysely<Database>, accountKey: string, row: CandidateRow, settings: AutomationSettings, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('settlements')
      .set({ send_state: 'QUEUED', posting_error: null })
      .where('settlement_key', '=', row.settlement_key)
      .where('account_key', '=', accountKey)
      .where('send_state', '=', 'IDLE')
      .where('posting_status', '=', 'NOT_POSTED')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await recordAudit(trx, {
      actorUserId: null,
      accountKey,
      action: 'settlement.auto-send-queued',
      entityType: 'settlement',
      entityId: row.settlement_key,
      before: { settlementId: row.settlement_id, postingStatus: row.posting_status, total: row.total, currency: row.currency },
      after: { settlementId: row.settlement_id, sendState: 'QUEUED', automation: { delayHours: settings.delayHours, isSendingUploads: settings.isSendingUploads, sendFromDate: settings.sendFromDate } },
      at,
    });
    return true;
  });
}

/** What the settings page shows for one settlement. */
export function describeDecision(decision: AutoSendDecision): { kind: AutoSendDecision['kind']; rule: AutoSendDecision['rule']; reason: string | null; sendAfter: string | null } {
  if (decision.kind === 'send') return { kind: 'send', rule: decision.rule, reason: null, sendAfter: null };
  return { kind: decision.kind, rule: decision.rule, reason: decision.reason, sendAfter: decision.kind === 'wait' && decision.sendAfter ? decision.sendAfter.toISOString() : null };
}

/**
 * Asks for a pass over the account after settlements or mappings changed (outside any transaction:
 * on PGlite a queue call inside one would wait for the connection it holds). Never fails the caller.
 */
export async function requestAutoSend(deps: Pick<Deps, 'db' | 'jobs'>, accountKey: string, log?: JobLog): Promise<void> {
  try {
    const row = await deps.db.selectFrom('account_automation').select('is_enabled').where('account_key', '=', accountKey).executeTakeFirst();
    if (!row?.is_enabled) return;
    await deps.jobs.send(AUTO_SEND_QUEUE, { accountKey }, { singletonKey: `auto-send:${accountKey}` });
  } catch (error) {
    log?.error(`automation: could not queue a pass for ${accountKey}: ${(error as Error).message}`);
  }
}
