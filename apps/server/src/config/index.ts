/**
 * The ONLY reader of process.env. Everything else receives a Config.
 * LEDGERPORT_SECRET signs access tokens (and will key encryption at rest); when absent a random one
 * is generated once and kept in the data folder, so restarts keep sessions valid. It is never logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadChannelConfig, type ChannelConfig } from './channel-config';
import type { OpenDbOptions } from '@ledgerport/db';
import { hasOperatorAccountingConfig, loadAccountingConfig, type AccountingConfig } from './accounting-config';
import { loadBillingConfig, type BillingConfig } from './billing-config';
import { loadIdentityProviderConfig, type IdentityProviderConfig } from './identity-provider-config';
import { parseDemoSetting, type DemoSetting } from '@ledgerport/core/rules';
import { loadProcessConfig, type ProcessConfig } from './process-config';

export type { ProcessConfig, ProcessRole } from './process-config';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PGlite data folder inside dataDir; unused when databaseUrl is set. */
  dbDir: string;
  databaseUrl: string | undefined;
  /** Prepare the hottest statements once per PostgreSQL connection (LEDGERPORT_PREPARED_STATEMENTS=on|off, default on; decision 0013). */
  preparedStatements: boolean;
  secret: string;
  webDistDir: string;
  /** Sign-in attempts allowed per email and IP within signInWindowMs. */
  signInAttemptsMax: number;
  signInWindowMs: number;
  /** Sign-in attempts that did not succeed allowed per IP, whatever the emails, within signInIpWindowMs. */
  signInFailuresPerIpMax: number;
  signInIpWindowMs: number;
  /** Largest accepted request body. */
  bodyLimitBytes: number;
  /** Server log level (LEDGERPORT_LOG_LEVEL): fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Sales channel base URLs, our app credentials and fetch schedule (channel-connections/channel-config.ts). */
  channels: ChannelConfig;
  /** Accounting systems' URLs and our app credentials (accounting-connections/accounting-config.ts); default: the vendors'. */
  accounting?: AccountingConfig;
  /** Port of the demo's local accounting sandboxes on 127.0.0.1 (LEDGERPORT_DEMO_SANDBOX_PORT, default 0: any free port; decision 0056). */
  demoSandboxPort?: number;
  /** The operator configured an accounting system (accounting-config.ts's hasOperatorAccountingConfig): the demo sandboxes stay off. */
  isAccountingConfigured?: boolean;
  /** Largest settlement file accepted by an upload (LEDGERPORT_UPLOAD_MAX_MB, default 512). */
  uploadFileBytesMax: number;
  /** Where uploaded files wait for their import job (dataDir/uploads). */
  uploadDir: string;
  /** How mail leaves (mail/mailer.ts): an SMTP server, or .eml files in outboxDir when smtpUrl is unset. */
  mail: MailConfig;
  /** The address people reach the app at, for links in mails (LEDGERPORT_PUBLIC_URL; default http://HOST:PORT). Never taken from a request's Host header. */
  publicUrl: string;
  /** Per client IP within mailRequestWindowMs: sign-ups, and verification resends plus password reset requests. */
  signUpsPerIpMax: number;
  mailRequestsPerIpMax: number;
  /** Mails of one kind (a resend, a reset) sent to one address within mailRequestWindowMs. */
  mailRequestsPerEmailMax: number;
  mailRequestWindowMs: number;
  /** Stripe billing (features/billing/billing-config.ts); undefined: billing off, every account unlimited. */
  billing?: BillingConfig;
  /** Conversion tracking's id (LEDGERPORT_CONVERSION_TRACKING_ID); unset: tracking off (issue 30). */
  conversionTrackingId?: string;
  /** LEDGERPORT_DEMO: on, off or auto (unset): when the demo data loads and a public HOST is refused (core's rules/demo-data.ts, decision 0057). */
  demo: DemoSetting;
  /** Sign-in with Google, Intuit and Xero over OpenID Connect (identity-provider-config.ts): only the configured ones. */
  identityProviders: IdentityProviderConfig[];
  /** LEDGERPORT_ROLE, LEDGERPORT_WORKERS and LEDGERPORT_METRICS_TOKEN (process-config.ts); unset in tests: one process of role all, no /metrics. */
  processes?: ProcessConfig;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL with optional user:password (LEDGERPORT_SMTP_URL); undefined writes to outboxDir. */
  smtpUrl: string | undefined;
  /** From address (LEDGERPORT_MAIL_FROM). */
  from: string;
  /** dataDir/outbox. */
  outboxDir: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_PORT = 8070;
/** apps/web/dist, found from this file so the server can start from any working directory. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const SECRET_FILE = 'secret';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.LEDGERPORT_DATA_DIR || '.ledgerport');
  const port = env.PORT ? Number.parseInt(env.PORT, 10) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a number from 0 to 65535, got "${env.PORT}".`);
  // warn by default: the console shows the start-up message and problems, not one line per request.
  const logLevel = env.LEDGERPORT_LOG_LEVEL || 'warn';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LEDGERPORT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    databaseUrl: env.DATABASE_URL || undefined,
    preparedStatements: readOnOff('LEDGERPORT_PREPARED_STATEMENTS', env.LEDGERPORT_PREPARED_STATEMENTS, true),
    secret: env.LEDGERPORT_SECRET || readOrCreateSecret(dataDir),
    webDistDir: env.LEDGERPORT_WEB_DIST ? path.resolve(env.LEDGERPORT_WEB_DIST) : DEFAULT_WEB_DIST,
    signInAttemptsMax: readSignInAttemptsMax(env.LEDGERPORT_SIGN_IN_ATTEMPTS_MAX),
    signInWindowMs: 10 * 60 * 1000,
    signInFailuresPerIpMax: 30,
    signInIpWindowMs: 15 * 60 * 1000,
    bodyLimitBytes: 1024 * 1024,
    logLevel,
    channels: loadChannelConfig(env),
    accounting: loadAccountingConfig(env),
    demoSandboxPort: readDemoSandboxPort(env.LEDGERPORT_DEMO_SANDBOX_PORT),
    isAccountingConfigured: hasOperatorAccountingConfig(env),
    uploadFileBytesMax: readUploadMaxMb(env.LEDGERPORT_UPLOAD_MAX_MB) * 1024 * 1024,
    uploadDir: path.join(dataDir, 'uploads'),
    mail: { smtpUrl: readSmtpUrl(env.LEDGERPORT_SMTP_URL), from: env.LEDGERPORT_MAIL_FROM || 'Ledgerport <no-reply@ledgerport.local>', outboxDir: path.join(dataDir, 'outbox') },
    publicUrl: readPublicUrl(env.LEDGERPORT_PUBLIC_URL, env.HOST || '127.0.0.1', port),
    signUpsPerIpMax: 10,
    mailRequestsPerIpMax: 20,
    mailRequestsPerEmailMax: 3,
    mailRequestWindowMs: 60 * 60 * 1000,
    billing: loadBillingConfig(env),
    demo: readDemoSetting(env.LEDGERPORT_DEMO),
    identityProviders: loadIdentityProviderConfig(env),
    ...readConversionTrackingId(env.LEDGERPORT_CONVERSION_TRACKING_ID),
    processes: loadProcessConfig(env, Boolean(env.DATABASE_URL)),
  };
}

function readConversionTrackingId(text: string | undefined): { conversionTrackingId?: string } {
  if (!text) return {};
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) throw new Error(`LEDGERPORT_CONVERSION_TRACKING_ID must be 1 to 64 letters, digits, '-' or '_', got "${text}".`);
  return { conversionTrackingId: text };
}

function readDemoSandboxPort(text: string | undefined): number {
  if (!text) return 0;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`LEDGERPORT_DEMO_SANDBOX_PORT must be a number from 0 to 65535 (0: any free port), got "${text}".`);
  return port;
}

function readDemoSetting(text: string | undefined): DemoSetting {
  const parsed = parseDemoSetting(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.setting;
}

function readSmtpUrl(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`LEDGERPORT_SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587, got something that is not a URL.`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`LEDGERPORT_SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//".`);
  return text;
}

function readPublicUrl(text: string | undefined, host: string, port: number): string {
  const value = text || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`LEDGERPORT_PUBLIC_URL must be a URL such as https://ledgerport.example.com, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`LEDGERPORT_PUBLIC_URL must start with http:// or https://, got "${value}".`);
  return url.origin;
}

/** openDb's options for the configured database: PostgreSQL at DATABASE_URL, else the embedded one in dbDir. */
export function dbOptionsOf(config: Config, extra: Pick<OpenDbOptions, 'migrate'> = {}): OpenDbOptions {
  return config.databaseUrl ? { url: config.databaseUrl, preparedStatements: config.preparedStatements, ...extra } : { dataDir: config.dbDir, ...extra };
}

function readOnOff(name: string, text: string | undefined, fallback: boolean): boolean {
  if (text === undefined || text === '') return fallback;
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw new Error(`${name} must be on or off, got "${text}".`);
}

/** Sign-ins allowed per email and IP in ten minutes, right or wrong (10 unless a test server raises it). */
function readSignInAttemptsMax(text: string | undefined): number {
  if (!text) return 10;
  const max = Number.parseInt(text, 10);
  if (!Number.isInteger(max) || max < 1 || max > 1000 || String(max) !== text.trim()) throw new Error(`LEDGERPORT_SIGN_IN_ATTEMPTS_MAX must be a whole number from 1 to 1000, got "${text}".`);
  return max;
}

function readUploadMaxMb(text: string | undefined): number {
  if (!text) return 512;
  const mb = Number.parseInt(text, 10);
  if (!Number.isInteger(mb) || mb < 1 || String(mb) !== text.trim()) throw new Error(`LEDGERPORT_UPLOAD_MAX_MB must be a whole number of megabytes, got "${text}".`);
  return mb;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs, so both sign with the same key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
  return secret;
}
