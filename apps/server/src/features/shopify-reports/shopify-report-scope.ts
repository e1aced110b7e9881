/**
 * What every Shopify report request checks first: the caller reaches the account (else 404), the
 * account sells on Shopify, and the date range is the right way round and at most ten years. Answers
 * the account's time zone and the SQL of "a settlement of this account ending on a local day".
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { errorMessages, SHOPIFY_REPORT_DAYS_MAX } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { assertAccountAccess } from '../accounts/account-access';

const DAY_MS = 86_400_000;

export interface ShopifyScope {
  accountKey: string;
  timeZoneId: string;
  /** The settlement's end as a day in the account's time zone (alias s). */
  localDay: RawBuilder<unknown>;
}

export async function openShopifyScope(db: Kysely<Database>, caller: Caller, accountKey: string, reportName: string): Promise<ShopifyScope> {
  await assertAccountAccess(db, caller, accountKey);
  const account = await db.selectFrom('accounts').select(['account_name', 'sales_channel', 'time_zone_id']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  if (account.sales_channel !== 'SHOPIFY') {
    throw new AppError('account.not-shopify', `The ${reportName} is for Shopify accounts, and ${account.account_name} does not sell on Shopify. Open a Shopify account to see it.`, { accountKey });
  }
  return { accountKey, timeZoneId: account.time_zone_id, localDay: sql`(s.end_at at time zone ${account.time_zone_id})::date` };
}

export function assertReportRange(start: string, end: string, reportName: string): void {
  if (start > end) throw new AppError('request.invalid', `The end ${end} must be after the start ${start}.`, [{ path: 'end', message: 'Before the start.' }]);
  if ((Date.parse(end) - Date.parse(start)) / DAY_MS >= SHOPIFY_REPORT_DAYS_MAX) {
    throw new AppError('request.invalid', `The ${reportName} covers at most ${SHOPIFY_REPORT_DAYS_MAX} days; choose a shorter range than ${start} to ${end}.`, [{ path: 'end', message: 'Range too long.' }]);
  }
}

/** SQL: a settlement (alias s) of the scope's account, not a duplicate, ending in [start, end]. */
export function endsInRange(scope: ShopifyScope, start: string, end: string): RawBuilder<boolean> {
  return sql<boolean>`s.account_key = ${scope.accountKey} and s.duplicate_of is null and ${scope.localDay} >= ${start}::date and ${scope.localDay} <= ${end}::date`;
}
