/**
 * An instance's administrator (issue 26, decision 0057): the first sign-up on an instance without a
 * root admin becomes it, and `npx ledgerport admin grant|revoke EMAIL` changes it later. Every change
 * is audited (`user.instance-admin-granted` / `-revoked`, with its reason).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';

/** One lock for "who is the instance's admin", so two first sign-ups cannot both see none. */
const INSTANCE_ADMIN_LOCK = 5_710_026;

/**
 * Inside the sign-up's transaction: makes the new user the root admin when the instance has none.
 * The advisory lock (held to the end of the transaction) serializes concurrent first sign-ups on
 * PostgreSQL; the update's own `not exists` then sees a committed admin. Answers whether it did.
 */
export async function makeFirstSignUpAdmin(trx: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(${INSTANCE_ADMIN_LOCK})`.execute(trx);
  const result = await sql`update users set root_admin = true, updated_at = ${now}
    where user_id = ${userId} and not exists (select 1 from users where root_admin)`.execute(trx);
  if (Number(result.numAffectedRows ?? 0n) !== 1) return false;
  await recordAudit(trx, { actorUserId: null, action: 'user.instance-admin-granted', entityType: 'user', entityId: userId, before: { rootAdmin: false }, after: { rootAdmin: true, reason: 'first-sign-up' }, at: now });
  return true;
}

export interface InstanceAdminState {
  hasUsers: boolean;
  hasRootAdmin: boolean;
}

export async function readInstanceAdminState(db: Kysely<Database>): Promise<InstanceAdminState> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<string>().as('users'), eb.fn.count<string>('user_id').filterWhere('root_admin', '=', true).as('admins')])
    .executeTakeFirstOrThrow();
  return { hasUsers: Number(row.users) > 0, hasRootAdmin: Number(row.admins) > 0 };
}

export type AdminChange = { isChanged: boolean; message: string };

/** `admin grant EMAIL`: that user becomes a root admin. Unknown email: an error naming it. */
export async function grantInstanceAdmin(db: Kysely<Database>, email: string, now: Date): Promise<AdminChange> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${INSTANCE_ADMIN_LOCK})`.execute(trx);
    const user = await findByEmail(trx, email);
    if (user.root_admin) return { isChanged: false, message: `${user.email} is already an administrator of this instance.` };
    await trx.updateTable('users').set({ root_admin: true, updated_at: now }).where('user_id', '=', user.user_id).execute();
    await recordAudit(trx, { actorUserId: null, action: 'user.instance-admin-granted', entityType: 'user', entityId: user.user_id, before: { rootAdmin: false }, after: { rootAdmin: true, reason: 'command', email: user.email }, at: now });
    return { isChanged: true, message: `${user.email} is now an administrator of this instance (root admin).` };
  });
}

/** `admin revoke EMAIL`: no longer a root admin; the last one is kept, so the instance always has one. */
export async function revokeInstanceAdmin(db: Kysely<Database>, email: string, now: Date): Promise<AdminChange> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${INSTANCE_ADMIN_LOCK})`.execute(trx);
    const user = await findByEmail(trx, email);
    if (!user.root_admin) return { isChanged: false, message: `${user.email} is not an administrator of this instance.` };
    const others = await trx.selectFrom('users').select('user_id').where('root_admin', '=', true).where('user_id', '<>', user.user_id).limit(1).executeTakeFirst();
    if (!others) throw new InstanceAdminError(`${user.email} is the only administrator of this instance; grant another user first (npx ledgerport admin grant EMAIL), then revoke.`);
    await trx.updateTable('users').set({ root_admin: false, updated_at: now }).where('user_id', '=', user.user_id).execute();
    await recordAudit(trx, { actorUserId: null, action: 'user.instance-admin-revoked', entityType: 'user', entityId: user.user_id, before: { rootAdmin: true }, after: { rootAdmin: false, reason: 'command', email: user.email }, at: now });
    return { isChanged: true, message: `${user.email} is no longer an administrator of this instance.` };
  });
}

/** A refusal the command prints as it is (exit status 1). */
export class InstanceAdminError extends Error {}

async function findByEmail(trx: Kysely<Database>, email: string) {
  const wanted = email.trim().toLowerCase();
  const user = await trx.selectFrom('users').select(['user_id', 'email', 'root_admin']).where(sql<string>`lower(email)`, '=', wanted).executeTakeFirst();
  if (!user) throw new InstanceAdminError(`No user has the email address ${email.trim()} on this instance. They sign up first (at /app/signup).`);
  return user;
}
