/**
 * The signed-in user's notifications and notification settings (decision 0023). Every statement is
 * bounded by the caller's user id: another user's notification answers not found, like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  countUnreadNotifications,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  putNotificationSettings,
  type Notification,
  type NotificationSetting,
} from '@ledgerport/contract';
import { defaultNotificationPreference, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, resolveNotificationPreferences } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';
import { addRoute } from '../../http/add-route';
import { AppError } from '../../http/app-error';
import { resolveClearedNotifications } from './resolve-notifications';
import type { Deps } from '../../http/deps';

export function registerNotificationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  addRoute(app, deps, listNotifications, async ({ caller, query }) => {
    await resolveClearedNotifications(db, caller.userId, clock());
    let list = db
      .selectFrom('notifications as n')
      .leftJoin('accounts as a', 'a.account_key', 'n.account_key')
      .selectAll('n')
      .select('a.account_name')
      .where('n.user_id', '=', caller.userId)
      .where('n.is_shown_in_app', '=', true);
    if (query.filter === 'unread') list = list.where('n.read_at', 'is', null);
    if (query.order === 'unread-first') list = list.orderBy(sql`n.read_at is null`, 'desc');
    const rows = await list
      .orderBy('n.notification_id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
    let total = db.selectFrom('notifications').select((e) => e.fn.countAll<string>().as('n')).where('user_id', '=', caller.userId).where('is_shown_in_app', '=', true);
    if (query.filter === 'unread') total = total.where('read_at', 'is', null);
    const totalRows = Number((await total.executeTakeFirstOrThrow()).n);
    return { notifications: rows.map(notificationBody), page: query.page, size: query.size, totalRows, unreadCount: await unreadCountOf(db, caller.userId) };
  });

  addRoute(app, deps, countUnreadNotifications, async ({ caller }) => {
    // The bell's poll: a notification whose cause is gone leaves the count here (decision 0055).
    await resolveClearedNotifications(db, caller.userId, clock());
    return { unreadCount: await unreadCountOf(db, caller.userId) };
  });

  addRoute(app, deps, markNotificationRead, async ({ caller, body }) => {
    const found = await db.selectFrom('notifications').select(['notification_id', 'read_at']).where('notification_id', '=', body.notificationId).where('user_id', '=', caller.userId).where('is_shown_in_app', '=', true).executeTakeFirst();
    if (!found) throw new AppError('notification.not-found', 'This notification does not exist. Refresh the list.', { notificationId: body.notificationId });
    if (found.read_at === null) await db.updateTable('notifications').set({ read_at: clock() }).where('notification_id', '=', found.notification_id).where('user_id', '=', caller.userId).where('read_at', 'is', null).execute();
    const row = await db
      .selectFrom('notifications as n')
      .leftJoin('accounts as a', 'a.account_key', 'n.account_key')
      .selectAll('n')
      .select('a.account_name')
      .where('n.notification_id', '=', found.notification_id)
      .executeTakeFirstOrThrow();
    return { notification: notificationBody(row), unreadCount: await unreadCountOf(db, caller.userId) };
  });

  addRoute(app, deps, markAllNotificationsRead, async ({ caller }) => {
    const result = await db.updateTable('notifications').set({ read_at: clock() }).where('user_id', '=', caller.userId).where('read_at', 'is', null).where('is_shown_in_app', '=', true).executeTakeFirst();
    return { markedCount: Number(result.numUpdatedRows), unreadCount: 0 };
  });

  addRoute(app, deps, getNotificationSettings, async ({ caller }) => ({ settings: await settingsOf(db, caller.userId) }));

  addRoute(app, deps, putNotificationSettings, async ({ caller, body }) => {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      for (const s of body.settings) {
        const isDefault = sameAs(defaultNotificationPreference(s.kind), s);
        // A kind set back to its default has no row, so a later change of the default reaches it.
        if (isDefault) {
          await trx.deleteFrom('notification_settings').where('user_id', '=', caller.userId).where('kind', '=', s.kind).execute();
          continue;
        }
        await trx
          .insertInto('notification_settings')
          .values({ user_id: caller.userId, kind: s.kind, in_app: s.inApp, email_mode: s.email, updated_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ in_app: s.inApp, email_mode: s.email, updated_at: now }))
          .execute();
      }
    });
    return { settings: await settingsOf(db, caller.userId) };
  });
}

function sameAs(a: { inApp: boolean; email: string }, b: { inApp: boolean; email: string }): boolean {
  return a.inApp === b.inApp && a.email === b.email;
}

async function unreadCountOf(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('notifications').select((e) => e.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).where('is_shown_in_app', '=', true).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function settingsOf(db: Kysely<Database>, userId: string): Promise<NotificationSetting[]> {
  const stored = await db.selectFrom('notification_settings').select(['kind', 'in_app', 'email_mode']).where('user_id', '=', userId).execute();
  const resolved = resolveNotificationPreferences(stored.map((s) => ({ kind: s.kind, inApp: s.in_app, email: s.email_mode })));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind], ...resolved[kind], isDefault: sameAs(resolved[kind], defaultNotificationPreference(kind)) }));
}

interface NotificationRow {
  notification_id: string;
  kind: Notification['kind'];
  title: string;
  body: string;
  link_path: string | null;
  account_key: string | null;
  account_name: string | null;
  created_at: Date;
  read_at: Date | null;
  resolved_at: Date | null;
  resolution: string | null;
}

function notificationBody(r: NotificationRow): Notification {
  return {
    notificationId: r.notification_id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    linkPath: r.link_path,
    accountKey: r.account_key,
    accountName: r.account_name,
    createdAt: r.created_at.toISOString(),
    readAt: r.read_at?.toISOString() ?? null,
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    resolution: r.resolution,
  };
}
