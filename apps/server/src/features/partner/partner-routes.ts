import type { FastifyInstance } from 'fastify';
import { listPartnerAccountsStatus as listPartnerAccountsStatusEndpoint } from '@ledgerport/contract';
import { addRoute } from '../../http/add-route';
import type { Deps } from '../../http/deps';
import { listPartnerAccountsStatus } from './partner-repository';
import { refreshAccountStatus } from './refresh-account-status';

export function registerPartnerRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  // Only the caller's own firm's clients: the partner code comes from the caller's row, never from the request.
  addRoute(app, deps, listPartnerAccountsStatusEndpoint, async ({ caller }) => {
    if (caller.partnerCode === null || caller.partnerCode === '') return { partnerCode: null, accounts: [] };
    // Accounts that had no event since migration 0035 have no summary row yet: made once, here.
    const missing = await db
      .selectFrom('accounts as a')
      .leftJoin('account_status_summary as s', 's.account_key', 'a.account_key')
      .select('a.account_key')
      .where('a.partner_code', '=', caller.partnerCode)
      .where('s.account_key', 'is', null)
      .execute();
    for (const m of missing) await refreshAccountStatus(db, m.account_key, deps.clock());
    const user = await db.selectFrom('users').select('current_account_key').where('user_id', '=', caller.userId).executeTakeFirst();
    return { partnerCode: caller.partnerCode, accounts: await listPartnerAccountsStatus(db, caller.userId, caller.partnerCode, user?.current_account_key ?? null) };
  });
}
