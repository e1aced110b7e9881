/**
 * The signed-in user behind a request, loaded fresh from the database on every call so that a
 * removed role or permission takes effect at once (the access token carries only the user id).
 */
import { sql, type Kysely } from 'kysely';
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

/** One statement per request: the user and its permissions (an array subquery). */
export async function findCaller(db: Kysely<Database>, userId: string): Promise<Caller | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['user_id', 'email', 'partner_code', 'root_admin', 'support_lead', 'support_admin', 'developer'])
    .select(sql<string[]>`array(select p.permission from user_permissions p where p.user_id = users.user_id order by p.permission)`.as('permissions'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  return {
    userId: user.user_id,
    email: user.email,
    partnerCode: user.partner_code,
    rootAdmin: user.root_admin,
    supportLead: user.support_lead,
    supportAdmin: user.support_admin,
    developer: user.developer,
    permissions: user.permissions,
    isAdmin: user.root_admin || user.support_lead || user.support_admin,
  };
}
