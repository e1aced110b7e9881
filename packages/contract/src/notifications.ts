/**
 * Notifications (issue 15, decision 0023): the signed-in user's own notifications (the bell's count,
 * the /notifications page) and their notification settings (/user/settings/notifications). Every call
 * is about the caller alone (effect self): a user never reads or marks another's notification.
 */
import { z } from 'zod';
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from '@ledgerport/core/rules';
import { defineEndpoint } from './endpoint';
import { safeTextSchema } from './safe-text';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, `Choose a kind: ${NOTIFICATION_KINDS.join(', ')}.`);
export const notificationEmailModeSchema = z.enum(NOTIFICATION_EMAIL_MODES, 'Choose off, immediate or daily-digest for email.');
const notificationIdSchema = safeTextSchema.trim().regex(/^\d{1,18}$/, 'The notificationId is not valid.');

export const notificationSchema = z
  .object({
    notificationId: z.string(),
    kind: notificationKindSchema,
    title: z.string(),
    body: z.string(),
    /** Where to look, a path of the web app (without /app): '/settlement?settlementKey=…'. */
    linkPath: z.string().nullable(),
    /** The account it is about (the web app switches to it before following the link); null for the user's own (an invite). */
    accountKey: z.string().nullable(),
    accountName: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    /** When its cause was found gone (core's resolveNotification), and the sentence that says so; it then leaves the unread count. */
    resolvedAt: z.string().nullable(),
    resolution: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const listNotifications = defineEndpoint({
  method: 'GET',
  url: '/notifications/list',
  summary: "One page of the caller's notifications, newest first (or unread first), optionally only the unread ones, with the unread count.",
  tag: 'notifications',
  access: 'user',
  effect: 'self',
  querystring: z.strictObject({
    page: z.coerce.number().int('page must be a whole number.').min(0, 'page starts at 0.').max(100_000).default(0),
    size: z.coerce.number().int('size must be a whole number.').min(1, 'size must be at least 1.').max(100, 'size must be at most 100.').default(20),
    filter: z.enum(['all', 'unread'], 'filter is all or unread.').default('all'),
    order: z.enum(['newest', 'unread-first'], 'order is newest or unread-first.').default('newest'),
  }),
  response: z.object({ notifications: z.array(notificationSchema), page: z.number().int(), size: z.number().int(), totalRows: z.number().int(), unreadCount: z.number().int() }),
});

export const countUnreadNotifications = defineEndpoint({
  method: 'GET',
  url: '/notifications/unread-count',
  summary: "How many of the caller's notifications are unread (the bell's badge).",
  tag: 'notifications',
  access: 'user',
  effect: 'self',
  response: z.object({ unreadCount: z.number().int() }),
});

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  url: '/notifications/mark-read',
  summary: "Mark one of the caller's notifications read (again: no change). Another user's answers not found.",
  tag: 'notifications',
  access: 'user',
  effect: 'self',
  body: z.strictObject({ notificationId: notificationIdSchema }),
  response: z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  url: '/notifications/mark-all-read',
  summary: "Mark every unread notification of the caller read.",
  tag: 'notifications',
  access: 'user',
  effect: 'self',
  response: z.object({ markedCount: z.number().int(), unreadCount: z.number().int() }),
});

export const notificationSettingSchema = z
  .object({ kind: notificationKindSchema, label: z.string(), inApp: z.boolean(), email: notificationEmailModeSchema, isDefault: z.boolean() })
  .meta({ id: 'NotificationSetting' });
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
const notificationSettingsSchema = z.object({ settings: z.array(notificationSettingSchema) });

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  url: '/notifications/settings',
  summary: "The caller's notification settings: for each kind, in the app or not, and email off, immediate or in the daily digest.",
  tag: 'notifications',
  access: 'user',
  effect: 'self',
  response: notificationSettingsSchema,
});

export const putNotificationSettings = defineEndpoint({
  method: 'PUT',
  url: '/notifications/settings',
  summary: "Save the caller's notification settings for the kinds given (the others keep theirs). Applies to notifications made from then on.",
  tag: 'notifications',
  access: 'user',
  effect: 'self',
  body: z.strictObject({
    settings: z
      .array(z.strictObject({ kind: notificationKindSchema, inApp: z.boolean('inApp is true or false.'), email: notificationEmailModeSchema }))
      .min(1, 'Give at least one setting.')
      .max(NOTIFICATION_KINDS.length, `Give at most ${NOTIFICATION_KINDS.length} settings, one per kind.`)
      .refine((s) => new Set(s.map((x) => x.kind)).size === s.length, 'Give each kind once.'),
  }),
  response: notificationSettingsSchema,
});
