/**
 * What Settings > PayPal shows: the PayPal accounts (the account numbers Transaction Search gives the
 * stored statements, the connected one marked) and currencies (of stored statements and of the
 * settings) with their statement counts, the latest saved choices and the chart's PayPal clearing account.
 */
import type { Kysely } from 'kysely';
import type { PayPalSettingsBody } from '@ledgerport/contract';
import { findRoleAccount } from '@ledgerport/core/mapping';
import type { Database } from '@ledgerport/db';
import { getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';
import { findSourceSettings, PAYPAL_DEFAULT } from './payment-source-settings-repository';

export async function payPalSettingsBody(db: Kysely<Database>, accountKey: string, canEdit: boolean): Promise<PayPalSettingsBody> {
  const found = await findSourceSettings(db, accountKey, 'paypal', PAYPAL_DEFAULT);
  const statements = await db
    .selectFrom('settlements')
    .select(['currency', 'seller_id', 'source_kind', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.max('created_at').as('latest')])
    .where('account_key', '=', accountKey)
    .where('sales_source', '=', 'PAYPAL')
    .where('duplicate_of', 'is', null)
    .groupBy(['currency', 'seller_id', 'source_kind'])
    .execute();
  const connection = await db
    .selectFrom('connections')
    .select(['status', 'remote_name'])
    .where('account_key', '=', accountKey)
    .where('system', '=', 'PAYPAL')
    .where('role', 'in', ['sales-channel', 'sales-source'])
    .executeTakeFirst();
  // The connected PayPal account is the one the latest fetched statement came from.
  const fetched = statements.filter((s) => s.source_kind === 'api' && s.seller_id !== null).sort((a, b) => String(b.latest).localeCompare(String(a.latest)));
  const connectedId = connection && connection.status !== 'DISCONNECTED' ? (fetched[0]?.seller_id ?? null) : null;

  const byAccount = new Map<string, number>();
  for (const id of found.settings.excludedAccountIds) byAccount.set(id, 0);
  for (const s of statements) if (s.seller_id !== null) byAccount.set(s.seller_id, (byAccount.get(s.seller_id) ?? 0) + Number(s.n));
  const byCurrency = new Map<string, number>();
  for (const c of found.settings.currencies) byCurrency.set(c.currency, 0);
  for (const s of statements) byCurrency.set(s.currency, (byCurrency.get(s.currency) ?? 0) + Number(s.n));

  const context = await getAccountMappingContext(db, accountKey);
  const clearing = findRoleAccount(await getCurrentMappings(db, context), 'clearing', 'PAYPAL');
  return {
    accountKey,
    version: found.version,
    paypalAccounts: [...byAccount]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([accountId, statementCount]) => ({
        accountId,
        name: accountId === connectedId && connection?.remote_name && connection.remote_name !== 'PayPal' ? `${connection.remote_name} (${accountId})` : `PayPal account ${accountId}`,
        isConnected: accountId === connectedId,
        isImported: !found.settings.excludedAccountIds.includes(accountId),
        statementCount,
      })),
    currencies: [...byCurrency]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, statementCount]) => {
        const chosen = found.settings.currencies.find((c) => c.currency === currency);
        return { currency, isImported: chosen?.isPosted ?? true, clearingAccount: chosen?.clearingAccount ?? null, statementCount };
      }),
    defaultClearingAccount: clearing ? { code: clearing.code, name: clearing.name } : null,
    canEdit,
    updatedAt: found.createdAt?.toISOString() ?? null,
    updatedBy: found.createdBy,
  };
}
