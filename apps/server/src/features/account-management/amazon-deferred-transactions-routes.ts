/**
 * Settings > Amazon Deferred Transactions: read and switch the account feature
 * amazonDeferredTransactionEnabled (the fetch job asks Amazon's Finances API for deferred
 * transactions only when it is on), with the count of the account's Deferred Transactions settlements.
 * Same access as the other settings (anyone who may open the account, admins any account); a
 * view-only user may read but not change it; a non-Amazon account is refused with a reason.
 * Every change is audited, so Settings > History lists it with before and after.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { errorMessages, getAmazonDeferredTransactionsSettings, saveAmazonDeferredTransactionsSettings, type AmazonDeferredTransactionsSettings } from '@ledgerport/contract';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';
import { allows, type AccessLevel } from '@ledgerport/core/rules';
import type { Channel } from '@ledgerport/core/settlements';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';

/** The account's row when the caller may open it (else account.not-found) and do what the route does (else 403); refuses accounts that do not sell on Amazon. */
async function getAmazonAccount(db: Kysely<Database>, caller: Caller, accountKey: string) {
  const level = await assertAccountAccess(db, caller, accountKey);
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('account_features as f', 'f.account_key', 'a.account_key')
    .select(['a.account_key', 'a.account_name', 'a.sales_channel', 'f.amazon_deferred_transaction_enabled'])
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  if (!row) throw new AppError('account.not-found', errorMessages.accountNotFound, { accountKey });
  if (row.sales_channel !== 'AMAZON') {
    const channel = CHANNEL_NAMES[row.sales_channel as Channel]?.name ?? row.sales_channel;
    throw new AppError(
      'account.not-amazon',
      `Amazon deferred transactions are only for Amazon accounts, and ${row.account_name} sells on ${channel}. Open an Amazon account to change this setting.`,
      { accountKey, salesChannel: row.sales_channel },
    );
  }
  return { accountKey: row.account_key, isEnabled: row.amazon_deferred_transaction_enabled === true, level };
}

async function settingsBody(db: Kysely<Database>, level: AccessLevel, accountKey: string, isEnabled: boolean): Promise<AmazonDeferredTransactionsSettings> {
  const { n } = await db
    .selectFrom('settlements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_key', '=', accountKey)
    .where('is_deferred_transaction', '=', true)
    .where('duplicate_of', 'is', null)
    .executeTakeFirstOrThrow();
  return { accountKey, amazonDeferredTransactionEnabled: isEnabled, settlementCount: Number(n), canEdit: allows(level, 'write') };
}

export function registerAmazonDeferredTransactionsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getAmazonDeferredTransactionsSettings, async ({ caller, query }) => {
    const account = await getAmazonAccount(db, caller, query.accountKey);
    return settingsBody(db, account.level, account.accountKey, account.isEnabled);
  });

  addRoute(app, deps, saveAmazonDeferredTransactionsSettings, async ({ caller, query, body }) => {
    const account = await getAmazonAccount(db, caller, query.accountKey);
    const next = body.amazonDeferredTransactionEnabled;
    if (next === account.isEnabled) return settingsBody(db, account.level, account.accountKey, next);
    const at = clock();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('account_features')
        .values({ account_key: account.accountKey, amazon_deferred_transaction_enabled: next })
        .onConflict((c) => c.column('account_key').doUpdateSet({ amazon_deferred_transaction_enabled: next }))
        .execute();
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: account.accountKey,
        action: 'account.features-changed',
        entityType: 'account',
        entityId: account.accountKey,
        before: { amazonDeferredTransactionEnabled: account.isEnabled },
        after: { amazonDeferredTransactionEnabled: next },
        at,
      });
    });
    return settingsBody(db, account.level, account.accountKey, next);
  });
}
