/**
 * The built-in ledger (MANUAL accounts) as an AccountingPort: a posted document becomes an immutable
 * journal whose id is the idempotency key, so replaying the same key creates nothing new. Rollback
 * posts a reversal journal (core's reverseJournal), never an edit.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { journalFromDocument, reverseJournal, type Journal } from '@ledgerport/core/ledger';
import { AccountingError, isInClosedPeriod, periodLockHoldReason, type AccountingPort, type PostingDocument, type RemoteDocumentRef } from '@ledgerport/core/posting';
import { defaultChart } from '@ledgerport/core/mapping';
import { findBuiltInChart } from '../mappings/built-in-chart-repository';
import { findLedgerPeriodLock } from './ledger-period-lock';

export function createLedgerPort(db: Kysely<Database>, accountKey: string, clock: () => Date, localDate: () => string): AccountingPort {
  return {
    system: 'MANUAL',
    fetchReferenceData: async () => {
      // The built-in ledger's own chart (decision 0058), or the default one while the owner changed nothing.
      const chart = (await findBuiltInChart(db, accountKey)) ?? defaultChart('MANUAL');
      return { accounts: chart.accounts, taxRates: chart.taxRates, trackingCategories: [], bankAccounts: [], currencies: [], periodLock: await findLedgerPeriodLock(db, accountKey) };
    },
    fetchPeriodLock: () => findLedgerPeriodLock(db, accountKey),
    async postDocument(document: PostingDocument, options): Promise<RemoteDocumentRef> {
      const journalId = options.idempotencyKey;
      const ref = { remoteId: journalId, remoteNumber: document.number, remoteType: 'Journal' };
      const existing = await db.selectFrom('ledger_journals').select('journal_id').where('account_key', '=', accountKey).where('journal_id', '=', journalId).executeTakeFirst();
      if (existing) return { ...ref, isReplay: true };
      // Its own closed period, refused as the connected systems refuse theirs (the send checks first).
      const lock = await findLedgerPeriodLock(db, accountKey);
      if (lock && isInClosedPeriod(document.date, lock)) throw new AccountingError({ kind: 'validation', message: periodLockHoldReason(document.date, lock, 'MANUAL') });
      // A sales document or a COGS journal (issue 17) of a settlement.
      const link =
        (await db.selectFrom('settlement_documents').select(['settlement_key', 'document_id']).where('account_key', '=', accountKey).where('idempotency_key', '=', journalId).executeTakeFirst()) ??
        (await db.selectFrom('settlement_cogs_documents').select(['settlement_key', 'document_id']).where('account_key', '=', accountKey).where('idempotency_key', '=', journalId).executeTakeFirst());
      const journal = journalFromDocument(document, journalId);
      await db.transaction().execute((trx) => insertJournal(trx, accountKey, journal, link?.settlement_key ?? null, link?.document_id ?? null, clock()));
      return { ...ref, isReplay: false };
    },
    async rollbackDocument(ref: RemoteDocumentRef): Promise<void> {
      const journal = await findJournal(db, accountKey, ref.remoteId);
      if (!journal) throw new Error(`Journal ${ref.remoteId} is not in the ledger of ${accountKey}.`);
      const already = await db.selectFrom('ledger_journals').select('journal_id').where('account_key', '=', accountKey).where('reverses_id', '=', journal.id).executeTakeFirst();
      if (already) return;
      const reversal = reverseJournal(journal, { id: `rev_${crypto.randomBytes(12).toString('base64url')}`, date: localDate() });
      const link = await db.selectFrom('ledger_journals').select(['settlement_key', 'document_id']).where('account_key', '=', accountKey).where('journal_id', '=', journal.id).executeTakeFirstOrThrow();
      await db.transaction().execute((trx) => insertJournal(trx, accountKey, reversal, link.settlement_key, link.document_id, clock()));
    },
  };
}

async function insertJournal(trx: Kysely<Database>, accountKey: string, j: Journal, settlementKey: string | null, documentId: string | null, at: Date): Promise<void> {
  await trx
    .insertInto('ledger_journals')
    .values({
      journal_id: j.id,
      account_key: accountKey,
      journal_date: j.date,
      number: j.number,
      description: j.description,
      currency: j.currency,
      settlement_key: settlementKey,
      document_id: documentId,
      mapping_version: j.mappingVersion,
      reverses_id: j.reversesId,
      created_at: at,
    })
    .execute();
  await trx
    .insertInto('ledger_lines')
    .values(j.lines.map((l, i) => ({ journal_id: j.id, line_no: i + 1, account_key: accountKey, account_code: l.accountCode, side: l.side, amount: formatUnits(l.amount), description: l.description })))
    .execute();
}

export async function findJournal(db: Kysely<Database>, accountKey: string, journalId: string): Promise<Journal | undefined> {
  const row = await db.selectFrom('ledger_journals').selectAll().where('account_key', '=', accountKey).where('journal_id', '=', journalId).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db.selectFrom('ledger_lines').selectAll().where('account_key', '=', accountKey).where('journal_id', '=', journalId).orderBy('line_no').execute();
  return toJournal(row, lines);
}

export function toJournal(
  row: { journal_id: string; journal_date: string; number: string; description: string; currency: string; settlement_key: string | null; mapping_version: string | null; reverses_id: string | null },
  lines: { account_code: string; side: 'debit' | 'credit'; amount: string; description: string }[],
): Journal {
  return {
    id: row.journal_id,
    date: row.journal_date,
    number: row.number,
    description: row.description,
    currency: row.currency,
    settlementId: row.settlement_key,
    mappingVersion: row.mapping_version,
    reversesId: row.reverses_id,
    lines: lines.map((l) => ({ accountCode: l.account_code, side: l.side, amount: decimalToUnits(l.amount), description: l.description })),
  };
}
