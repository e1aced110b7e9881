/**
 * What COGS needs to know of an account, in one read: its catalog (the organization's, shared by its
 * accounts, or its own when it has no organization: decision 0030), features, feature flags, system,
 * time zone and Settings > Cost of Goods Sold (core's defaults until saved).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { errorMessages } from '@ledgerport/contract';
import { defaultCogsSettings, refuseCogs, type CogsFeatures, type CogsSettings } from '@ledgerport/core/cogs';
import { AppError } from '../../http/app-error';

export interface CogsAccount {
  accountKey: string;
  catalogKey: string;
  accountingSystem: string;
  timeZoneId: string;
  features: CogsFeatures;
  flags: string[];
  settings: CogsSettings;
  /** 0 while the defaults apply. */
  settingsVersion: number;
  updatedAt: Date | null;
}

export function catalogKeyOf(account: { account_key: string; organization_id: string | null }): string {
  return account.organization_id ? `org:${account.organization_id}` : `account:${account.account_key}`;
}

/** `isBillingEnabled`: billing on, support's switches gate COGS and FIFO; off, the plan gate opens them (decision 0057). */
export async function getCogsAccount(db: Kysely<Database>, accountKey: string, isBillingEnabled: boolean): Promise<CogsAccount> {
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('account_features as f', 'f.account_key', 'a.account_key')
    .leftJoin('account_cogs_settings as s', 's.account_key', 'a.account_key')
    .select([
      'a.account_key',
      'a.organization_id',
      'a.accounting_system',
      'a.time_zone_id',
      'f.cogs_enabled',
      'f.cogs_refunds_enabled',
      'f.premium',
    ])
    .select([
      's.costing_method',
      's.refund_treatment',
      's.inventory_account_code',
      's.inventory_account_name',
      's.cogs_account_code',
      's.cogs_account_name',
      's.version',
      's.updated_at',
    ])
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  const flags = (
    await db
      .selectFrom('account_feature_flags')
      .select('flag')
      .where('account_key', '=', accountKey)
      .execute()
  ).map((r) => r.flag);
  const defaults = defaultCogsSettings(row.accounting_system as Parameters<typeof defaultCogsSettings>[0]);
  const settings: CogsSettings = row.costing_method
    ? {
        costingMethod: row.costing_method,
        refundTreatment: row.refund_treatment!,
        inventoryAccount: { code: row.inventory_account_code!, name: row.inventory_account_name! },
        cogsAccount: { code: row.cogs_account_code!, name: row.cogs_account_name! },
      }
    : defaults;
  return {
    accountKey,
    catalogKey: catalogKeyOf(row),
    accountingSystem: row.accounting_system,
    timeZoneId: row.time_zone_id,
    features: {
      isBillingEnabled,
      cogsEnabled: row.cogs_enabled ?? false,
      cogsRefundsEnabled: row.cogs_refunds_enabled ?? false,
      premium: row.premium ?? false,
    },
    flags,
    settings,
    settingsVersion: row.version ?? 0,
    updatedAt: row.updated_at ?? null,
  };
}

/** 403-free refusal: COGS off for the account (billing on, support's switch off) is a 409 a bookkeeper can act on. */
export function assertCogsEnabled(account: CogsAccount): void {
  const refusal = refuseCogs(account.features);
  if (refusal.isRefused)
    throw new AppError('cogs.not-enabled', refusal.message, { accountKey: account.accountKey });
}
