/**
 * The sentences of each kind of notification, one function per event, so each hook in the code that
 * sees the event is one line (decision 0023). Each writes through notifyAccount/notifyUser inside the
 * caller's transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { notifyAccount, notifyUser } from './notify';

const ROLE_WORDS: Record<string, string> = { owner: 'an owner', member: 'a member', 'view-only': 'a view-only user' };

const settlementLink = (settlementKey: string) => `/settlement?settlementKey=${encodeURIComponent(settlementKey)}`;

export async function notifySendFailed(trx: Kysely<Database>, s: { accountKey: string; settlementKey: string; settlementId: string; error: string; at: Date }): Promise<void> {
  await notifyAccount(trx, { accountKey: s.accountKey, kind: 'send-failed', title: `Settlement ${s.settlementId} was not sent`, body: s.error, link: settlementLink(s.settlementKey), at: s.at, subjects: [s.settlementKey] });
}

export async function notifyAutoSent(trx: Kysely<Database>, s: { accountKey: string; settlementKey: string; settlementId: string; at: Date }): Promise<void> {
  await notifyAccount(trx, { accountKey: s.accountKey, kind: 'auto-sent', title: `Settlement ${s.settlementId} was sent automatically`, body: 'Automation posted it to your accounting system. Its documents are listed on the settlement.', link: settlementLink(s.settlementKey), at: s.at });
}

export async function notifyConnectionError(trx: Kysely<Database>, c: { accountKey: string; systemName: string; isReauthNeeded: boolean; error: string; at: Date }): Promise<void> {
  await notifyAccount(trx, {
    accountKey: c.accountKey,
    kind: 'connection-error',
    title: c.isReauthNeeded ? `Reconnect ${c.systemName}` : `${c.systemName} could not be read`,
    body: c.isReauthNeeded ? `${c.systemName} refused Ledgerport's authorization, so no new settlements are fetched until you connect it again. ${c.error}` : `Fetching settlements failed; Ledgerport tries again at the next fetch. ${c.error}`,
    link: '/account-settings/connections',
    at: c.at,
  });
}

export interface NewSettlement {
  settlementKey: string;
  settlementId: string;
  isInconsistent: boolean;
  hasUnmappedTypes: boolean;
}

/** New settlements of one load: one 'mappings-needed' for those with unmapped types, one 'settlement-inconsistent' each. */
export async function notifyNewSettlements(trx: Kysely<Database>, accountKey: string, settlements: readonly NewSettlement[], at: Date): Promise<void> {
  const unmapped = settlements.filter((s) => s.hasUnmappedTypes);
  if (unmapped.length > 0) {
    const ids = unmapped.map((s) => s.settlementId);
    const named = ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more`;
    await notifyAccount(trx, {
      accountKey,
      kind: 'mappings-needed',
      title: unmapped.length === 1 ? `Settlement ${ids[0]} needs mappings` : `${unmapped.length} new settlements need mappings`,
      body: `Some transaction types of ${unmapped.length === 1 ? 'settlement' : 'settlements'} ${named} have no account yet. Map them before sending.`,
      link: unmapped.length === 1 ? settlementLink(unmapped[0]!.settlementKey) : '/mapping',
      at,
      subjects: unmapped.map((s) => s.settlementKey),
    });
  }
  for (const s of settlements.filter((x) => x.isInconsistent)) {
    await notifyAccount(trx, {
      accountKey,
      kind: 'settlement-inconsistent',
      title: `Settlement ${s.settlementId} is inconsistent`,
      body: 'Its lines do not add up to its total. Check it before sending: reprocess it, or post the difference as your settings say.',
      link: settlementLink(s.settlementKey),
      at,
      subjects: [s.settlementKey],
    });
  }
}

export async function notifyInvited(trx: Kysely<Database>, i: { userId: string; accountName: string; inviterName: string | null; role: string; at: Date }): Promise<void> {
  await notifyUser(trx, {
    userId: i.userId,
    kind: 'invite',
    title: `You are invited to ${i.accountName}`,
    body: `${i.inviterName ?? 'An owner'} invites you to open "${i.accountName}" as ${ROLE_WORDS[i.role] ?? i.role}. Accept or decline the invite at the top of the page.`,
    link: '/admin',
    at: i.at,
  });
}
