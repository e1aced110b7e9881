/**
 * The one error shape every 4xx/5xx answer uses, the namespaced codes, and the table mapping each
 * code to its HTTP status. The web branches on `code`; `message` is a sentence for the user.
 */
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.string(),
    httpStatusCode: z.number().int(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One invalid field of a request: where (dotted path, '' for the whole part) and what is wrong. */
export interface InvalidField {
  path: string;
  message: string;
}

export const errorStatusByCode = {
  'request.invalid': 400,
  'request.malformed-json': 400,
  'request.unsupported-media-type': 415,
  'request.too-large': 413,
  'auth.unauthenticated': 401,
  'auth.invalid-credentials': 401,
  'auth.refresh-token-expired': 401,
  'auth.access-token-expired': 403,
  'auth.forbidden': 403,
  'auth.rate-limited': 429,
  'auth.email-not-verified': 403,
  'auth.link-invalid': 400,
  'user.weak-password': 400,
  'user.wrong-password': 400,
  'mail.send-failed': 502,
  'invite.send-failed': 502,
  'invite.already-member': 409,
  'invite.already-invited': 409,
  'invite.not-found': 404,
  'notification.not-found': 404,
  'invite.link-invalid': 400,
  'member.not-found': 404,
  'member.last-owner': 409,
  'account.not-found': 404,
  'questionnaire.not-found': 404,
  'questionnaire.exists': 409,
  'questionnaire.finalized': 409,
  'questionnaire.incomplete': 422,
  'account.no-credentials': 409,
  'account.not-amazon': 422,
  'inventory.month-not-ended': 422,
  'account.not-shopify': 422,
  'account.wrong-channel': 409,
  'order.not-found': 404,
  'account.feature-not-enabled': 422,
  'account.redaction-state': 409,
  'automation.no-accounting-system': 409,
  'user.not-found': 404,
  'user.email-taken': 409,
  'organization.not-found': 404,
  'team.not-found': 404,
  'team.name-taken': 409,
  'team.not-in-firm': 422,
  'invite.other-firm': 409,
  'clarity.analysis-not-found': 404,
  'clarity.document-not-found': 404,
  'clarity.no-firm': 404,
  'clarity.name-taken': 409,
  'settlement.not-found': 404,
  'settlement.posted': 409,
  'settlement.on-hold': 409,
  'settlement.not-redownloadable': 409,
  'settlement.trial-file-limit': 403,
  'billing.limit': 402,
  'billing.off': 404,
  'billing.not-found': 404,
  'billing.invalid-coupon': 422,
  'billing.plan-change-refused': 409,
  'billing.webhook-invalid': 400,
  'billing.provider-failed': 502,
  'settlement.wrong-channel': 422,
  'settlement.file-problems': 422,
  'settlement.search-invalid': 400,
  'import.not-found': 404,
  'report.not-found': 404,
  'posting.not-found': 404,
  'reconciliation.not-found': 404,
  'reconciliation.file-problems': 400,
  'posting.connection-missing': 409,
  'posting.failed': 502,
  'mapping.invalid': 400,
  'ledger.not-manual': 409,
  'channel.connect-failed': 502,
  'channel.store-mismatch': 409,
  'accounting.connect-failed': 422,
  'accounting.state-invalid': 400,
  'accounting.not-connected': 409,
  'accounting.unavailable': 502,
  'accounting.not-netsuite': 409,
  'channel.not-connected': 409,
  'channel.not-supported': 422,
  'channel.paypal-netsuite': 422,
  'channel.history-blocked': 403,
  'channel.state-invalid': 400,
  'channel.unavailable': 502,
  'cogs.not-enabled': 409,
  'cogs.missing-costs': 409,
  'cogs.not-computed': 409,
  'cogs.accounts-not-found': 409,
  'backend.query-refused': 400,
  'backend.query-failed': 422,
  'not-found': 404,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorStatusByCode;

/** Wording from the product spec's error catalogue (section 8) and the agreed API sketch. */
export const errorMessages = {
  accessTokenExpired: 'Access Token has expired.',
  refreshTokenExpired: 'Refresh Token has expired.',
  signInRateLimited: 'We noticed a lot of sign-in attempts recently. Please wait a few minutes and try again.',
  invalidCredentials: 'The email or password is incorrect.',
  unauthenticated: 'Please sign in.',
  forbidden: 'You do not have permission to do this.',
  accountNotFound: 'This account does not exist or you do not have access to it.',
  settlementNotFound: 'This settlement does not exist or you do not have access to it.',
  postingNotFound: 'This posting does not exist or you do not have access to it.',
  reconciliationReportNotFound: 'This reconciliation report does not exist or you do not have access to it.',
  accountingConnectionMissing: 'The connection to the accounting system is missing. Connect it under Connections, then send again.',
  internal: 'Something went wrong. Please try again later.',
  couldNotConnectSalesSource: 'Could not connect to sales source.',
  verifyEmailSent: "To complete your registration, please verify your email. We've just sent you an email with instructions.",
  couldNotVerifyEmail: 'Could not verify email. Please try again later.',
  mailRequestRateLimited: 'We noticed a lot of requests from here recently. Please wait a few minutes and try again.',
  mailSendFailed: 'We could not send the email. Please try again later.',
  couldNotSendInvite: 'Could not send an invite. Please try again later.',
  passwordResetSent: 'If an account uses this email address, we have sent it a link to reset the password. The link works for one hour.',
  verificationResent: 'If this email address belongs to an account that still needs verifying, we have sent it a new verification link.',
} as const;

export function statusOfErrorCode(code: string): number {
  return (errorStatusByCode as Record<string, number>)[code] ?? 500;
}
