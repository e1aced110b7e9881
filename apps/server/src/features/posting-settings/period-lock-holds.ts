/**
 * Holding a settlement whose document falls in a closed period (decision 0061), on the same flag as
 * inconsistent holds (settlements.on_hold, cause 'period-lock', the reason worded by core's
 * decidePeriodLock). The send sets it instead of sending to fail; switching the account to "move to the
 * first open day" lifts every such hold; releasing one on its page lifts it without the suspense
 * override of an inconsistent release (hold_released_at stays empty), so the next send checks the
 * system's lock again.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { holdsChanged } from './hold-events';

export const PERIOD_LOCK_HOLD_CAUSE = 'period-lock';

/** Holds an unposted settlement with the rule's reason (a hold for another cause is left as it is). */
export async function holdForPeriodLock(db: Kysely<Database>, row: { account_key: string; settlement_key: string }, reason: string, at: Date): Promise<void> {
  await db
    .updateTable('settlements')
    .set({ on_hold: true, on_hold_cause: PERIOD_LOCK_HOLD_CAUSE, on_hold_reason: reason, on_hold_date: at, send_state: 'IDLE', posting_error: null, posting_error_at: null, updated_at: at })
    .where('account_key', '=', row.account_key)
    .where('settlement_key', '=', row.settlement_key)
    .where((eb) => eb.or([eb('on_hold', '=', false), eb('on_hold_cause', '=', PERIOD_LOCK_HOLD_CAUSE)]))
    .execute();
  await holdsChanged.emit({ db, accountKey: row.account_key, at });
}

/** Lifts every period-lock hold of the account (it now moves such documents); answers how many. */
export async function releasePeriodLockHolds(db: Kysely<Database>, accountKey: string, at: Date): Promise<number> {
  const released = await db
    .updateTable('settlements')
    .set({ on_hold: false, on_hold_cause: null, on_hold_reason: null, on_hold_date: null, updated_at: at })
    .where('account_key', '=', accountKey)
    .where('on_hold_cause', '=', PERIOD_LOCK_HOLD_CAUSE)
    .executeTakeFirst();
  if (released.numUpdatedRows > 0n) await holdsChanged.emit({ db, accountKey, at });
  return Number(released.numUpdatedRows);
}

export async function countPeriodLockHolds(db: Kysely<Database>, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('settlements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('on_hold_cause', '=', PERIOD_LOCK_HOLD_CAUSE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
