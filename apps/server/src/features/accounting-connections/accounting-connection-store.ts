/**
 * The account's accounting connection row (connections, role 'accounting') and its sealed token set.
 * Token refresh is serialised per connection in this process and re-reads the row first, so two
 * sends never spend the same rotating refresh token (Xero, Sage) or keep an older rolling one (QBO):
 * the newest set is always the one stored.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ConnectionsTable, Database } from '@ledgerport/db';
import { AccountingError } from '@ledgerport/core/posting';
import { ACCOUNTING_SYSTEM_DEFINITIONS, createOAuthClient, expandUrl, isAccessTokenDue, type ConnectionSettings, type RemoteSystem, type SystemEndpoints, type VendorTokenSet } from '@ledgerport/integrations/accounting';
import type { Deps } from '../../http/deps';
import { loadAccountingConfig } from '../../config/accounting-config';

export type ConnectionRow = Selectable<ConnectionsTable>;

export const tokenPurpose = (accountKey: string) => `accounting-tokens:${accountKey}`;

export function accountingConfigOf(deps: Pick<Deps, 'config'>) {
  return deps.config.accounting ?? loadAccountingConfig({});
}

/** A system's endpoints with NetSuite's {accountId} filled in. */
export function endpointsFor(deps: Pick<Deps, 'config'>, system: RemoteSystem, settings: ConnectionSettings): SystemEndpoints {
  const e = accountingConfigOf(deps)[system];
  return { ...e, authorizeUrl: expandUrl(e.authorizeUrl, settings), tokenUrl: expandUrl(e.tokenUrl, settings), apiBaseUrl: e.apiBaseUrl };
}

export async function findAccountingConnection(db: Kysely<Database>, accountKey: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('account_key', '=', accountKey).where('role', '=', 'accounting').executeTakeFirst();
}

export function settingsOfRow(row: ConnectionRow): ConnectionSettings & { businessId?: string } {
  const s = row.settings as unknown;
  return (typeof s === 'string' ? JSON.parse(s) : (s ?? {})) as ConnectionSettings & { businessId?: string };
}

export async function saveTokens(db: Kysely<Database>, deps: Pick<Deps, 'secretBox'>, accountKey: string, tokens: VendorTokenSet, now: Date): Promise<void> {
  await db
    .updateTable('connections')
    .set({
      credentials_sealed: deps.secretBox.sealJson({ tokens }, tokenPurpose(accountKey)),
      access_token_expires_at: new Date(tokens.accessTokenExpiresAt),
      refresh_token_expires_at: tokens.refreshTokenExpiresAt ? new Date(tokens.refreshTokenExpiresAt) : null,
      updated_at: now,
    })
    .where('account_key', '=', accountKey)
    .where('role', '=', 'accounting')
    .execute();
}

export async function markConnectionProblem(db: Kysely<Database>, accountKey: string, message: string, now: Date): Promise<void> {
  await db.updateTable('connections').set({ status: 'PROBLEM', last_error: message, last_error_at: now, updated_at: now }).where('account_key', '=', accountKey).where('role', '=', 'accounting').execute();
  await db.updateTable('accounts').set({ accounting_system_connected: false }).where('account_key', '=', accountKey).execute();
}

const refreshing = new Map<string, Promise<string>>();

/**
 * The access token of the account's connection: the stored one while it is fresh, else a refreshed
 * one (also when `force`: the system answered 401). Failure marks the connection as needing the user.
 */
export async function accessTokenOf(deps: Pick<Deps, 'db' | 'secretBox' | 'clock' | 'config'>, accountKey: string, force: boolean): Promise<string> {
  const read = async () => {
    const row = await findAccountingConnection(deps.db, accountKey);
    if (!row?.credentials_sealed || row.status === 'DISCONNECTED') {
      throw new AccountingError({ kind: 'auth', message: 'The accounting system is not connected. Connect it from the admin page.' });
    }
    return { row, tokens: deps.secretBox.openJson<{ tokens: VendorTokenSet }>(row.credentials_sealed, tokenPurpose(accountKey)).tokens };
  };
  const { tokens } = await read();
  if (!force && !isAccessTokenDue(tokens, deps.clock())) return tokens.accessToken;
  const running = refreshing.get(accountKey);
  if (running) return running;
  const staleToken = tokens.accessToken;
  const job = (async () => {
    const { row, tokens: current } = await read();
    // Another caller refreshed meanwhile: use its set.
    if (current.accessToken !== staleToken && !isAccessTokenDue(current, deps.clock())) return current.accessToken;
    if (!current.refreshToken) throw new AccountingError({ kind: 'auth', message: 'The accounting connection has expired. Reconnect it from the admin page.' });
    const system = row.system as RemoteSystem;
    const definition = ACCOUNTING_SYSTEM_DEFINITIONS[system];
    try {
      const next = await createOAuthClient(definition.oauth(endpointsFor(deps, system, settingsOfRow(row)))).refresh(current.refreshToken, deps.clock());
      await saveTokens(deps.db, deps, accountKey, next, deps.clock());
      return next.accessToken;
    } catch (error) {
      if (error instanceof AccountingError && error.failure.kind === 'auth') await markConnectionProblem(deps.db, accountKey, error.message, deps.clock());
      throw error;
    }
  })();
  refreshing.set(accountKey, job);
  try {
    return await job;
  } finally {
    refreshing.delete(accountKey);
  }
}
