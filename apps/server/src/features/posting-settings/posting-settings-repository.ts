/**
 * An account's posting settings, versioned like its mapping sets: every save adds a row (never
 * updated) and a posted document records the version it was built with. No row: core's defaults
 * (version 0). The time zone and the country split are also the spec's account fields
 * (accounts.time_zone_id, accounts.should_split_by_country): those columns are read as the current
 * value and written with every new version, in the same transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, PostingSettingsTable } from '@ledgerport/db';
import { errorMessages } from '@ledgerport/contract';
import { DEFAULT_PERIOD_LOCK_TREATMENT, DEFAULT_POSTING_SETTINGS, type GroupBy, type PeriodLockTreatment, type PostingSettings } from '@ledgerport/core/posting';
import { AppError } from '../../http/app-error';
import { findTaxTreatment } from '../tax-settings/tax-settings-repository';
import { findPaymentSourcePosting } from '../payment-source-settings/payment-source-settings-repository';

export interface ProductTypeRuleRow {
  name: string;
  skus: string[];
  pattern: string | null;
}

export interface AccountPostingSettings {
  version: number;
  timeZoneId: string;
  groupBy: GroupBy;
  isSplitByMonth: boolean;
  shouldSplitByCountry: boolean;
  isTrackedByMarketplace: boolean;
  trackingCategoryName: string;
  inconsistentSettlements: 'suspense' | 'hold';
  /** A document dated in a period the accounting system has closed (decision 0061). */
  periodLockTreatment: PeriodLockTreatment;
  productTypes: ProductTypeRuleRow[];
  updatedAt: Date | null;
  updatedBy: string | null;
}

export type EditablePostingSettings = Omit<AccountPostingSettings, 'version' | 'updatedAt' | 'updatedBy'>;

export async function getAccountPostingSettings(db: Kysely<Database>, accountKey: string): Promise<AccountPostingSettings> {
  const account = await db.selectFrom('accounts').select(['time_zone_id', 'should_split_by_country']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  const row = await db
    .selectFrom('posting_settings as p')
    .leftJoin('users as u', 'u.user_id', 'p.created_by')
    .selectAll('p')
    .select('u.email')
    .where('p.account_key', '=', accountKey)
    .orderBy('p.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return accountPostingSettingsFrom(account, row);
}

/** The columns of the latest posting_settings row the settings are made of, with its author's email. */
export type PostingSettingsRow = Pick<
  Selectable<PostingSettingsTable>,
  'version' | 'group_by' | 'is_split_by_month' | 'is_tracked_by_marketplace' | 'tracking_category_name' | 'inconsistent_settlements' | 'period_lock_treatment' | 'product_types' | 'created_at'
> & { email: string | null };

/** getAccountPostingSettings from rows already read (e.g. joined into a bigger statement). */
export function accountPostingSettingsFrom(account: { time_zone_id: string; should_split_by_country: boolean }, row: PostingSettingsRow | undefined): AccountPostingSettings {
  const live = { timeZoneId: account.time_zone_id, shouldSplitByCountry: account.should_split_by_country };
  if (!row) return { ...DEFAULT_POSTING_SETTINGS, ...live, periodLockTreatment: DEFAULT_PERIOD_LOCK_TREATMENT, version: 0, productTypes: [], updatedAt: null, updatedBy: null };
  return {
    ...live,
    version: row.version,
    groupBy: row.group_by,
    isSplitByMonth: row.is_split_by_month,
    isTrackedByMarketplace: row.is_tracked_by_marketplace,
    trackingCategoryName: row.tracking_category_name,
    inconsistentSettlements: row.inconsistent_settlements,
    periodLockTreatment: row.period_lock_treatment,
    productTypes: row.product_types.map((r) => ({ name: r.name, skus: r.skus, pattern: r.pattern })),
    updatedAt: row.created_at,
    updatedBy: row.email,
  };
}

/** Core's PostingSettings (without the type describer, which the caller adds). */
export function toCorePostingSettings(s: EditablePostingSettings): PostingSettings {
  return {
    timeZoneId: s.timeZoneId,
    groupBy: s.groupBy,
    isSplitByMonth: s.isSplitByMonth,
    shouldSplitByCountry: s.shouldSplitByCountry,
    isTrackedByMarketplace: s.isTrackedByMarketplace,
    trackingCategoryName: s.trackingCategoryName,
    inconsistentSettlements: s.inconsistentSettlements,
    productTypes: s.productTypes.map((r) => ({ name: r.name, skus: r.skus, ...(r.pattern ? { pattern: r.pattern } : {}) })),
  };
}

/** Stores the next version (call inside the transaction that also records the audit entry). */
export async function insertPostingSettingsVersion(trx: Kysely<Database>, accountKey: string, next: EditablePostingSettings, userId: string, at: Date): Promise<number> {
  const latest = await trx.selectFrom('posting_settings').select((eb) => eb.fn.max('version').as('version')).where('account_key', '=', accountKey).executeTakeFirst();
  const version = Number(latest?.version ?? 0) + 1;
  await trx
    .insertInto('posting_settings')
    .values({
      account_key: accountKey,
      version,
      time_zone_id: next.timeZoneId,
      group_by: next.groupBy,
      is_split_by_month: next.isSplitByMonth,
      should_split_by_country: next.shouldSplitByCountry,
      is_tracked_by_marketplace: next.isTrackedByMarketplace,
      tracking_category_name: next.trackingCategoryName,
      inconsistent_settlements: next.inconsistentSettlements,
      period_lock_treatment: next.periodLockTreatment,
      product_types: JSON.stringify(next.productTypes),
      created_by: userId,
      created_at: at,
    })
    .execute();
  await trx.updateTable('accounts').set({ time_zone_id: next.timeZoneId, should_split_by_country: next.shouldSplitByCountry, updated_at: at }).where('account_key', '=', accountKey).execute();
  return version;
}

/**
 * The settings a settlement posts with, and their version: the account's current ones, except that a
 * settlement released from hold posts with its difference on the suspense line whatever the account chose,
 * with the account's tax treatment (Registered Country, Statements Accounts and Taxes) when it has one,
 * and its PayPal or Amazon Pay settings (payment_source_settings) when saved.
 */
export async function postingSettingsOf(db: Kysely<Database>, row: { account_key: string; hold_released_at: Date | null }): Promise<{ settings: PostingSettings; version: number }> {
  const posting = settlementPostingSettings(await getAccountPostingSettings(db, row.account_key), row);
  const tax = await findTaxTreatment(db, row.account_key);
  const sources = await findPaymentSourcePosting(db, row.account_key);
  return { ...posting, settings: { ...posting.settings, ...(tax ? { tax } : {}), ...sources } };
}

/** postingSettingsOf from the account's settings already read. */
export function settlementPostingSettings(current: AccountPostingSettings, row: { hold_released_at: Date | null }): { settings: PostingSettings; version: number } {
  const settings = toCorePostingSettings(current);
  return { settings: row.hold_released_at === null ? settings : { ...settings, inconsistentSettlements: 'suspense' }, version: current.version };
}
