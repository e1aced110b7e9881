/**
 * Refresh tokens: opaque strings, stored as sha256 hashes, 30 days. Each refresh rotates the token
 * (the old one is marked rotated, a new one of the same family is issued). Presenting a token that
 * was already rotated or revoked means it leaked or was replayed: the whole family is revoked, which
 * signs out every device that descends from that sign-in.
 *
 * Except within REFRESH_REUSE_GRACE_MS of its rotation: two tabs of one browser refreshing the same
 * token at once must not sign the user out. The token issued by a rotation is not random but a keyed
 * hash of the token it replaces (HMAC with a key derived from the server secret), so a second use of
 * the just-rotated token can be answered with that same successor without ever storing it: only the
 * hash of each token is in the database, and only a holder of the old token can compute the new one.
 * A sign-in's first token is random, so every family starts from a secret nobody else can derive.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after its rotation a refresh token still answers with its successor instead of counting as reuse. */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
/** Successors followed from a token used within the grace (each a rotation inside those 30 seconds). */
const GRACE_CHAIN_MAX = 5;

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The key of successor tokens, derived from the server secret for this one purpose. */
export function refreshSuccessorKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('ledgerport refresh token successor v1').digest();
}

const successorOf = (key: Buffer, token: string) => crypto.createHmac('sha256', key).update(token).digest('base64url');

export async function issueRefreshToken(
  db: Kysely<Database>,
  userId: string,
  familyId: string,
  now: Date,
  token: string = crypto.randomBytes(32).toString('base64url'),
): Promise<{ token: string; expiresAt: Date }> {
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

/**
 * Run inside a transaction: the row is locked (SELECT ... FOR UPDATE) so of two concurrent refreshes
 * one rotates it and the other, once the first has committed, finds it rotated within the grace and
 * answers the same successor.
 */
export async function rotateRefreshToken(trx: Kysely<Database>, successorKey: Buffer, token: string, now: Date): Promise<RotationOutcome> {
  const row = await trx
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashRefreshToken(token))
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.rotated_at || row.revoked_at) {
    const current = await findGraceSuccessor(trx, successorKey, token, now);
    if (current) return { status: 'rotated', userId: row.user_id, ...current };
    await revokeFamily(trx, row.family_id, now);
    return { status: 'reused', userId: row.user_id, familyId: row.family_id };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { status: 'expired', userId: row.user_id };
  await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('refresh_token_id', '=', row.refresh_token_id).execute();
  const next = await issueRefreshToken(trx, row.user_id, row.family_id, now, successorOf(successorKey, token));
  return { status: 'rotated', userId: row.user_id, ...next };
}

/**
 * The live token a token rotated less than REFRESH_REUSE_GRACE_MS ago was replaced by (following
 * successors rotated within the grace too), or undefined: then its use is a reuse.
 */
async function findGraceSuccessor(trx: Kysely<Database>, successorKey: Buffer, token: string, now: Date): Promise<{ token: string; expiresAt: Date } | undefined> {
  let current = token;
  for (let step = 0; step < GRACE_CHAIN_MAX; step++) {
    const row = await trx.selectFrom('refresh_tokens').select(['rotated_at', 'revoked_at', 'expires_at']).where('token_hash', '=', hashRefreshToken(current)).executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at.getTime() <= now.getTime()) return undefined;
    if (!row.rotated_at) return step === 0 ? undefined : { token: current, expiresAt: row.expires_at };
    if (now.getTime() - row.rotated_at.getTime() > REFRESH_REUSE_GRACE_MS) return undefined;
    current = successorOf(successorKey, current);
  }
  return undefined;
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
