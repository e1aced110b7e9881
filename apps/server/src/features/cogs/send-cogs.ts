/**
 * sendCogs: a settlement's COGS journals posted as a separate journal (one per month part) to the
 * account's accounting system, MANUAL into the built-in ledger. Idempotent like every send
 * (decision 0008): the key and a SENDING row of settlement_cogs_documents are stored before the
 * external call, a live row is never sent twice (unique index), and a retry reuses the key.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { formatUnits } from '@ledgerport/core/money';
import { AccountingError, type AccountingPort, type PostingDocument } from '@ledgerport/core/posting';
import type { Deps } from '../../http/deps';
import type { JobHandler } from '../../jobs/job-handler';
import type { JobSender } from '../../http/job-sender';
import { documentToStored } from '../posting/stored-document';
import { resolvePort, RetryableSendError } from '../posting/send-settlement';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { getCogsAccount } from './cogs-account';
import { getCogsSendPlan } from './cogs-documents';
import { recordPostedCosts, type PostedCostRow } from './fifo-lock';

export const SEND_COGS_QUEUE = 'send-settlement-cogs';

export const sendCogsJob: JobHandler<{ settlementKey: string }> = {
  queue: SEND_COGS_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 10,
  heartbeatSeconds: 10,
  async handle(data, deps, log) {
    const error = await sendSettlementCogs(deps, data.settlementKey);
    if (error) log.error(`COGS of ${data.settlementKey} not sent: ${error}`);
  },
};

export async function queueCogsSend(jobs: JobSender, settlementKey: string): Promise<void> {
  await jobs.send(SEND_COGS_QUEUE, { settlementKey }, { singletonKey: `cogs:${settlementKey}` });
}

/** Sends every part not yet posted; returns the error (also stored on the part) or null. */
export async function sendSettlementCogs(deps: Deps, settlementKey: string): Promise<string | null> {
  const { db } = deps;
  const row = await db
    .selectFrom('settlements')
    .selectAll()
    .where('settlement_key', '=', settlementKey)
    .executeTakeFirst();
  if (!row) return null;
  const account = await getCogsAccount(db, row.account_key);
  let docs: PostingDocument[];
  let postedCosts: Map<number, PostedCostRow[]> | null;
  try {
    ({ docs, postedCosts } = await getCogsSendPlan(db, row, account, deps.clock()));
  } catch (e) {
    return (e as Error).message;
  }
  const port = await resolvePort(deps, row.account_key);
  if (!port) return 'The account has no accounting system to send to.';
  for (const doc of docs) {
    try {
      await sendCogsPart(deps, port, row, doc, postedCosts?.get(doc.part.index) ?? []);
    } catch (e) {
      if (!(e instanceof AccountingError)) throw e;
      await updateCogsPostingStatus(db, row.settlement_key, deps.clock());
      const message = `COGS journal ${doc.number} was not posted: ${e.failure.message}`;
      if (e.failure.kind === 'unavailable' || e.failure.kind === 'rate-limit')
        throw new RetryableSendError(message);
      return message;
    }
  }
  await updateCogsPostingStatus(db, row.settlement_key, deps.clock());
  return null;
}

async function sendCogsPart(
  deps: Deps,
  port: AccountingPort,
  row: SettlementRow,
  doc: PostingDocument,
  postedCosts: readonly PostedCostRow[],
): Promise<void> {
  const { db } = deps;
  const live = await db
    .selectFrom('settlement_cogs_documents')
    .select(['document_id', 'status', 'idempotency_key'])
    .where('settlement_key', '=', row.settlement_key)
    .where('part_index', '=', doc.part.index)
    .where('status', 'in', ['SENDING', 'POSTED'])
    .executeTakeFirst();
  if (live?.status === 'POSTED') return;
  const documentId = live?.document_id ?? `cogs_${crypto.randomBytes(12).toString('base64url')}`;
  const idempotencyKey = live?.idempotency_key ?? `lp_${crypto.randomBytes(16).toString('base64url')}`;
  if (!live) {
    const at = deps.clock();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({
          idempotency_key: idempotencyKey,
          account_key: row.account_key,
          system: port.system,
          operation: 'post-cogs-document',
          subject: `${row.settlement_key}#cogs#${doc.part.index}`,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('settlement_cogs_documents')
        .values({
          document_id: documentId,
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
          total: formatUnits(documentDebits(doc)),
          status: 'SENDING',
          idempotency_key: idempotencyKey,
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
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('settlement_cogs_documents')
        .set({
          status: 'POSTED',
          remote_id: ref.remoteId,
          remote_number: ref.remoteNumber,
          error: null,
          posted_at: at,
          updated_at: at,
        })
        .where('document_id', '=', documentId)
        .execute();
      await recordPostedCosts(trx, row, documentId, doc.currency, postedCosts, at);
      await trx
        .updateTable('idempotency_keys')
        .set({ state: 'DONE', remote_id: ref.remoteId, result: JSON.stringify(ref), updated_at: at })
        .where('idempotency_key', '=', idempotencyKey)
        .execute();
    });
  } catch (e) {
    if (e instanceof AccountingError) {
      const retry = e.failure.kind === 'unavailable' || e.failure.kind === 'rate-limit';
      const at = deps.clock();
      // A timeout may have created the journal remotely: keep SENDING so the retry reuses the key.
      await db
        .updateTable('settlement_cogs_documents')
        .set({ status: retry ? 'SENDING' : 'FAILED', error: e.failure.message, updated_at: at })
        .where('document_id', '=', documentId)
        .execute();
      if (!retry)
        await db
          .updateTable('idempotency_keys')
          .set({ state: 'FAILED', result: JSON.stringify(e.failure), updated_at: at })
          .where('idempotency_key', '=', idempotencyKey)
          .execute();
    }
    throw e;
  }
}

function documentDebits(doc: PostingDocument): bigint {
  let total = 0n;
  for (const l of doc.lines) if (l.side === 'debit') total += l.amount;
  return total;
}

/** POSTED when every part is posted, PARTIALLY_POSTED when some are; cogs_posted follows. */
export async function updateCogsPostingStatus(
  db: Kysely<Database>,
  settlementKey: string,
  at: Date,
): Promise<void> {
  const docs = await db
    .selectFrom('settlement_cogs_documents')
    .select(['part_count'])
    .where('settlement_key', '=', settlementKey)
    .where('status', '=', 'POSTED')
    .execute();
  const count = docs[0]?.part_count ?? 0;
  const status = docs.length === 0 ? 'NOT_POSTED' : docs.length >= count ? 'POSTED' : 'PARTIALLY_POSTED';
  await db
    .updateTable('settlements')
    .set({ cogs_posting_status: status, cogs_posted: status === 'POSTED', updated_at: at })
    .where('settlement_key', '=', settlementKey)
    .execute();
}
