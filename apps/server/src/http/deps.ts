import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AccessTokens } from '../features/auth/access-tokens';
import type { SignInLimiter } from '../features/auth/sign-in-limiter';
import type { MailRequestLimiter } from '../features/sign-up/mail-request-limiter';
import type { Mailer } from '../mail/mailer';
import type { AccountingPortResolver } from '../features/posting/resolve-accounting-port';
import type { ChannelReportFetcher } from '../features/imports/channel-report-fetcher';
import type { JobSender } from '../jobs/job-handler';
import type { SecretBox } from '../security/secret-box';

/** What route handlers receive: passed as arguments, no container. */
export interface Deps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  accessTokens: AccessTokens;
  signInLimiter: SignInLimiter;
  /** Sign-up, resend, reset and email-change requests per IP and per address (features/sign-up). */
  mailRequestLimiter: MailRequestLimiter;
  /** Sends mail: SMTP, or .eml files in the data folder's outbox (mail/mailer.ts). */
  mailer: Mailer;
  /** Encrypts connection credentials at rest (key from config.secret). */
  secretBox: SecretBox;
  /** The accounting system adapter of an account, or null when it has no usable connection. */
  resolveAccountingPort: AccountingPortResolver;
  /** Queues background work (pg-boss); see jobs/job-handlers.ts for the queues. */
  jobs: JobSender;
  /** Fetches a settlement report again from the channel's API (redownload); null when not connected. */
  fetchChannelReport: ChannelReportFetcher;
}
