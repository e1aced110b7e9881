import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { Clock } from '../clock';
import type { PlanFeature } from '@ledgerport/core/billing';
import type { Config } from '../config';
import type { Caller } from './caller';
import type { AccessTokens } from '../security/access-tokens';
import type { SignInLimiter } from '../security/sign-in-limiter';
import type { MailRequestLimiter } from '../security/mail-request-limiter';
import type { Mailer } from '../mail/mailer';
import type { AccountingPortResolver } from './accounting-port-resolver';
import type { ChannelReportFetcher } from './channel-report-fetcher';
import type { JobSender } from './job-sender';
import type { SecretBox } from '../security/secret-box';
import type { Metrics } from '../telemetry/metrics';

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
  /** Queues background work (pg-boss); see job-registry.ts for the queues. */
  jobs: JobSender;
  /** Fetches a settlement report again from the channel's API (redownload); null when not connected. */
  fetchChannelReport: ChannelReportFetcher;
  /**
   * The plan gate addRoute runs before the handler of a route that declares a plan feature (decision
   * 0040). The composition passes billing's assertPlanFeature; http knows no feature.
   */
  planGate: PlanGate;
  /** Counts what an operator watches (telemetry/metrics.ts): imports, sends, upload bytes. */
  metrics: Metrics;
}

/** Refuses (throws an AppError) when the account a request names has no plan with `feature`. */
export type PlanGate = (deps: Deps, caller: Caller | null, request: { query?: unknown; body?: unknown; params?: unknown }, feature: PlanFeature) => Promise<void>;
