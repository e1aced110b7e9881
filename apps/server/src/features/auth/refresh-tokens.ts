/**
 * Refresh tokens: opaque random strings, stored as sha256 hashes, 30 days. Each refresh rotates the
 * token (the old one is marked rotated, a new one of the same family is issued). Presenting a token
 * that was already rotated or revoked means it leaked or was replayed: the whole family is revoked,
 * which signs out every device that descends from that sign-in.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function issueRefreshToken(
  db: Kysely<Database>,
  userId: string,
  familyId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: userId, token_hash: hashRefreshToken(token), family_id: familyId, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export function newFamilyId(): string {
  return crypto.randomUUID();
}

export type RotationOutcome =
  | { status: 'rotated'; userId: string; token: string; expiresAt: Date }
  | { status: 'unknown' }
  | { status: 'expired'; userId: string }
  | { status: 'reused'; userId: string; familyId: string };

/** Run inside a transaction: the row is locked so two concurrent refreshes cannot both rotate it. */
export async function rotateRefreshToken(trx: Kysely<Database>, token: string, now: Date): Promise<RotationOutcome> {
  const row = await trx
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashRefreshToken(token))
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.rotated_at || row.revoked_at) {
    await revokeFamily(trx, row.family_id, now);
    return { status: 'reused', userId: row.user_id, familyId: row.family_id };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { status: 'expired', userId: row.user_id };
  await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('refresh_token_id', '=', row.refresh_token_id).execute();
  const next = await issueRefreshToken(trx, row.user_id, row.family_id, now);
  return { status: 'rotated', userId: row.user_id, ...next };
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findFamilyOf(db: Kysely<Database>, token: string): Promise<{ familyId: string; userId: string } | undefined> {
  const row = await db.selectFrom('refresh_tokens').select(['family_id', 'user_id']).where('token_hash', '=', hashRefreshToken(token)).executeTakeFirst();
  return row ? { familyId: row.family_id, userId: row.user_id } : undefined;
}

/** Deletes tokens that expired more than `graceMs` ago (kept a while for reuse detection). */
export async function purgeExpiredRefreshTokens(db: Kysely<Database>, now: Date, graceMs: number): Promise<number> {
  const result = await db
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<', new Date(now.getTime() - graceMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
