/**
 * Outgoing mail (issue 15). With LEDGERPORT_SMTP_URL set, mail goes through that SMTP server
 * (nodemailer; smtps:// for TLS from the start, smtp:// upgrades with STARTTLS when the server offers
 * it). Without it, each mail is written as an .eml file into the data folder's outbox/ and the path
 * is logged, so the embedded default works with no mail server: open the file, or copy its link.
 * Sending is bounded in time, so a dead mail server fails a request instead of hanging it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up message: "SMTP at mail.example.com:587" or the outbox folder. */
  readonly destination: string;
  /** Sends the mail or throws (the caller answers 'could not send'). */
  send(mail: OutgoingMail): Promise<void>;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(config: MailConfig, log: (line: string) => void): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(config.outboxDir, config.from, log);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS,
  });
  return {
    destination: `SMTP at ${url.host}`,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

function createOutboxMailer(outboxDir: string, from: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `files in ${outboxDir} (LEDGERPORT_SMTP_URL is not set)`,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.promises.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      // Sortable by time, unique without a lock between processes.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      log(`Mail "${mail.subject}" to ${mail.to} written to ${file}`);
    },
  };
}
