/**
 * An account's automation settings (table account_automation, decision 0025). No row: core's
 * defaults (off).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { DEFAULT_AUTOMATION_SETTINGS, type AutomationSettings } from '@ledgerport/core/rules';

export interface StoredAutomation extends AutomationSettings {
  updatedAt: Date | null;
  updatedBy: string | null;
}

export async function getAutomation(db: Kysely<Database>, accountKey: string): Promise<StoredAutomation> {
  const row = await db
    .selectFrom('account_automation as a')
    .leftJoin('users as u', 'u.user_id', 'a.updated_by')
    .select(['a.is_enabled', 'a.delay_hours', 'a.is_sending_uploads', 'a.send_from_date', 'a.updated_at', 'u.email'])
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_AUTOMATION_SETTINGS, updatedAt: null, updatedBy: null };
  return {
    isEnabled: row.is_enabled,
    delayHours: row.delay_hours,
    isSendingUploads: row.is_sending_uploads,
    sendFromDate: row.send_from_date,
    updatedAt: row.updated_at,
    updatedBy: row.email,
  };
}

export async function saveAutomation(db: Kysely<Database>, accountKey: string, settings: AutomationSettings, userId: string, at: Date): Promise<void> {
  const values = {
    is_enabled: settings.isEnabled,
    delay_hours: settings.delayHours,
    is_sending_uploads: settings.isSendingUploads,
    send_from_date: settings.sendFromDate,
    updated_at: at,
    updated_by: userId,
  };
  await db
    .insertInto('account_automation')
    .values({ account_key: accountKey, ...values })
    .onConflict((c) => c.column('account_key').doUpdateSet(values))
    .execute();
}

/** Accounts with automation on (the sweep's list). */
export async function listAutomatedAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('account_automation').select('account_key').where('is_enabled', '=', true).orderBy('account_key').execute();
  return rows.map((r) => r.account_key);
}
