/**
 * Mails notifications (decision 0023). `mail-immediate-notifications` runs every minute and mails each
 * notification whose user chose 'immediate'; `mail-notification-digests` runs daily at 07:00 UTC and
 * mails each user one message with every 'daily-digest' notification not yet mailed and not yet read.
 *
 * Never twice: a run first claims the rows it will mail by setting emailed_at in one UPDATE that only
 * takes rows where it is still null (a second run, or a second process, finds them taken), then mails.
 * A mail that cannot go gives its rows back (emailed_at null again), so the next run tries again.
 */
import { sql } from 'kysely';
import type { Deps } from '../../http/deps';
import type { JobHandler, JobLog } from '../../jobs/job-handler';
import { digestNotificationMail, immediateNotificationMail, type MailedNotification } from './notification-mail';

export const MAIL_IMMEDIATE_NOTIFICATIONS_QUEUE = 'mail-immediate-notifications';
export const MAIL_NOTIFICATION_DIGESTS_QUEUE = 'mail-notification-digests';

interface ClaimedRow extends MailedNotification {
  notificationId: string;
  email: string;
  userId: string;
  isRead: boolean;
}

type MailDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>;

async function claim(deps: MailDeps, mode: 'immediate' | 'daily-digest'): Promise<ClaimedRow[]> {
  const now = deps.clock();
  const { rows } = await sql<{ notification_id: string; user_id: string; kind: MailedNotification['kind']; title: string; body: string; link_path: string | null; created_at: Date; read_at: Date | null; email: string; account_name: string | null }>`
    with claimed as (
      update notifications set emailed_at = ${now}
      where emailed_at is null and email_mode = ${mode} and created_at <= ${now}
      returning notification_id, user_id, account_key, kind, title, body, link_path, created_at, read_at)
    select c.notification_id, c.user_id, c.kind, c.title, c.body, c.link_path, c.created_at, c.read_at, u.email, a.account_name
    from claimed c join users u on u.user_id = c.user_id left join accounts a on a.account_key = c.account_key
    order by c.notification_id`.execute(deps.db);
  return rows.map((r) => ({
    notificationId: r.notification_id,
    userId: r.user_id,
    email: r.email,
    kind: r.kind,
    title: r.title,
    body: r.body,
    linkPath: r.link_path,
    accountName: r.account_name,
    createdAt: new Date(r.created_at),
    isRead: r.read_at !== null,
  }));
}

async function giveBack(deps: MailDeps, rows: readonly ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await deps.db.updateTable('notifications').set({ emailed_at: null }).where('notification_id', 'in', rows.map((r) => r.notificationId)).execute();
}

/** Mails every claimed immediate notification, one mail each; answers how many went. */
export async function mailImmediateNotifications(deps: MailDeps, log?: JobLog): Promise<number> {
  let sent = 0;
  for (const row of await claim(deps, 'immediate')) {
    try {
      await deps.mailer.send(immediateNotificationMail(row.email, row, deps.config.publicUrl));
      sent++;
    } catch (error) {
      log?.error(`notification ${row.notificationId} could not be mailed: ${(error as Error).message}`);
      await giveBack(deps, [row]);
    }
  }
  return sent;
}

/** Mails each user one digest of their claimed daily-digest notifications (read ones are left out); answers how many mails went. */
export async function mailNotificationDigests(deps: MailDeps, log?: JobLog): Promise<number> {
  const byUser = new Map<string, ClaimedRow[]>();
  for (const row of await claim(deps, 'daily-digest')) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  let sent = 0;
  for (const rows of byUser.values()) {
    const unread = rows.filter((r) => !r.isRead);
    if (unread.length === 0) continue;
    try {
      await deps.mailer.send(digestNotificationMail(unread[0]!.email, unread, deps.config.publicUrl));
      sent++;
    } catch (error) {
      log?.error(`the notification digest to ${unread[0]!.email} could not be mailed: ${(error as Error).message}`);
      await giveBack(deps, rows);
    }
  }
  return sent;
}

export const mailImmediateNotificationsJob: JobHandler = {
  queue: MAIL_IMMEDIATE_NOTIFICATIONS_QUEUE,
  cron: '* * * * *',
  retryLimit: 0,
  async handle(_data, deps, log) {
    const sent = await mailImmediateNotifications(deps, log);
    if (sent > 0) log.info(`mailed ${sent} notification(s)`);
  },
};

export const mailNotificationDigestsJob: JobHandler = {
  queue: MAIL_NOTIFICATION_DIGESTS_QUEUE,
  cron: '0 7 * * *',
  retryLimit: 0,
  async handle(_data, deps, log) {
    const sent = await mailNotificationDigests(deps, log);
    if (sent > 0) log.info(`mailed ${sent} notification digest(s)`);
  },
};
