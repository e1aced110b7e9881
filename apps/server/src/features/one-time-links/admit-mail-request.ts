import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '@ledgerport/contract';
import { AppError } from '../../http/app-error';
import type { Deps } from '../../http/deps';
import type { MailRequestKind } from '../../security/mail-request-limiter';

/** Counts the request against its limits, or refuses it with 429 and Retry-After (as sign-in does). */
export async function admitMailRequest(deps: Deps, request: FastifyRequest, reply: FastifyReply, kind: MailRequestKind, email?: string): Promise<void> {
  const admission = await deps.mailRequestLimiter.admit(deps.db, kind, request.ip, email);
  if (admission.allowed) return;
  void reply.header('retry-after', String(admission.retryAfterSeconds));
  throw new AppError('auth.rate-limited', errorMessages.mailRequestRateLimited);
}
