/**
 * Issuing a link and mailing it. Two ways, on purpose:
 * - `mailLinkNow` sends inside the caller's transaction and throws 'mail.send-failed' when the mail
 *   cannot go: sign-up and an email change roll back, so nothing half-done remains (no user nobody can
 *   verify, no pending change whose link never left);
 * - `mailLinkLater` commits the link first and sends after answering: a verification resend and a reset
 *   request must answer the same, at the same speed, whether or not the address belongs to a user, so
 *   their mail failures are logged, never reported.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { errorMessages } from '@ledgerport/contract';
import type { OneTimeLinkPurpose } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import type { OutgoingMail } from '../../mail/mailer';
import { linkMail, linkUrlOf } from './link-mails';
import { issueOneTimeLink } from './one-time-links';

export interface LinkRecipient {
  userId: string;
  name: string;
  /** The address the link is sent to and proves. */
  email: string;
}

async function prepare(deps: Deps, trx: Kysely<Database>, to: LinkRecipient, purpose: OneTimeLinkPurpose, now: Date): Promise<OutgoingMail> {
  const { token } = await issueOneTimeLink(trx, { userId: to.userId, purpose, email: to.email, now });
  return linkMail(purpose, to, linkUrlOf(deps.config.publicUrl, purpose, token));
}

export async function mailLinkNow(deps: Deps, trx: Kysely<Database>, to: LinkRecipient, purpose: OneTimeLinkPurpose, now: Date, log: FastifyBaseLogger): Promise<void> {
  const mail = await prepare(deps, trx, to, purpose, now);
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    log.error({ err: error, purpose }, 'could not send a mail');
    throw new AppError('mail.send-failed', errorMessages.mailSendFailed);
  }
}

/** Issues the link in its own transaction and returns a function that sends it (call it after answering). */
export async function mailLinkLater(deps: Deps, to: LinkRecipient, purpose: OneTimeLinkPurpose, now: Date, log: FastifyBaseLogger): Promise<() => void> {
  const mail = await deps.db.transaction().execute((trx) => prepare(deps, trx, to, purpose, now));
  return () => {
    deps.mailer.send(mail).catch((error: unknown) => log.error({ err: error, purpose }, 'could not send a mail'));
  };
}
