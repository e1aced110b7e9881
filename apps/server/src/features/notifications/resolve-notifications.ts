/**
 * Notifications whose cause is gone (issue 26, decision 0055): on each read of the list or the unread
 * count, the caller's unread notifications that name settlements are checked against those settlements
 * now, by core's resolveNotification (one rule per kind). A resolved one gets its sentence
 * (`resolution`), `resolved_at` and `read_at`, so it leaves the unread count and says why.
 * A few short statements per read: only unread rows with subjects, and their settlements by key.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { NOTIFICATION_KINDS, isResolvableKind, resolveNotification, type NotificationSubjectFacts } from '@ledgerport/core/rules';

const RESOLVABLE = NOTIFICATION_KINDS.filter(isResolvableKind);
/** The unread notifications checked per read: the bell polls every minute, so the rest wait for the next. */
const CHECKED_MAX = 200;

export async function resolveClearedNotifications(db: Kysely<Database>, userId: string, at: Date): Promise<number> {
  const open = await db
    .selectFrom('notifications')
    .select(['notification_id', 'account_key', 'kind', 'subjects'])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('resolved_at', 'is', null)
    .where('kind', 'in', RESOLVABLE)
    .orderBy('notification_id', 'desc')
    .limit(CHECKED_MAX)
    .execute();
  const withSubjects = open.filter((n) => Array.isArray(n.subjects) && n.subjects.length > 0);
  if (withSubjects.length === 0) return 0;
  // Settlements are read per account (account_key first, decision 0042), so each statement is routed
  // to one shard of a distributed database; a notification about an account is only about its settlements.
  const byAccount = new Map<string, Set<string>>();
  for (const n of withSubjects) {
    if (n.account_key === null) continue;
    const keys = byAccount.get(n.account_key) ?? new Set<string>();
    for (const k of n.subjects) keys.add(k);
    byAccount.set(n.account_key, keys);
  }
  const byKey = new Map<string, { settlement_key: string; accounts_mapped: boolean; inconsistent: boolean; posting_status: string }>();
  for (const [accountKey, keys] of byAccount) {
    const rows = await db
      .selectFrom('settlements')
      .select(['settlement_key', 'accounts_mapped', 'inconsistent', 'posting_status'])
      .where('account_key', '=', accountKey)
      .where('settlement_key', 'in', [...keys])
      .execute();
    for (const r of rows) byKey.set(r.settlement_key, r);
  }
  const factsOf = (key: string): NotificationSubjectFacts => {
    const r = byKey.get(key);
    return r
      ? { settlementKey: key, isStored: true, isMapped: r.accounts_mapped, isInconsistent: r.inconsistent, isPosted: r.posting_status === 'POSTED' }
      : { settlementKey: key, isStored: false, isMapped: false, isInconsistent: false, isPosted: false };
  };
  let resolved = 0;
  for (const n of withSubjects) {
    if (n.account_key === null) continue;
    const verdict = resolveNotification(n.kind, n.subjects.map(factsOf));
    if (!verdict.isResolved) continue;
    const r = await db
      .updateTable('notifications')
      .set({ resolved_at: at, resolution: verdict.resolution, read_at: at })
      .where('notification_id', '=', n.notification_id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    resolved += Number(r.numUpdatedRows);
  }
  return resolved;
}
