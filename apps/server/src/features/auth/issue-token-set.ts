import type { Kysely } from 'kysely';
import type { TokenSet } from '@ledgerport/contract';
import type { Database } from '@ledgerport/db';
import type { AccessTokens } from '../../security/access-tokens';

/** Both tokens are always issued together: the client replaces its whole token set. */
export async function buildTokenSet(
  db: Kysely<Database>,
  accessTokens: AccessTokens,
  userId: string,
  refresh: { token: string; expiresAt: Date },
): Promise<TokenSet> {
  const user = await db.selectFrom('users').select('email').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const access = await accessTokens.issue(userId);
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshTokenExpiresAt: refresh.expiresAt.toISOString(),
    userId,
    userEmail: user.email,
  };
}
