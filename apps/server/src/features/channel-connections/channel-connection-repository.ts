/**
 * The sales channel / payment source row of an account in `connections` (role 'sales-channel' or
 * 'sales-source'). Credentials are sealed with the secret box, bound to the account and role, so a
 * sealed token copied into another account's row does not open.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ConnectionsTable } from '@ledgerport/db';
import type { ChannelCredentials } from '@ledgerport/integrations/channels';
import type { SecretBox } from '../../security/secret-box';
import { refreshAccountStatus } from '../partner/refresh-account-status';

export type ChannelRole = 'sales-channel' | 'sales-source';
export type ConnectionRow = Selectable<ConnectionsTable>;

/** PayPal and Afterpay are payment sources; every other channel is a sales channel. */
export const roleOfChannel = (channel: string): ChannelRole => (channel === 'PAYPAL' || channel === 'AFTERPAY' ? 'sales-source' : 'sales-channel');

const purpose = (accountKey: string, role: string) => `channel-credentials:${accountKey}:${role}`;

export function sealCredentials(box: SecretBox, accountKey: string, role: string, credentials: ChannelCredentials): string {
  return box.sealJson(credentials, purpose(accountKey, role));
}

export function openCredentials(box: SecretBox, row: Pick<ConnectionRow, 'account_key' | 'role' | 'credentials_sealed'>): ChannelCredentials | null {
  if (!row.credentials_sealed) return null;
  return box.openJson<ChannelCredentials>(row.credentials_sealed, purpose(row.account_key, row.role));
}

export async function findChannelConnection(db: Kysely<Database>, accountKey: string, role: ChannelRole): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('account_key', '=', accountKey).where('role', '=', role).executeTakeFirst();
}

export async function findAccountChannelConnection(db: Kysely<Database>, accountKey: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('account_key', '=', accountKey).where('role', 'in', ['sales-channel', 'sales-source']).orderBy('role').executeTakeFirst();
}

export interface SaveConnection {
  accountKey: string;
  role: ChannelRole;
  system: string;
  remoteId: string;
  remoteName: string;
  credentialsSealed: string;
  accessTokenExpiresAt: Date | null;
  /** Amazon's selling region (NA, EU, FE); null for channels without regions. */
  region?: string | null;
  now: Date;
}

export async function saveConnectedChannel(db: Kysely<Database>, c: SaveConnection): Promise<void> {
  await db
    .insertInto('connections')
    .values({
      connection_id: randomUUID(),
      account_key: c.accountKey,
      role: c.role,
      system: c.system,
      status: 'CONNECTED',
      remote_id: c.remoteId,
      remote_name: c.remoteName,
      credentials_sealed: c.credentialsSealed,
      access_token_expires_at: c.accessTokenExpiresAt,
      region: c.region ?? null,
      settings: JSON.stringify({}),
      last_error: null,
      last_error_at: null,
      created_at: c.now,
      updated_at: c.now,
    })
    .onConflict((oc) =>
      oc.columns(['account_key', 'role']).doUpdateSet({
        system: c.system,
        status: 'CONNECTED',
        remote_id: c.remoteId,
        remote_name: c.remoteName,
        credentials_sealed: c.credentialsSealed,
        access_token_expires_at: c.accessTokenExpiresAt,
        region: c.region ?? null,
        last_error: null,
        last_error_at: null,
        updated_at: c.now,
      }),
    )
    .execute();
  await refreshAccountStatus(db, c.accountKey, c.now);
}

export async function updateConnection(db: Kysely<Database>, accountKey: string, role: ChannelRole, values: Partial<{ status: ConnectionRow['status']; last_error: string | null; last_error_at: Date | null; last_synced_at: Date; credentials_sealed: string | null; access_token_expires_at: Date | null; settings: string }>, now: Date): Promise<void> {
  await db.updateTable('connections').set({ ...values, updated_at: now }).where('account_key', '=', accountKey).where('role', '=', role).execute();
  await refreshAccountStatus(db, accountKey, now);
}

export function settingsOf(row: ConnectionRow): ChannelConnectionSettings {
  return (row.settings ?? {});
}

export interface StoredHistoryRequest {
  requestId: string;
  fromDate: string;
  toDate: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  requestedAt: string;
  finishedAt: string | null;
  settlementCount: number | null;
  /** Open settlements the request fetched again unchanged (absent on requests stored before it was counted). */
  unchangedCount?: number | null;
  message: string | null;
}

/** What the connection keeps in `settings` (jsonb). */
export interface ChannelConnectionSettings {
  /** Epoch ms the next scheduled fetch starts from (moved back for reports still being generated). */
  fetchFrom?: number;
  historyRequests?: StoredHistoryRequest[];
}
