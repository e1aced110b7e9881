/**
 * The signed-in user behind a request, loaded fresh from the database on every call so that a
 * removed role or permission takes effect at once (the access token carries only the user id).
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { errorMessages } from '@ledgerport/contract';
import type { RouteEffect } from '@ledgerport/core/rules';
import { prepared, type Database, type UsersTable } from '@ledgerport/db';
import { AppError } from './app-error';

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
  /** What the route being served does (its contract entry's effect): the level account checks ask for. */
  effect: RouteEffect;
}

type CallerRow = Pick<Selectable<UsersTable>, 'user_id' | 'email' | 'partner_code' | 'root_admin' | 'support_lead' | 'support_admin' | 'developer'> & { permissions: string[] };

/** SQL condition: the user still exists (a token outlives a removed user until it expires). */
export function userExists(userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from users where user_id = ${userId})`;
}

/** 401 unless the user still exists: what a route that reads its user in its own statement asks when that statement found no row. */
export async function assertUserExists(db: Kysely<Database>, userId: string): Promise<void> {
  const { rows } = await sql<{ ok: boolean }>`select ${userExists(userId)} as ok`.execute(db);
  if (!rows[0]?.ok) throw new AppError('auth.unauthenticated', errorMessages.unauthenticated);
}

/** One statement per request, prepared once per connection: the user and its permissions (an array subquery). */
export async function findCaller(db: Kysely<Database>, userId: string, effect: RouteEffect): Promise<Caller | undefined> {
  const { rows } = await sql<CallerRow>`${prepared()}select user_id, email, partner_code, root_admin, support_lead, support_admin, developer,
    array(select p.permission from user_permissions p where p.user_id = users.user_id order by p.permission) as permissions
  from users where user_id = ${userId}`.execute(db);
  const user = rows[0];
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
    effect,
  };
}
