/**
 * The account's Shopify order modes (Settings > Shopify B2B Invoice and Shopify Deferred Revenue):
 * read with defaults (no row: both off), and the access rule both tabs share.
 */
import type { Kysely } from 'kysely';
import { errorMessages } from '@ledgerport/contract';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import type { AccessLevel } from '@ledgerport/core/rules';
import type { Channel } from '@ledgerport/core/settlements';
import type { Database } from '@ledgerport/db';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { assertAccountAccess } from '../accounts/account-access';

export interface ShopifyOrderModes {
  isB2bEnabled: boolean;
  b2bTag: string | null;
  b2bGateways: string[];
  isDeferredRevenueEnabled: boolean;
}

export const MODES_OFF: ShopifyOrderModes = { isB2bEnabled: false, b2bTag: null, b2bGateways: [], isDeferredRevenueEnabled: false };

export async function findShopifyOrderModes(db: Kysely<Database>, accountKey: string): Promise<ShopifyOrderModes> {
  const row = await db.selectFrom('shopify_order_settings').selectAll().where('account_key', '=', accountKey).executeTakeFirst();
  if (!row) return MODES_OFF;
  return {
    isB2bEnabled: row.is_b2b_enabled,
    b2bTag: row.b2b_tag,
    b2bGateways: row.b2b_gateways === '' ? [] : row.b2b_gateways.split('\n'),
    isDeferredRevenueEnabled: row.is_deferred_revenue_enabled,
  };
}

export async function saveShopifyOrderModes(trx: Kysely<Database>, accountKey: string, modes: ShopifyOrderModes, userId: string, at: Date): Promise<void> {
  const values = {
    is_b2b_enabled: modes.isB2bEnabled,
    b2b_tag: modes.b2bTag,
    b2b_gateways: modes.b2bGateways.join('\n'),
    is_deferred_revenue_enabled: modes.isDeferredRevenueEnabled,
    updated_at: at,
    updated_by: userId,
  };
  await trx
    .insertInto('shopify_order_settings')
    .values({ account_key: accountKey, ...values })
    .onConflict((c) => c.column('account_key').doUpdateSet(values))
    .execute();
}

/**
 * The account when the caller may open it (else account.not-found, 403 for a write it may not make),
 * it sells on Shopify, and support turned the tab's flag on; the reason names what is missing.
 */
export async function getShopifyAccount(db: Kysely<Database>, caller: Caller, accountKey: string, flag: string, tab: string): Promise<{ accountKey: string; level: AccessLevel; modes: ShopifyOrderModes }> {
  const level = await assertAccountAccess(db, caller, accountKey);
  const row = await db
    .selectFrom('accounts as a')
    .select(['a.account_key', 'a.account_name', 'a.sales_channel'])
    .select((eb) => eb.exists(eb.selectFrom('account_feature_flags as f').select('f.flag').whereRef('f.account_key', '=', 'a.account_key').where('f.flag', '=', flag)).as('has_flag'))
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  if (row.sales_channel !== 'SHOPIFY') {
    const channel = CHANNEL_NAMES[row.sales_channel as Channel]?.name ?? row.sales_channel;
    throw new AppError('account.not-shopify', `${tab} is only for Shopify accounts, and ${row.account_name} sells on ${channel}. Open a Shopify account to change this setting.`, { accountKey, salesChannel: row.sales_channel });
  }
  if (!row.has_flag) {
    throw new AppError('account.feature-not-enabled', `${tab} is not turned on for ${row.account_name}. Ask support to enable it for this account.`, { accountKey, flag });
  }
  return { accountKey: row.account_key, level, modes: await findShopifyOrderModes(db, accountKey) };
}
