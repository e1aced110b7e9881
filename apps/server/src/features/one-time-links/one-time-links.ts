/**
 * The tokens of mailed links (issue 15): 32 random bytes, sent once in the mail, stored only as a
 * SHA-256 hash with the purpose, the address the link proves and an expiry (core's ONE_TIME_LINK_TTL_MS).
 * A link is used once: its row is read FOR UPDATE and marked used in the same transaction as what it
 * does, so two clicks at once cannot both act. Only the newest link of a purpose works: asking for
 * another makes the earlier ones stale. Core's decideOneTimeLink says which answer a link gets.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { decideOneTimeLink, linkExpiryOf, type LinkVerdict, type OneTimeLinkPurpose } from '@ledgerport/core/rules';

export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function issueOneTimeLink(
  trx: Kysely<Database>,
  link: { userId: string; purpose: OneTimeLinkPurpose; email: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = linkExpiryOf(link.purpose, link.now);
  await trx
    .insertInto('one_time_links')
    .values({ user_id: link.userId, purpose: link.purpose, token_hash: hashLinkToken(token), email: link.email, created_at: link.now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export interface PresentedLink {
  linkId: string;
  userId: string;
  purpose: OneTimeLinkPurpose;
  email: string;
}

export type LinkUse = { verdict: 'valid'; link: PresentedLink } | { verdict: Exclude<LinkVerdict, 'valid'> | 'unknown'; purpose: OneTimeLinkPurpose | undefined };

/**
 * Run inside the transaction that acts on the link: a valid link is marked used there. `isDone` tells
 * whether what the link asks for already happened (the email is already verified, already the user's),
 * which makes a never-clicked link answer 'used' rather than act twice.
 */
export async function useOneTimeLink(
  trx: Kysely<Database>,
  token: string,
  purposes: readonly OneTimeLinkPurpose[],
  now: Date,
  isDone: (link: PresentedLink) => Promise<boolean> = () => Promise.resolve(false),
): Promise<LinkUse> {
  const row = await trx.selectFrom('one_time_links').selectAll().where('token_hash', '=', hashLinkToken(token)).forUpdate().executeTakeFirst();
  if (!row || !purposes.includes(row.purpose)) return { verdict: 'unknown', purpose: row?.purpose };
  const link: PresentedLink = { linkId: row.link_id, userId: row.user_id, purpose: row.purpose, email: row.email };
  const newer = await trx
    .selectFrom('one_time_links')
    .select('link_id')
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', row.purpose)
    .where('link_id', '>', row.link_id)
    .limit(1)
    .executeTakeFirst();
  const usedAt = row.used_at ?? ((await isDone(link)) ? now : null);
  const verdict = decideOneTimeLink({ purpose: row.purpose, expiresAt: row.expires_at, usedAt, isSuperseded: newer !== undefined }, now);
  if (verdict !== 'valid') return { verdict, purpose: row.purpose };
  await trx.updateTable('one_time_links').set({ used_at: now }).where('link_id', '=', row.link_id).execute();
  return { verdict, link };
}

/** The newest unused, unexpired link of a purpose (the profile's pending email change). */
export async function findLiveLink(db: Kysely<Database>, userId: string, purpose: OneTimeLinkPurpose, now: Date): Promise<{ email: string } | undefined> {
  const row = await db
    .selectFrom('one_time_links')
    .select(['email', 'used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('link_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) return undefined;
  return { email: row.email };
}
