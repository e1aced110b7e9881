/**
 * The built-in ledger's own lock (Settings > Built-in ledger, decision 0061): the day through which its
 * books are closed. The ledger port reads it as its reference data's lock and refuses a journal dated
 * on or before it, as the connected systems refuse theirs.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { periodLockOf, type PeriodLock } from '@ledgerport/core/posting';

export const LEDGER_LOCK_SOURCE = 'built-in ledger lock date';

export async function findLedgerPeriodLock(db: Kysely<Database>, accountKey: string): Promise<PeriodLock | null> {
  const row = await db.selectFrom('ledger_period_locks').select('closed_through').where('account_key', '=', accountKey).executeTakeFirst();
  return periodLockOf([{ source: LEDGER_LOCK_SOURCE, closedThrough: row?.closed_through }]);
}

/** Sets (a day) or clears (null) the lock; call inside the transaction that records the audit entry. */
export async function saveLedgerPeriodLock(trx: Kysely<Database>, accountKey: string, closedThrough: string | null, userId: string, at: Date): Promise<void> {
  if (closedThrough === null) {
    await trx.deleteFrom('ledger_period_locks').where('account_key', '=', accountKey).execute();
    return;
  }
  await trx
    .insertInto('ledger_period_locks')
    .values({ account_key: accountKey, closed_through: closedThrough, updated_by: userId, updated_at: at })
    .onConflict((oc) => oc.column('account_key').doUpdateSet({ closed_through: closedThrough, updated_by: userId, updated_at: at }))
    .execute();
}
