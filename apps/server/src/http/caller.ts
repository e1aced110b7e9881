/**
 * The signed-in user behind a request, loaded fresh from the database on every call so that a
 * removed role or permission takes effect at once (the access token carries only the user id).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

export interface Caller {
  userId: string;
  email: string;
  partnerCode: string | null;
  rootAdmin: boolean;
  supportLead: boolean;
  supportAdmin: boolean;
  developer: boolean;
  permissions: string[];
  /** rootAdmin, supportLead or supportAdmin: may open every account and call admin-only endpoints. */
  isAdmin: boolean;
}

export async function findCaller(db: Kysely<Database>, userId: string): Promise<Caller | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['user_id', 'email', 'partner_code', 'root_admin', 'support_lead', 'support_admin', 'developer'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const permissions = await db
    .selectFrom('user_permissions')
    .select('permission')
    .where('user_id', '=', userId)
    .orderBy('permission')
    .execute();
  return {
    userId: user.user_id,
    email: user.email,
    partnerCode: user.partner_code,
    rootAdmin: user.root_admin,
    supportLead: user.support_lead,
    supportAdmin: user.support_admin,
    developer: user.developer,
    permissions: permissions.map((p) => p.permission),
    isAdmin: user.root_admin || user.support_lead || user.support_admin,
  };
}
