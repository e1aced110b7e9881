import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AccessTokens } from '../features/auth/access-tokens';
import type { SignInLimiter } from '../features/auth/sign-in-limiter';

/** What route handlers receive: passed as arguments, no container. */
export interface Deps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  accessTokens: AccessTokens;
  signInLimiter: SignInLimiter;
}
