/**
 * Settings > PayPal and Amazon Pay (migration 0044, decision 0044): one row per saved version of a
 * source's settings, never updated; the latest is current. No row: core's defaults (everything
 * imported and posted as before). postingSettingsOf and the settlement detail read them for posting;
 * the channel fetch for what it imports.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { AmazonPayPosting, PayPalPosting } from '@ledgerport/core/posting';

export type PaymentSource = 'paypal' | 'amazon-pay';

export const PAYPAL_DEFAULT: PayPalPosting = { excludedAccountIds: [], currencies: [] };
export const AMAZON_PAY_DEFAULT: AmazonPayPosting = { isEnabled: false, clearingAccount: null, isSeparate: false };

export interface SourceVersion<T> {
  version: number;
  settings: T;
  createdAt: Date | null;
  createdBy: string | null;
}

export async function findSourceSettings<T>(db: Kysely<Database>, accountKey: string, source: PaymentSource, fallback: T): Promise<SourceVersion<T>> {
  const row = await db
    .selectFrom('payment_source_settings as p')
    .leftJoin('users as u', 'u.user_id', 'p.created_by')
    .select(['p.version', 'p.settings', 'p.created_at', 'u.email'])
    .where('p.account_key', '=', accountKey)
    .where('p.source', '=', source)
    .orderBy('p.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { version: 0, settings: fallback, createdAt: null, createdBy: null };
  return { version: row.version, settings: row.settings as T, createdAt: row.created_at, createdBy: row.email };
}

/** Stores the next version (call inside the transaction that records the audit entry). */
export async function insertSourceSettings(trx: Kysely<Database>, accountKey: string, source: PaymentSource, settings: PayPalPosting | AmazonPayPosting, userId: string, at: Date): Promise<number> {
  const latest = await trx.selectFrom('payment_source_settings').select((eb) => eb.fn.max('version').as('version')).where('account_key', '=', accountKey).where('source', '=', source).executeTakeFirst();
  const version = Number(latest?.version ?? 0) + 1;
  await trx.insertInto('payment_source_settings').values({ account_key: accountKey, source, version, settings: JSON.stringify(settings), created_by: userId, created_at: at }).execute();
  return version;
}

/**
 * What posting takes of them for an account: PayPal's for a PayPal account, Amazon Pay's for an
 * Amazon account that still has the enableAmazonPay feature; nothing saved, nothing.
 */
export async function findPaymentSourcePosting(db: Kysely<Database>, accountKey: string): Promise<{ paypal?: PayPalPosting; amazonPay?: AmazonPayPosting }> {
  const account = await db
    .selectFrom('accounts as a')
    .leftJoin('account_features as f', 'f.account_key', 'a.account_key')
    .select(['a.sales_channel', 'f.enable_amazon_pay'])
    .where('a.account_key', '=', accountKey)
    .executeTakeFirst();
  return account ? paymentSourcePostingOf(db, accountKey, account.sales_channel, account.enable_amazon_pay === true) : {};
}

/** The same from the account's channel and Amazon Pay feature already read (the settlement detail's statement): no query unless one applies. */
export async function paymentSourcePostingOf(db: Kysely<Database>, accountKey: string, salesChannel: string, isAmazonPayEnabled: boolean): Promise<{ paypal?: PayPalPosting; amazonPay?: AmazonPayPosting }> {
  if (salesChannel === 'PAYPAL') {
    const found = await findSourceSettings(db, accountKey, 'paypal', PAYPAL_DEFAULT);
    return found.version === 0 ? {} : { paypal: found.settings };
  }
  if (salesChannel === 'AMAZON' && isAmazonPayEnabled) {
    const found = await findSourceSettings(db, accountKey, 'amazon-pay', AMAZON_PAY_DEFAULT);
    return found.version === 0 ? {} : { amazonPay: found.settings };
  }
  return {};
}
