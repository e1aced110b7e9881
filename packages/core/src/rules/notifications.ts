/**
 * Notifications (issue 15, decision 0023): the kinds, what each does by default, and how a user's
 * preference decides whether a notification is stored, shown in the app and mailed. Pure: the server
 * reads the stored preferences and writes the rows.
 */

export const NOTIFICATION_KINDS = ['send-failed', 'connection-error', 'mappings-needed', 'settlement-inconsistent', 'invite', 'auto-sent'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_EMAIL_MODES = ['off', 'immediate', 'daily-digest'] as const;
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];

export interface NotificationPreference {
  inApp: boolean;
  email: NotificationEmailMode;
}

/** What a person reads in the settings table, the list and the digest's headings. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'send-failed': 'A send failed',
  'connection-error': 'A connection needs attention',
  'mappings-needed': 'A new settlement needs mappings',
  'settlement-inconsistent': 'A settlement is inconsistent',
  invite: 'You were invited to an account',
  'auto-sent': 'A settlement was sent automatically',
};

/**
 * Defaults: what stops the books from being kept (a failed send, a broken connection) is mailed at
 * once; what waits for the bookkeeper's next visit (mappings, an inconsistent settlement, automatic
 * sends) goes into the daily digest; an invite is already a mail of its own, so it is not mailed again.
 * Everything shows in the app.
 */
export function defaultNotificationPreference(kind: NotificationKind): NotificationPreference {
  switch (kind) {
    case 'send-failed':
    case 'connection-error':
      return { inApp: true, email: 'immediate' };
    case 'mappings-needed':
    case 'settlement-inconsistent':
    case 'auto-sent':
      return { inApp: true, email: 'daily-digest' };
    case 'invite':
      return { inApp: true, email: 'off' };
  }
}

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Every kind's preference: the stored one where there is one, else the default. Unknown kinds are ignored. */
export function resolveNotificationPreferences(stored: ReadonlyArray<{ kind: string; inApp: boolean; email: string }>): Record<NotificationKind, NotificationPreference> {
  const out = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, defaultNotificationPreference(k)])) as Record<NotificationKind, NotificationPreference>;
  for (const s of stored) {
    if (!isNotificationKind(s.kind)) continue;
    const email = (NOTIFICATION_EMAIL_MODES as readonly string[]).includes(s.email) ? (s.email as NotificationEmailMode) : out[s.kind].email;
    out[s.kind] = { inApp: s.inApp, email };
  }
  return out;
}

export interface NotificationDelivery {
  isShownInApp: boolean;
  email: NotificationEmailMode;
}

/** How one notification reaches its user; null when the user wants it neither in the app nor by mail (nothing is stored). */
export function notificationDeliveryOf(preference: NotificationPreference): NotificationDelivery | null {
  if (!preference.inApp && preference.email === 'off') return null;
  return { isShownInApp: preference.inApp, email: preference.email };
}

/** A digest's sections: one per kind that has notifications, in the kinds' order, each newest first. */
export function groupNotificationsByKind<T extends { kind: NotificationKind; createdAt: Date }>(items: readonly T[]): Array<{ kind: NotificationKind; label: string; items: T[] }> {
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    items: items.filter((i) => i.kind === kind).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
  })).filter((s) => s.items.length > 0);
}

/** What the server knows of a settlement a notification names, to tell whether its cause is gone. */
export interface NotificationSubjectFacts {
  settlementKey: string;
  /** False when the settlement was deleted. */
  isStored: boolean;
  /** Every type has an account (the cause of "needs mappings"). */
  isMapped: boolean;
  isInconsistent: boolean;
  isPosted: boolean;
}

export type NotificationResolution = { isResolved: false } | { isResolved: true; resolution: string };

/** The kinds whose cause is a state of the settlements they name; the others (invite, auto-sent, connection-error) stay as they are. */
export function isResolvableKind(kind: NotificationKind): boolean {
  return kind === 'mappings-needed' || kind === 'settlement-inconsistent' || kind === 'send-failed';
}

/**
 * Whether a notification's cause is gone (issue 26, decision 0055), one rule per kind, over every
 * settlement it names: "needs mappings" is gone once each is mapped, posted or deleted; "inconsistent"
 * once each is consistent again, posted or deleted; "send failed" once each is posted or deleted. A
 * notification that names nothing (written before subjects were kept) is never resolved by guess.
 */
export function resolveNotification(kind: NotificationKind, subjects: readonly NotificationSubjectFacts[]): NotificationResolution {
  if (!isResolvableKind(kind) || subjects.length === 0) return { isResolved: false };
  const isGone: (s: NotificationSubjectFacts) => boolean =
    kind === 'mappings-needed' ? (s) => !s.isStored || s.isMapped || s.isPosted : kind === 'settlement-inconsistent' ? (s) => !s.isStored || !s.isInconsistent || s.isPosted : (s) => !s.isStored || s.isPosted;
  if (!subjects.every(isGone)) return { isResolved: false };
  const one = subjects.length === 1;
  const them = one ? 'The settlement' : 'Every settlement it named';
  if (subjects.every((s) => !s.isStored)) return { isResolved: true, resolution: `Resolved: ${one ? 'the settlement was' : 'its settlements were'} deleted.` };
  if (subjects.every((s) => !s.isStored || s.isPosted)) return { isResolved: true, resolution: `Resolved: ${them.toLowerCase()} is posted.` };
  switch (kind) {
    case 'mappings-needed':
      return { isResolved: true, resolution: `Resolved: ${them.toLowerCase()} has every type mapped now.` };
    case 'settlement-inconsistent':
      return { isResolved: true, resolution: `Resolved: ${them.toLowerCase()} adds up to its total now.` };
    default:
      return { isResolved: true, resolution: `Resolved: ${them.toLowerCase()} is posted or deleted.` };
  }
}
