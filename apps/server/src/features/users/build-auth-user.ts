/**
 * Assembles the AuthUser of spec section 3 and the user meta the web loads at start-up.
 */
import { pendingInvitesOf } from '../account-users/account-users-routes';
import type { Kysely } from 'kysely';
import type { AccountSummary, AuthUser, UserMeta } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import { findAccount, listReachableAccounts, toSummary } from '../accounts/account-repository';
import { findPreferences, listUserFlags, type UserRecord } from './user-repository';
import { accountLevelOf } from '../accounts/account-access';

/**
 * The account the user works in: the stored current account while still reachable (admins keep any
 * account they switched to), else the first account of the sorted list, else none.
 */
export async function resolveAccounts(
  db: Kysely<Database>,
  user: UserRecord,
  accountKeyOverride: string | undefined,
): Promise<{ currentAccountKey: string | null; accounts: AccountSummary[] }> {
  const scope = { userId: user.userId, partnerCode: user.partnerCode };
  const reachable = await listReachableAccounts(db, scope, null);
  const wanted = accountKeyOverride ?? user.currentAccountKey;
  let current: string | null = reachable.find((a) => a.accountKey === wanted)?.accountKey ?? null;
  let accounts = reachable;
  if (!current && wanted && user.isAdmin) {
    const outside = await db
      .selectFrom('accounts')
      .select(['account_key', 'account_name', 'sales_channel', 'accounting_system', 'plan_code', 'organization_id'])
      .where('account_key', '=', wanted)
      .executeTakeFirst();
    if (outside) {
      current = outside.account_key;
      accounts = [...reachable, toSummary(outside, null)];
    }
  }
  if (!current && accountKeyOverride === undefined) current = reachable[0]?.accountKey ?? null;
  return { currentAccountKey: current, accounts: accounts.map((a) => ({ ...a, isCurrent: a.accountKey === current })) };
}

export async function buildAuthUser(db: Kysely<Database>, user: UserRecord, accountKeyOverride: string | undefined): Promise<AuthUser> {
  const { currentAccountKey, accounts } = await resolveAccounts(db, user, accountKeyOverride);
  const userFlags = await listUserFlags(db, user.userId);
  const accountFlags = currentAccountKey
    ? (await db.selectFrom('account_feature_flags').select('flag').where('account_key', '=', currentAccountKey).execute()).map((r) => r.flag)
    : [];
  return {
    userId: user.userId,
    email: user.email,
    currentAccount: currentAccountKey,
    partnerCode: user.partnerCode,
    accountsThatCanBeAccessedByThisUser: accounts,
    rootAdmin: user.rootAdmin,
    supportLead: user.supportLead,
    developer: user.developer,
    supportAdmin: user.supportAdmin,
    billingAccountId: user.billingAccountId,
    billingData: user.billingData,
    loginEnablingParty: user.loginEnablingParty as AuthUser['loginEnablingParty'],
    permissions: user.permissions,
    canAccessPartnerOverview: user.partnerCode !== null || user.rootAdmin,
    canAccessTeams: user.partnerCode !== null,
    // Open invites to the user's address (Account Settings > Users), accepted or declined in the app.
    pendingInvites: await pendingInvitesOf(db, user.email, new Date()),
    featureFlags: [...new Set([...userFlags, ...accountFlags])].sort(),
    userApplicationPreferences: await findPreferences(db, user.userId),
  };
}

export async function buildUserMeta(db: Kysely<Database>, user: UserRecord, accountKeyOverride: string | undefined, now: Date): Promise<UserMeta> {
  const authUser = await buildAuthUser(db, user, accountKeyOverride);
  const currentAccount = authUser.currentAccount
    ? ((await findAccount(db, authUser.currentAccount, { now, withSettings: false, scope: { userId: user.userId, partnerCode: user.partnerCode } })) ?? null)
    : null;
  return {
    user: authUser,
    currentAccount,
    accessLevel: currentAccount ? await accountLevelOf(db, user, currentAccount.accountKey) : null,
    featureFlags: authUser.featureFlags,
    userApplicationPreferences: authUser.userApplicationPreferences,
    permissions: authUser.permissions,
  };
}
