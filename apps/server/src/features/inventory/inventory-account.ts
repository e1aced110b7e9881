/**
 * What every inventory route starts with: read access to the account (404 for another tenant's), an
 * Amazon account (422 otherwise: the reports are Amazon's), its catalog (decision 0030) and the
 * currency its inventory is valued in: the one asked for, else the one chosen in Account Settings >
 * Inventory (decision 0050), else its latest settlement's, else USD.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { errorMessages } from '@ledgerport/contract';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { assertAccountAccess } from '../accounts/account-access';
import { catalogKeyOf } from '../cogs/cogs-account';

export interface InventoryAccount {
  accountKey: string;
  catalogKey: string;
  currency: string;
}

export async function getInventoryAccount(
  db: Kysely<Database>,
  caller: Caller,
  accountKey: string,
  currency?: string,
): Promise<InventoryAccount> {
  await assertAccountAccess(db, caller, accountKey);
  const account = await db
    .selectFrom('accounts')
    .select(['account_key', 'account_name', 'organization_id', 'sales_channel'])
    .where('account_key', '=', accountKey)
    .executeTakeFirst();
  if (!account) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  if (account.sales_channel !== 'AMAZON')
    throw new AppError(
      'account.not-amazon',
      `Inventory is for Amazon accounts, and ${account.account_name} does not sell on Amazon. Open an Amazon account to see its inventory.`,
      { accountKey },
    );
  const chosen = currency
    ? undefined
    : await db.selectFrom('inventory_fetch_settings').select('valuation_currency').where('account_key', '=', accountKey).executeTakeFirst();
  const wanted = currency ?? chosen?.valuation_currency ?? undefined;
  const latest = wanted
    ? undefined
    : await db
        .selectFrom('settlements')
        .select('currency')
        .where('account_key', '=', accountKey)
        .where('end_at', 'is not', null)
        .orderBy('end_at', 'desc')
        .limit(1)
        .executeTakeFirst();
  return { accountKey, catalogKey: catalogKeyOf(account), currency: wanted ?? latest?.currency ?? 'USD' };
}
