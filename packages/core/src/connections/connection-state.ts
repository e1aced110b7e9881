/**
 * The state of an account's accounting connection or sales channel, derived from its `connections`
 * row and nothing else (decision 0056). Home, the Admin page, Settings > Connections, the backend,
 * the send and the fetch all ask this one function, so they cannot disagree: there is no second copy
 * of "connected" on the account.
 *
 * - none: no row (or a connect that never finished);
 * - connected: credentials stored and usable;
 * - expired: the system refused the credentials or the refresh token is past its expiry: reconnect;
 * - error: the credentials work but the last call failed (a sales channel's fetch); still usable;
 * - disconnected: the user disconnected it (credentials deleted).
 * The built-in ledger (MANUAL) needs no row and is always connected; NONE has no accounting system.
 */
import { localSandboxUrlOf } from './local-sandbox';

export type ConnectionState = 'none' | 'connected' | 'expired' | 'error' | 'disconnected';
export type ConnectionRole = 'accounting' | 'sales-channel' | 'sales-source';
export type ConnectionBadgeText = 'Connected' | 'Connection Error' | 'Connection Problem' | 'Disconnected';

/** The fields of a `connections` row the state depends on. */
export interface ConnectionRecord {
  role: ConnectionRole;
  system: string;
  status: 'PENDING' | 'CONNECTED' | 'DISCONNECTED' | 'ERROR' | 'PROBLEM';
  hasCredentials: boolean;
  refreshTokenExpiresAt: Date | null;
  remoteName: string | null;
  settings: unknown;
}

export interface DerivedConnection {
  state: ConnectionState;
  /** The system the state is about (the row's, else the account's own). */
  system: string;
  /** A send or fetch may use it (connected, or error: the credentials still work). */
  isUsable: boolean;
  badge: ConnectionBadgeText;
  /** The organisation or store it is connected to, when it is usable. */
  remoteName: string | null;
  /** A local sandbox on this machine (the demo), never a real company file. */
  isSandbox: boolean;
  localSandboxUrl: string | null;
}

const BADGES: Record<ConnectionState, ConnectionBadgeText> = {
  none: 'Disconnected',
  connected: 'Connected',
  expired: 'Connection Error',
  error: 'Connection Problem',
  disconnected: 'Disconnected',
};

function stateOfRow(row: ConnectionRecord, now: Date): ConnectionState {
  if (row.status === 'PENDING') return 'none';
  if (row.status === 'DISCONNECTED' || !row.hasCredentials) return 'disconnected';
  if (row.refreshTokenExpiresAt && row.refreshTokenExpiresAt.getTime() <= now.getTime()) return 'expired';
  // The accounting store marks PROBLEM when the system refused the refresh (auth); a channel's fetch
  // marks ERROR when the channel refused the credentials and PROBLEM when a fetch failed otherwise.
  if (row.role === 'accounting') return row.status === 'PROBLEM' ? 'expired' : row.status === 'ERROR' ? 'error' : 'connected';
  return row.status === 'ERROR' ? 'expired' : row.status === 'PROBLEM' ? 'error' : 'connected';
}

/** The state of a sales channel (or payment source) from its row; `system` names it when there is none. */
export function deriveConnectionState(row: ConnectionRecord | undefined, now: Date, system = row?.system ?? 'NONE'): DerivedConnection {
  const state = row ? stateOfRow(row, now) : 'none';
  const isUsable = state === 'connected' || state === 'error';
  const localSandboxUrl = row ? localSandboxUrlOf(row.settings) : null;
  return { state, system: row?.system ?? system, isUsable, badge: BADGES[state], remoteName: isUsable ? (row?.remoteName ?? null) : null, isSandbox: localSandboxUrl !== null, localSandboxUrl };
}

/**
 * The state of an account's accounting system: the built-in ledger is always connected, NONE never;
 * a remote system is its connection row's state, and a row of another system than the account's
 * (left over from before a switch) counts as none.
 */
export function deriveAccountingConnectionState(accountingSystem: string, row: ConnectionRecord | undefined, now: Date): DerivedConnection {
  if (accountingSystem === 'MANUAL') return { state: 'connected', system: 'MANUAL', isUsable: true, badge: 'Connected', remoteName: null, isSandbox: false, localSandboxUrl: null };
  if (accountingSystem === 'NONE') return deriveConnectionState(undefined, now, 'NONE');
  return deriveConnectionState(row && row.system === accountingSystem ? row : undefined, now, accountingSystem);
}

/** The account's two connections from all its rows: the accounting system's, and the sales channel's own row (never another channel's). */
export function deriveAccountConnections(account: { accountingSystem: string; salesChannel: string }, rows: readonly ConnectionRecord[], now: Date): { accounting: DerivedConnection; salesChannel: DerivedConnection } {
  return {
    accounting: deriveAccountingConnectionState(account.accountingSystem, rows.find((r) => r.role === 'accounting'), now),
    salesChannel: deriveConnectionState(rows.find((r) => r.role !== 'accounting' && r.system === account.salesChannel), now, account.salesChannel),
  };
}

/** Why a send or fetch cannot use the connection, in a bookkeeper's words; null when it can. */
export function connectionRefusal(c: DerivedConnection, systemName: string): string | null {
  switch (c.state) {
    case 'connected':
    case 'error':
      return null;
    case 'none':
      return `${systemName} is not connected. Connect it from Settings > Connections first.`;
    case 'expired':
      return `The connection to ${systemName} has expired or was refused. Reconnect it from Settings > Connections.`;
    case 'disconnected':
      return `${systemName} was disconnected. Connect it again from Settings > Connections.`;
  }
}
