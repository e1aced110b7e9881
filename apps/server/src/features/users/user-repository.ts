import { sql, type Kysely } from 'kysely';
import type { UserApplicationPreferences } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';

export interface UserRecord {
  userId: string;
  email: string;
  name: string;
  timeZone: string;
  partnerCode: string | null;
  rootAdmin: boolean;
  supportLead: boolean;
  supportAdmin: boolean;
  developer: boolean;
  billingAccountId: string | null;
  billingData: Record<string, unknown> | null;
  loginEnablingParty: string | null;
  currentAccountKey: string | null;
  permissions: string[];
  isAdmin: boolean;
}

export async function findUser(db: Kysely<Database>, userId: string): Promise<UserRecord | undefined> {
  const u = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!u) return undefined;
  const permissions = await db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).orderBy('permission').execute();
  return {
    userId: u.user_id,
    email: u.email,
    name: u.name,
    timeZone: u.time_zone,
    partnerCode: u.partner_code,
    rootAdmin: u.root_admin,
    supportLead: u.support_lead,
    supportAdmin: u.support_admin,
    developer: u.developer,
    billingAccountId: u.billing_account_id,
    billingData: u.billing_data,
    loginEnablingParty: u.login_enabling_party,
    currentAccountKey: u.current_account_key,
    permissions: permissions.map((p) => p.permission),
    isAdmin: u.root_admin || u.support_lead || u.support_admin,
  };
}

export async function listUserFlags(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_feature_flags').select('flag').where('user_id', '=', userId).orderBy('flag').execute();
  return rows.map((r) => r.flag);
}

export async function findPreferences(db: Kysely<Database>, userId: string): Promise<UserApplicationPreferences> {
  const row = await db
    .selectFrom('user_application_preferences')
    .select(['organization_modal_confirmed', 'paypal_banner_on_shopify_dismissed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    organizationModalConfirmed: row?.organization_modal_confirmed ?? false,
    payPalBannerOnShopifyDismissed: row?.paypal_banner_on_shopify_dismissed ?? false,
  };
}

export async function savePreferences(db: Kysely<Database>, userId: string, prefs: UserApplicationPreferences, at: Date): Promise<void> {
  const values = {
    organization_modal_confirmed: prefs.organizationModalConfirmed,
    paypal_banner_on_shopify_dismissed: prefs.payPalBannerOnShopifyDismissed,
    updated_at: at,
  };
  await db
    .insertInto('user_application_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The user whose email this is, compared case-insensitively (one index on lower(email) keeps them unique). */
export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'email', 'name', 'password_hash', 'email_verified_at'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** A unique violation from PostgreSQL or PGlite (SQLSTATE 23505): a concurrent insert won the race. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
