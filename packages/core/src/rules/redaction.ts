/**
 * Deleting an account's data (spec sections 4 and 9, issue 15): an owner asks, the account shows a
 * banner with Cancel, and the data goes once 72 hours have passed, unless cancelled meanwhile.
 */

/** Hours between the request and the deletion (spec section 9: within 72 hours). */
export const REDACTION_DELAY_HOURS = 72;

export function redactionDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + REDACTION_DELAY_HOURS * 3_600_000);
}

export function isRedactionDue(requestedAt: Date | null, now: Date): boolean {
  return requestedAt !== null && redactionDueAt(requestedAt).getTime() <= now.getTime();
}

export type RedactionAction = 'request' | 'cancel';

export type RedactionDecision = { kind: 'request' } | { kind: 'cancel' } | { kind: 'refused'; message: string };

/** Whether a request or a cancel may go ahead, given when deletion was requested (null: not requested). */
export function decideRedaction(action: RedactionAction, requestedAt: Date | null): RedactionDecision {
  if (action === 'request') {
    return requestedAt === null
      ? { kind: 'request' }
      : { kind: 'refused', message: `Deletion of this account's data was already requested on ${requestedAt.toISOString().slice(0, 10)}; it happens after ${redactionDueAt(requestedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC unless cancelled.` };
  }
  return requestedAt === null ? { kind: 'refused', message: "No deletion of this account's data is pending: there is nothing to cancel." } : { kind: 'cancel' };
}
