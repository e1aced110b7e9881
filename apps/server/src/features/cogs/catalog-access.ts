/** What every Cost Admin route starts with: the catalog of an account the caller may open, and the audit entry of a change. */
import { isBillingEnabled } from '../../config/billing-config';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../accounts/account-access';
import { getCogsAccount } from './cogs-account';

export function catalogAccess(deps: Deps) {
  const { db } = deps;
  const catalogOf = async (caller: Caller, accountKey: string): Promise<string> => {
    await assertAccountAccess(db, caller, accountKey);
    return (await getCogsAccount(db, accountKey, isBillingEnabled(deps.config))).catalogKey;
  };
  const audit =
    (caller: Caller, accountKey: string, action: string, entityId: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
    (trx: Kysely<Database>) =>
      recordAudit(trx, { actorUserId: caller.userId, accountKey, action, entityType: 'product', entityId, before, after, at: deps.clock() });
  return { catalogOf, audit };
}
