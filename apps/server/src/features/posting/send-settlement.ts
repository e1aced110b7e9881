/**
 * The posting service: Send posts a settlement's documents (one per month part) to the account's
 * accounting system, MANUAL into the built-in ledger, the others through deps.resolveAccountingPort.
 *
 * Never twice: a part with a live (SENDING or POSTED) document row is not sent again (a unique index
 * guards it). The idempotency key is stored in idempotency_keys BEFORE the external call and reused
 * when a part left SENDING by a crash or a timeout is retried, so the remote system recognises it.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { errorMessages } from '@ledgerport/contract';
import { formatUnits } from '@ledgerport/core/money';
import { AccountingError, type AccountingPort, type PostingDocument } from '@ledgerport/core/posting';
import type { AccountingSystem } from '@ledgerport/core/mapping';
import type { Deps } from '../../http/deps';
import { createLedgerPort } from './ledger-port';
import { buildSettlementDocuments } from './build-settlement-documents';
import { documentToStored } from './stored-document';
import { heldSendRefusal } from '../posting-settings/inconsistent-holds';
import { holdForPeriodLock } from '../posting-settings/period-lock-holds';
import { checkPeriodLock } from './period-lock-check';
import { sendFinished } from './send-events';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { accountingSendRefusal, getConnectionStates } from '../accounts/connection-states';
import { unexpectedDocumentsRefusal, type ExpectedDocuments } from './document-fingerprint';
import { withSendLock } from './send-lock';

export class RetryableSendError extends Error {}

export async function resolvePort(deps: Deps, accountKey: string): Promise<AccountingPort | null> {
  const account = await deps.db.selectFrom('accounts').select(['accounting_system', 'time_zone_id']).where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  if (account.accounting_system === 'MANUAL') {
    return createLedgerPort(deps.db, accountKey, deps.clock, () => localDate(deps.clock(), account.time_zone_id));
  }
  if (account.accounting_system === 'NONE') return null;
  return deps.resolveAccountingPort(accountKey, account.accounting_system as Exclude<AccountingSystem, 'MANUAL'>);
}

export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Sends every part not yet posted; records the outcome on the settlement. Throws RetryableSendError
 * when a retry may help. An automatic send (Settings > Automation) that posts tells the account's
 * users so ('auto-sent'), in the transaction that records the outcome.
 */
export async function sendSettlement(deps: Deps, settlementKey: string, options: { isAutomatic?: boolean; accountKey?: string; expectedDocuments?: ExpectedDocuments } = {}): Promise<void> {
  // A run that finds another one sending this settlement leaves it to that one, which records the outcome.
  await withSendLock(deps.db, deps.config.databaseUrl !== undefined, settlementKey, () => sendSettlementNow(deps, settlementKey, options));
}

async function sendSettlementNow(deps: Deps, settlementKey: string, options: { isAutomatic?: boolean; accountKey?: string; expectedDocuments?: ExpectedDocuments }): Promise<void> {
  const { db } = deps;
  // Read under the lock: a run that held it a moment ago may have posted it.
  const byKey = db.selectFrom('settlements').selectAll().where('settlement_key', '=', settlementKey);
  const row = await (options.accountKey ? byKey.where('account_key', '=', options.accountKey) : byKey).executeTakeFirst();
  if (!row) return;
  // A second job of a send already done (queued twice, or re-run after its process died once it had
  // recorded the outcome): nothing to post, and nothing to announce again.
  if (row.posting_status === 'POSTED') {
    if (row.send_state !== 'IDLE') await markSettlement(db, row, { send_state: 'IDLE', posting_error: null, posting_error_at: null });
    return;
  }
  deps.metrics.countWork('send', 'started');
  const fail = async (message: string) => {
    deps.metrics.countWork('send', 'failed');
    await markFailed(deps, row, message);
  };
  if (row.duplicate_of !== null) return fail(`This settlement repeats settlement ${row.settlement_id} already loaded; send the original instead.`);
  // Held after it was queued (the account switched to hold): refused like a Send of a held settlement.
  if (row.on_hold) return fail(heldSendRefusal(row));
  await db.updateTable('settlements').set({ send_state: 'SENDING' }).where('account_key', '=', row.account_key).where('settlement_key', '=', settlementKey).execute();
  const port = await resolvePort(deps, row.account_key);
  if (!port) {
    // Disconnected (or expired) since it was queued: say which, as the screens do (decision 0056).
    const { accounting } = await getConnectionStates(db, row.account_key, deps.clock());
    return fail(accountingSendRefusal(accounting) ?? errorMessages.accountingConnectionMissing);
  }
  const built = await buildSettlementDocuments(db, row);
  if (built.documents.length === 0) return fail(built.problems.map((p) => p.message).join(' ') || 'There is nothing to post.');
  // A confirmed reprocess posts only what it showed (issue 28, decision 0062).
  const unshown = options.expectedDocuments ? await unexpectedDocumentsRefusal(db, row, built.documents, options.expectedDocuments) : null;
  if (unshown) return fail(unshown);
  let error: string | null = null;
  let isRetryable = false;
  let documents: PostingDocument[];
  try {
    const lock = await checkPeriodLock(db, port, row, built.documents);
    // A document in a closed period is never sent to fail: the settlement waits with the rule's reason.
    if (lock.kind === 'hold') return holdForPeriodLock(db, row, lock.reason, deps.clock());
    documents = lock.documents;
  } catch (e) {
    if (!(e instanceof AccountingError)) throw e;
    const message = `The closed period could not be read before sending: ${e.failure.message}`;
    await fail(message);
    if (e.failure.kind === 'unavailable' || e.failure.kind === 'rate-limit') throw new RetryableSendError(message);
    return;
  }
  for (const doc of documents) {
    try {
      await sendPart(deps, port, row, doc, built.settingsVersion);
    } catch (e) {
      if (!(e instanceof AccountingError)) throw e;
      error = `Document ${doc.number} was not posted: ${e.failure.message}`;
      isRetryable = e.failure.kind === 'unavailable' || e.failure.kind === 'rate-limit';
      break;
    }
  }
  await updatePostingStatus(db, row.account_key, row.settlement_key, deps.clock());
  if (error) {
    await fail(error);
    if (isRetryable) throw new RetryableSendError(error);
    return;
  }
  const at = deps.clock();
  deps.metrics.countWork('send', 'done');
  await db.transaction().execute(async (trx) => {
    await markSettlement(trx, row, { send_state: 'IDLE', posting_error: null, posting_error_at: null });
    await trx.updateTable('accounts').set({ first_settlement_posted: true }).where('account_key', '=', row.account_key).execute();
    await sendFinished.emit({ trx, outcome: 'posted', isAutomatic: options.isAutomatic === true, accountKey: row.account_key, settlementKey: row.settlement_key, settlementId: row.settlement_id, at });
  });
}

async function sendPart(deps: Deps, port: AccountingPort, row: SettlementRow, doc: PostingDocument, settingsVersion: number): Promise<void> {
  const { db } = deps;
  const live = await db
    .selectFrom('settlement_documents')
    .select(['document_id', 'status', 'idempotency_key'])
    .where('account_key', '=', row.account_key)
    .where('settlement_key', '=', row.settlement_key)
    .where('part_index', '=', doc.part.index)
    .where('status', 'in', ['SENDING', 'POSTED'])
    .executeTakeFirst();
  if (live?.status === 'POSTED') return;
  let documentId = live?.document_id;
  let idempotencyKey = live?.idempotency_key;
  if (!documentId || !idempotencyKey) {
    documentId = `doc_${crypto.randomBytes(12).toString('base64url')}`;
    idempotencyKey = `lp_${crypto.randomBytes(16).toString('base64url')}`;
    const at = deps.clock();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({ idempotency_key: idempotencyKey!, account_key: row.account_key, system: port.system, operation: 'post-document', subject: `${row.settlement_key}#${doc.part.index}`, created_at: at, updated_at: at })
        .execute();
      await trx
        .insertInto('settlement_documents')
        .values({
          document_id: documentId!,
          settlement_key: row.settlement_key,
          account_key: row.account_key,
          part_index: doc.part.index,
          part_count: doc.part.count,
          month: doc.part.month,
          number: doc.number,
          document_date: doc.date,
          system: doc.system,
          kind: doc.kind,
          currency: doc.currency,
          total: formatUnits(doc.total),
          mapping_version: doc.mappingVersion,
          settings_version: settingsVersion,
          status: 'SENDING',
          idempotency_key: idempotencyKey!,
          document: documentToStored(doc),
          created_at: at,
          updated_at: at,
        })
        .execute();
    });
  }
  try {
    const ref = await port.postDocument(doc, { idempotencyKey });
    const at = deps.clock();
    await db
      .updateTable('settlement_documents')
      .set({ status: 'POSTED', remote_id: ref.remoteId, remote_number: ref.remoteNumber, remote_type: ref.remoteType, remote_url: ref.url ?? null, error: null, posted_at: at, updated_at: at })
      .where('account_key', '=', row.account_key)
      .where('document_id', '=', documentId)
      .execute();
    await db.updateTable('idempotency_keys').set({ state: 'DONE', remote_id: ref.remoteId, result: JSON.stringify(ref), updated_at: at }).where('account_key', '=', row.account_key).where('idempotency_key', '=', idempotencyKey).execute();
  } catch (e) {
    if (e instanceof AccountingError) {
      const retry = e.failure.kind === 'unavailable' || e.failure.kind === 'rate-limit';
      const at = deps.clock();
      // A timeout may have created the document remotely: keep SENDING so the retry reuses the key.
      await db.updateTable('settlement_documents').set({ status: retry ? 'SENDING' : 'FAILED', error: e.failure.message, updated_at: at }).where('account_key', '=', row.account_key).where('document_id', '=', documentId).execute();
      if (!retry) await db.updateTable('idempotency_keys').set({ state: 'FAILED', result: JSON.stringify(e.failure), updated_at: at }).where('account_key', '=', row.account_key).where('idempotency_key', '=', idempotencyKey).execute();
    }
    throw e;
  }
}

/**
 * FAILED with the message, and a 'send-failed' notification in the same transaction: only when the
 * settlement was not already FAILED, so pg-boss's retries of one send tell of it once.
 */
async function markFailed(deps: Deps, row: SettlementRow, message: string): Promise<void> {
  const at = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await markSettlement(trx, row, { send_state: 'FAILED', posting_error: message, posting_error_at: at });
    await sendFinished.emit({ trx, outcome: 'failed', error: message, wasFailed: row.send_state === 'FAILED', accountKey: row.account_key, settlementKey: row.settlement_key, settlementId: row.settlement_id, at });
  });
}

async function markSettlement(db: Kysely<Database>, row: SettlementRow, values: { send_state: 'IDLE' | 'FAILED'; posting_error: string | null; posting_error_at: Date | null }): Promise<void> {
  await db.updateTable('settlements').set(values).where('account_key', '=', row.account_key).where('settlement_key', '=', row.settlement_key).execute();
}

/** POSTED when every part of the latest build is posted, PARTIALLY_POSTED when some are, NOT_POSTED otherwise. */
export async function updatePostingStatus(db: Kysely<Database>, accountKey: string, settlementKey: string, at: Date): Promise<void> {
  const docs = await db.selectFrom('settlement_documents').select(['status', 'part_count']).where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).where('status', '=', 'POSTED').execute();
  const count = docs[0]?.part_count ?? 0;
  const status = docs.length === 0 ? 'NOT_POSTED' : docs.length >= count ? 'POSTED' : 'PARTIALLY_POSTED';
  await db.updateTable('settlements').set({ posting_status: status, posted_to_xero: status === 'POSTED', updated_at: at }).where('account_key', '=', accountKey).where('settlement_key', '=', settlementKey).execute();
}
