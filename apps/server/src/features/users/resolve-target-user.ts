import type { Kysely } from 'kysely';

import type { Database } from '@ledgerport/db';
import { AppError } from '../../http/app-error';
import type { Caller } from '../../http/caller';
import { findUser, type UserRecord } from './user-repository';

/** The user a call is about: the caller, or (admins only) the userId they name. */
export async function resolveTargetUser(db: Kysely<Database>, caller: Caller, userId: string | undefined): Promise<UserRecord> {
  if (userId !== undefined && userId !== caller.userId && !caller.isAdmin) {
    throw new AppError('auth.forbidden', 'You can only see your own user details.');
  }
  const user = await findUser(db, userId ?? caller.userId);
  if (!user) throw new AppError('user.not-found', `There is no user with id "${userId ?? caller.userId}".`);
  return user;
}

