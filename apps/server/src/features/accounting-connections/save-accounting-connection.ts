/**
 * The record a finished connect writes (the connect route after the OAuth callback, and the demo's
 * start-up for its local sandboxes, decision 0056): the account's accounting row with the sealed token
 * set and the organisation, the account's system and organisation name, and an audit entry. Reconnecting
 * the same NetSuite account keeps its NetSuite Configuration (subsidiary, department, class, location).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { ConnectionSettings, RemoteSystem, VendorTokenSet } from '@ledgerport/integrations/accounting';
import type { SecretBox } from '../../security/secret-box';
import { recordAudit } from '../../audit/record-audit';
import { tokenPurpose } from './accounting-connection-store';

export interface ConnectedAccounting {
  accountKey: string;
  system: RemoteSystem;
  tokens: VendorTokenSet;
  org: { remoteId: string; remoteName: string };
  settings: ConnectionSettings;
  /** Who connected; null for the demo's start-up. */
  actorUserId: string | null;
  now: Date;
}

export async function saveAccountingConnection(trx: Kysely<Database>, secretBox: SecretBox, c: ConnectedAccounting): Promise<void> {
  const previous = await trx.selectFrom('connections').select(['system', 'remote_id', 'settings']).where('account_key', '=', c.accountKey).where('role', '=', 'accounting').executeTakeFirst();
  const kept = previous?.system === 'NETSUITE' && c.system === 'NETSUITE' && previous.remote_id === c.org.remoteId ? keptNetSuiteChoices(previous.settings) : {};
  const values = {
    system: c.system,
    status: 'CONNECTED' as const,
    remote_id: c.org.remoteId,
    remote_name: c.org.remoteName,
    credentials_sealed: secretBox.sealJson({ tokens: c.tokens }, tokenPurpose(c.accountKey)),
    access_token_expires_at: new Date(c.tokens.accessTokenExpiresAt),
    refresh_token_expires_at: c.tokens.refreshTokenExpiresAt ? new Date(c.tokens.refreshTokenExpiresAt) : null,
    settings: JSON.stringify({ ...kept, ...c.settings }),
    last_error: null,
    last_error_at: null,
    updated_at: c.now,
  };
  await trx
    .insertInto('connections')
    .values({ connection_id: `acc-${c.accountKey}`, account_key: c.accountKey, role: 'accounting', created_at: c.now, ...values })
    .onConflict((oc) => oc.columns(['account_key', 'role']).doUpdateSet(values))
    .execute();
  const account = await trx.selectFrom('accounts').select(['accounting_system_reference_name']).where('account_key', '=', c.accountKey).executeTakeFirstOrThrow();
  await trx
    .updateTable('accounts')
    .set({ accounting_system: c.system, accounting_system_organization_name: c.org.remoteName, accounting_system_reference_name: account.accounting_system_reference_name ?? c.org.remoteName })
    .where('account_key', '=', c.accountKey)
    .execute();
  await recordAudit(trx, {
    actorUserId: c.actorUserId,
    accountKey: c.accountKey,
    action: 'connection.connected',
    entityType: 'connection',
    entityId: `${c.accountKey}:accounting`,
    after: { role: 'accounting', system: c.system, organizationName: c.org.remoteName, ...(c.settings.localSandboxUrl ? { localSandboxUrl: c.settings.localSandboxUrl } : {}) },
    at: c.now,
  });
}

function keptNetSuiteChoices(stored: unknown): ConnectionSettings {
  const s = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? {})) as ConnectionSettings;
  const { subsidiaryId, departmentId, classId, locationId, netSuiteNames } = s;
  return JSON.parse(JSON.stringify({ subsidiaryId, departmentId, classId, locationId, netSuiteNames })) as ConnectionSettings;
}
