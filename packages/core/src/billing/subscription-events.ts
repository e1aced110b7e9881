/**
 * Webhooks drive the subscription state (issue 16). Stripe sends events at least once and in no
 * guaranteed order, so an event changes the stored subscription only when it is newer than what
 * the stored state came from: a later `created` second, or the same second and a status that comes
 * later in the subscription's life (Stripe's `created` has one-second precision).
 */
import type { SubscriptionStatus } from './decide-billing-limit';

const STATUS_ORDER: Readonly<Record<SubscriptionStatus, number>> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  paused: 4,
  incomplete_expired: 5,
  canceled: 5,
};

export interface SubscriptionEventStamp {
  /** The event's `created`, seconds since the epoch. */
  createdSeconds: number;
  status: SubscriptionStatus;
}

/** True when the incoming event should replace the stored state (none stored: always). */
export function isNewerSubscriptionEvent(stored: SubscriptionEventStamp | null, incoming: SubscriptionEventStamp): boolean {
  if (stored === null) return true;
  if (incoming.createdSeconds !== stored.createdSeconds) return incoming.createdSeconds > stored.createdSeconds;
  return STATUS_ORDER[incoming.status] >= STATUS_ORDER[stored.status];
}

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return Object.hasOwn(STATUS_ORDER, value);
}
