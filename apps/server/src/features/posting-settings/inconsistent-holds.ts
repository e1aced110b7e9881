/**
 * Holding inconsistent settlements (Settings > Sales Grouping and Tracking, "hold"): an unposted
 * settlement whose lines do not sum to its deposit is marked on hold (on_hold_cause 'inconsistent')
 * and Send refuses it, until the account switches back to posting with a suspense line (which
 * releases every such hold) or someone releases that settlement (it then posts with the suspense
 * line whatever the setting). Core decides the documents; this keeps the stored flag the list and
 * the detail show in step with the setting.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decimalToUnits, formatMoney } from '@ledgerport/core/money';
import type { SettlementRow } from '../stored-settlements/load-settlement';
import { getAccountPostingSettings } from './posting-settings-repository';
import { holdsChanged } from './hold-events';
import { PERIOD_LOCK_HOLD_CAUSE } from './period-lock-holds';

export const INCONSISTENT_HOLD_CAUSE = 'inconsistent';

export function inconsistentHoldReason(row: Pick<SettlementRow, 'difference' | 'currency'>): string {
  const difference = formatMoney({ units: decimalToUnits(row.difference), currency: row.currency });
  return `Held because its lines and its deposit differ by ${difference} ${row.currency}, and this account holds inconsistent settlements.`;
}

/** Why Send refuses a held settlement, and the two ways out. */
export function heldSendRefusal(row: Pick<SettlementRow, 'settlement_id' | 'on_hold_reason' | 'on_hold_cause'>): string {
  if (row.on_hold_cause === PERIOD_LOCK_HOLD_CAUSE) {
    return (
      `Settlement ${row.settlement_id} is on hold and was not sent. ${row.on_hold_reason ?? ''} ` +
      'Reopen the period in the accounting system and release it on its page, or choose "Move to the first open day" under Settings > Sales Grouping and Tracking.'
    ).replace(/\s+/g, ' ');
  }
  return (
    `Settlement ${row.settlement_id} is on hold and was not sent. ${row.on_hold_reason ?? ''} ` +
    'Release it on its page to post the difference on the suspense line, or choose "Post with a suspense line" under Settings > Sales Grouping and Tracking.'
  ).replace(/\s+/g, ' ');
}

/** Brings the account's holds in line with a policy; answers how many settlements are held now. */
export async function syncInconsistentHolds(db: Kysely<Database>, accountKey: string, policy: 'suspense' | 'hold', at: Date): Promise<number> {
  // A hold whose settlement is no longer inconsistent (an open settlement completed), or every
  // such hold when the account posts with a suspense line, is lifted.
  let release = db
    .updateTable('settlements')
    .set({ on_hold: false, on_hold_cause: null, on_hold_reason: null, on_hold_date: null, updated_at: at })
    .where('account_key', '=', accountKey)
    .where('on_hold_cause', '=', INCONSISTENT_HOLD_CAUSE);
  if (policy === 'hold') release = release.where('inconsistent', '=', false);
  await release.execute();
  if (policy === 'hold') {
    const toHold = await db
      .selectFrom('settlements')
      .select(['settlement_key', 'difference', 'currency'])
      .where('account_key', '=', accountKey)
      .where('inconsistent', '=', true)
      .where('duplicate_of', 'is', null)
      .where('posting_status', '=', 'NOT_POSTED')
      .where('on_hold', '=', false)
      .where('hold_released_at', 'is', null)
      .execute();
    for (const row of toHold) {
      await db
        .updateTable('settlements')
        .set({ on_hold: true, on_hold_cause: INCONSISTENT_HOLD_CAUSE, on_hold_reason: inconsistentHoldReason(row), on_hold_date: at, updated_at: at })
        .where('settlement_key', '=', row.settlement_key)
        .execute();
    }
  }
  await holdsChanged.emit({ db, accountKey, at });
  return countInconsistentHolds(db, accountKey);
}

/** After settlements are stored: hold the new inconsistent ones if the account holds them. */
export async function applyInconsistentHoldPolicy(db: Kysely<Database>, accountKey: string, at: Date): Promise<void> {
  const settings = await getAccountPostingSettings(db, accountKey);
  await syncInconsistentHolds(db, accountKey, settings.inconsistentSettlements, at);
}

export async function countInconsistentHolds(db: Kysely<Database>, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('settlements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('on_hold_cause', '=', INCONSISTENT_HOLD_CAUSE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
