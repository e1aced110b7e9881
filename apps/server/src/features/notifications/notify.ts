/**
 * Writes notifications (decision 0023), inside the caller's transaction, so a notification exists
 * exactly when the event it tells of was committed. Each user's settings for the kind decide whether a
 * row is written, whether it shows in the app and how it is mailed (core's notificationDeliveryOf);
 * the mail jobs (notification-mail-jobs.ts) mail the rows later. One or two short statements: a hook
 * adds no work a failing event could not roll back with it.
 *
 * Who hears of an account: its direct members and the members of its organization. Partner firms and
 * staff reach accounts too but are not told of each one's events; Clarity view-only users (the
 * CLARITY_VIEW_ONLY permission) see no notifications at all (spec section 6).
 */
import { sql, type Kysely } from 'kysely';
import { notificationDeliveryOf, resolveNotificationPreferences, type NotificationKind } from '@ledgerport/core/rules';
import type { Database } from '@ledgerport/db';

export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the web app without /app ('/settlement?settlementKey=…'), or null. */
  link: string | null;
  at: Date;
  /** The settlement keys it is about: core's resolveNotification reads their state to tell when its cause is gone. */
  subjects?: readonly string[];
}

const TITLE_MAX = 200;
const BODY_MAX = 2000;

/** One notification for every user who hears of the account's events; answers how many rows were written. */
export async function notifyAccount(trx: Kysely<Database>, input: NotificationContent & { accountKey: string }): Promise<number> {
  const { rows } = await sql<{ user_id: string }>`select distinct u.user_id from users u
    where (exists (select 1 from account_memberships am where am.account_key = ${input.accountKey} and am.user_id = u.user_id)
        or exists (select 1 from organization_memberships om join accounts a on a.organization_id = om.organization_id
                   where a.account_key = ${input.accountKey} and om.user_id = u.user_id))
      and not exists (select 1 from user_permissions p where p.user_id = u.user_id and p.permission = 'CLARITY_VIEW_ONLY')`.execute(trx);
  return insertFor(
    trx,
    rows.map((r) => r.user_id),
    input.accountKey,
    input,
  );
}

/** One notification for one user (an invite: about an account they cannot open yet, so accountKey is usually null). */
export async function notifyUser(trx: Kysely<Database>, input: NotificationContent & { userId: string; accountKey?: string | null }): Promise<number> {
  const isClarityViewOnly = await trx.selectFrom('user_permissions').select('user_id').where('user_id', '=', input.userId).where('permission', '=', 'CLARITY_VIEW_ONLY').executeTakeFirst();
  if (isClarityViewOnly) return 0;
  return insertFor(trx, [input.userId], input.accountKey ?? null, input);
}

async function insertFor(trx: Kysely<Database>, userIds: string[], accountKey: string | null, input: NotificationContent): Promise<number> {
  if (userIds.length === 0) return 0;
  const stored = await trx.selectFrom('notification_settings').select(['user_id', 'kind', 'in_app', 'email_mode']).where('user_id', 'in', userIds).where('kind', '=', input.kind).execute();
  const values = userIds.flatMap((userId) => {
    const mine = stored.filter((s) => s.user_id === userId).map((s) => ({ kind: s.kind, inApp: s.in_app, email: s.email_mode }));
    const delivery = notificationDeliveryOf(resolveNotificationPreferences(mine)[input.kind]);
    if (!delivery) return [];
    return [
      {
        user_id: userId,
        account_key: accountKey,
        kind: input.kind,
        title: input.title.slice(0, TITLE_MAX),
        body: input.body.slice(0, BODY_MAX),
        link_path: input.link,
        subjects: JSON.stringify(input.subjects ?? []),
        is_shown_in_app: delivery.isShownInApp,
        email_mode: delivery.email,
        created_at: input.at,
      },
    ];
  });
  if (values.length === 0) return 0;
  await trx.insertInto('notifications').values(values).execute();
  return values.length;
}
