/**
 * Settings > Built-in ledger, its lock date (decision 0061): the day through which the built-in
 * ledger's books are closed. A change is one transaction with its audit entry; the send reads it
 * before each send, as it reads a connected system's lock.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { getBuiltInLedgerLock, saveBuiltInLedgerLock, type BuiltInLedgerLock } from '@ledgerport/contract';
import { recordAudit } from '../../audit/record-audit';
import { AppError } from '../../http/app-error';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { saveLedgerPeriodLock } from '../posting/ledger-period-lock';

async function lockBody(db: Kysely<Database>, accountKey: string): Promise<BuiltInLedgerLock> {
  const row = await db
    .selectFrom('ledger_period_locks as l')
    .leftJoin('users as u', 'u.user_id', 'l.updated_by')
    .select(['l.closed_through', 'l.updated_at', 'u.email'])
    .where('l.account_key', '=', accountKey)
    .executeTakeFirst();
  return { accountKey, closedThrough: row?.closed_through ?? null, updatedAt: row ? row.updated_at.toISOString() : null, updatedBy: row?.email ?? null };
}

async function assertBuiltInLedger(db: Kysely<Database>, accountKey: string): Promise<void> {
  const account = await db.selectFrom('accounts').select('accounting_system').where('account_key', '=', accountKey).executeTakeFirstOrThrow();
  if (account.accounting_system !== 'MANUAL' && account.accounting_system !== 'NONE') {
    throw new AppError('ledger.not-manual', 'This account posts to another accounting system: its closed periods are set there and read from it. The built-in ledger’s lock date is for accounts on the built-in ledger.', { accountKey });
  }
}

export function registerLedgerLockRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, getBuiltInLedgerLock, async ({ caller, query }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    await assertBuiltInLedger(db, query.accountKey);
    return lockBody(db, query.accountKey);
  });

  addRoute(app, deps, saveBuiltInLedgerLock, async ({ caller, query, body }) => {
    await assertAccountAccess(db, caller, query.accountKey);
    await assertBuiltInLedger(db, query.accountKey);
    const before = await lockBody(db, query.accountKey);
    if (before.closedThrough === body.closedThrough) return before;
    const at = clock();
    await db.transaction().execute(async (trx) => {
      await saveLedgerPeriodLock(trx, query.accountKey, body.closedThrough, caller.userId, at);
      await recordAudit(trx, {
        actorUserId: caller.userId,
        accountKey: query.accountKey,
        action: 'ledger.lock-date-changed',
        entityType: 'built-in-ledger',
        entityId: `${query.accountKey}#lock-date`,
        before: { closedThrough: before.closedThrough },
        after: { closedThrough: body.closedThrough },
        at,
      });
    });
    return lockBody(db, query.accountKey);
  });
}
