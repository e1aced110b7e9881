/**
 * Reads accounts and turns rows into the contract's Account and AccountSummary shapes.
 * Every function takes the account key (or the user whose reach bounds the list) first.
 */
import { sql, type Kysely } from 'kysely';
import type { Account, AccountSummary, AccountingSystem, FeatureFlagName, SalesChannel } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import { reachableBy } from './account-access';
import { findConnectionStates } from './connection-states';

const SIXTY_DAYS_MS = 60 * 24 * 60 * 60 * 1000;

export interface SummaryScope {
  userId: string;
  partnerCode: string | null;
}

/** Accounts the user reaches, sorted by name then sales channel, case-insensitive. */
export async function listReachableAccounts(db: Kysely<Database>, scope: SummaryScope, currentAccountKey: string | null): Promise<AccountSummary[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'sales_channel', 'accounting_system', 'plan_code', 'organization_id'])
    .where(reachableBy(scope.userId, scope.partnerCode))
    .orderBy(sql`lower(account_name)`)
    .orderBy(sql`lower(sales_channel)`)
    .orderBy('account_key')
    .execute();
  return rows.map((r) => toSummary(r, currentAccountKey));
}

export function toSummary(
  r: { account_key: string; account_name: string; sales_channel: string; accounting_system: string; plan_code: string | null; organization_id: string | null },
  currentAccountKey: string | null,
): AccountSummary {
  return {
    accountKey: r.account_key,
    accountName: r.account_name,
    salesChannel: r.sales_channel as SalesChannel,
    accountingSystem: r.accounting_system as AccountingSystem,
    planCode: r.plan_code,
    organizationId: r.organization_id,
    isCurrent: r.account_key === currentAccountKey,
  };
}

export async function listAccountFlags(db: Kysely<Database>, accountKey: string): Promise<FeatureFlagName[]> {
  const rows = await db.selectFrom('account_feature_flags').select('flag').where('account_key', '=', accountKey).orderBy('flag').execute();
  return rows.map((r) => r.flag as FeatureFlagName);
}

/** Other accounts the user reaches on the same sales channel and accounting system. */
export async function listCopyMappingCandidates(db: Kysely<Database>, accountKey: string, scope: SummaryScope): Promise<AccountSummary[]> {
  const target = await db.selectFrom('accounts').select(['sales_channel', 'accounting_system']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!target) return [];
  const rows = await db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'sales_channel', 'accounting_system', 'plan_code', 'organization_id'])
    .where('account_key', '<>', accountKey)
    .where('sales_channel', '=', target.sales_channel)
    .where('accounting_system', '=', target.accounting_system)
    .where(reachableBy(scope.userId, scope.partnerCode))
    .orderBy(sql`lower(account_name)`)
    .orderBy('account_key')
    .execute();
  return rows.map((r) => toSummary(r, null));
}

/** The full Account; undefined when the key does not exist. Access is checked by the caller. */
export async function findAccount(
  db: Kysely<Database>,
  accountKey: string,
  options: { now: Date; withSettings: boolean; scope: SummaryScope },
): Promise<Account | undefined> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('account_features as f', 'f.account_key', 'accounts.account_key')
    .selectAll('accounts')
    .select([
      'f.enable_amazon_pay',
      'f.amazon_deferred_transaction_enabled',
      'f.show_advanced_fba',
      'f.show_gift_cards',
      'f.stripe_enabled',
      'f.cogs_enabled',
      'f.cogs_refunds_enabled',
      'f.premium',
      'f.is_demo_account',
    ])
    .where('accounts.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const flags = await listAccountFlags(db, accountKey);
  // Connected or not comes from the connection rows, as on every other screen (decision 0056).
  const states = (await findConnectionStates(db, accountKey, options.now))!;
  const copyCandidates = await listCopyMappingCandidates(db, accountKey, options.scope);
  return {
    accountKey: row.account_key,
    accountName: row.account_name,
    accountAddress: row.account_address,
    accountStatus: row.account_status,
    accountFeatures: {
      enableAmazonPay: row.enable_amazon_pay ?? false,
      amazonDeferredTransactionEnabled: row.amazon_deferred_transaction_enabled ?? false,
      showAdvancedFba: row.show_advanced_fba ?? false,
      showGiftCards: row.show_gift_cards ?? false,
      stripeEnabled: row.stripe_enabled ?? false,
      cogsEnabled: row.cogs_enabled ?? false,
      cogsRefundsEnabled: row.cogs_refunds_enabled ?? false,
      premium: row.premium ?? false,
      isAccount60DaysOld: options.now.getTime() - row.created_at.getTime() >= SIXTY_DAYS_MS,
      validCopyAccounts: copyCandidates.length > 0,
      isAmazonSummaryReportEnabled: row.sales_channel === 'AMAZON' && flags.includes('AMAZON_SUMMARY_REPORT'),
      isDemoAccount: row.is_demo_account ?? false,
    },
    featureFlags: flags,
    accountingSystem: row.accounting_system as AccountingSystem,
    accountingSystemConnected: states.accounting.isUsable,
    accountingConnectionState: states.accounting.state,
    isAccountingSandbox: states.accounting.isSandbox,
    accountingSystemOrganizationName: states.accounting.remoteName ?? (row.accounting_system === 'MANUAL' ? row.accounting_system_organization_name : null),
    partnerCode: row.partner_code,
    planCode: row.plan_code,
    planAmount: row.plan_amount,
    subscribedAt: row.subscribed_at ? row.subscribed_at.toISOString() : null,
    salesChannel: row.sales_channel as SalesChannel,
    salesChannelConnected: states.salesChannel.isUsable,
    salesChannelConnectionState: states.salesChannel.state,
    salesChannelPending: row.sales_channel_pending,
    salesChannelInviteStatus: row.sales_channel_invite_status,
    salesChannelStoreName: row.sales_channel_store_name,
    mappingsCompleted: row.mappings_completed,
    mappingsConfigurationInitiated: row.mappings_configuration_initiated,
    firstSettlementPosted: row.first_settlement_posted,
    hasAccountsFile: row.has_accounts_file,
    timeZoneId: row.time_zone_id,
    templatePrefix: row.template_prefix,
    isPiggyBackingAccount: row.is_piggy_backing_account,
    requestHistoryBlocked: row.request_history_blocked,
    redactionPending: row.redaction_pending,
    accountingSystemReferenceName: row.accounting_system_reference_name,
    accountSuperUserKey: row.account_super_user_key,
    requiresReauthentication: row.requires_reauthentication,
    organizationId: row.organization_id,
    // Beta features are activated per account, so the enabled set is the account's own flags.
    enabledFeatureFlags: flags,
    ...(options.withSettings ? { settings: { shouldSplitByCountry: row.should_split_by_country, quickSetup: row.quick_setup } } : {}),
  };
}
