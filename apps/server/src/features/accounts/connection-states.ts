/**
 * The one reading of an account's connections (decision 0056): its `connections` rows handed to
 * core's deriveAccountConnections. Home and the Admin page (the account in /user-meta), Settings >
 * Connections, the accounting settings pages, the backend, automation, the send and the fetch all ask
 * here, so none of them can say "connected" while another says "not connected".
 */
import type { Kysely, Selectable } from 'kysely';
import type { ConnectionsTable, Database } from '@ledgerport/db';
import { connectedSystemLabel, connectionRefusal, deriveAccountConnections, deriveAccountingConnectionState, deriveConnectionState, type ConnectionRecord, type DerivedConnection } from '@ledgerport/core/connections';
import { accountingSystemLabel } from '@ledgerport/core/posting';

type ConnectionRowOf = Pick<Selectable<ConnectionsTable>, 'role' | 'system' | 'status' | 'credentials_sealed' | 'refresh_token_expires_at' | 'remote_name' | 'settings'>;

export function connectionRecordOf(row: ConnectionRowOf): ConnectionRecord {
  const settings = typeof row.settings === 'string' ? (JSON.parse(row.settings) as unknown) : row.settings;
  return { role: row.role, system: row.system, status: row.status, hasCredentials: row.credentials_sealed !== null && row.credentials_sealed !== '', refreshTokenExpiresAt: row.refresh_token_expires_at, remoteName: row.remote_name, settings };
}

/** A connection's state from its row alone (or none); the role in the row says how its status reads. */
export function stateOfConnectionRow(row: ConnectionRowOf | undefined, now: Date, system?: string): DerivedConnection {
  return deriveConnectionState(row ? connectionRecordOf(row) : undefined, now, system);
}

/** The accounting state of an account whose system is `accountingSystem`, from its accounting row (or none). */
export function accountingStateOfRow(accountingSystem: string, row: ConnectionRowOf | undefined, now: Date): DerivedConnection {
  return deriveAccountingConnectionState(accountingSystem, row ? connectionRecordOf(row) : undefined, now);
}

export interface AccountConnectionStates {
  accounting: DerivedConnection;
  salesChannel: DerivedConnection;
}

/** Both states of one account; undefined for an account that does not exist. */
export async function findConnectionStates(db: Kysely<Database>, accountKey: string, now: Date): Promise<AccountConnectionStates | undefined> {
  const account = await db.selectFrom('accounts').select(['accounting_system', 'sales_channel']).where('account_key', '=', accountKey).executeTakeFirst();
  if (!account) return undefined;
  const rows = await db
    .selectFrom('connections')
    .select(['role', 'system', 'status', 'credentials_sealed', 'refresh_token_expires_at', 'remote_name', 'settings'])
    .where('account_key', '=', accountKey)
    .execute();
  return deriveAccountConnections({ accountingSystem: account.accounting_system, salesChannel: account.sales_channel }, rows.map(connectionRecordOf), now);
}

export async function getConnectionStates(db: Kysely<Database>, accountKey: string, now: Date): Promise<AccountConnectionStates> {
  const states = await findConnectionStates(db, accountKey, now);
  if (!states) throw new Error(`account ${accountKey} does not exist`);
  return states;
}

/** Why a send cannot go to the account's accounting system, naming it as the screens do; null when it can. */
export function accountingSendRefusal(accounting: DerivedConnection): string | null {
  if (accounting.system === 'NONE') return accounting.isUsable ? null : 'This account has no accounting system yet. Choose one (or the built-in ledger) under Settings > Connections, then send.';
  return connectionRefusal(accounting, connectedSystemLabel(accountingSystemLabel(accounting.system), accounting.isSandbox));
}
