/**
 * The real AccountingPortResolver: the adapter of the account's connected system over its stored,
 * encrypted tokens (refreshed before expiry), through the connection's limiter, whose budget lives in
 * the database (shared-connection-limiter.ts), so every send of an account from every process shares
 * Xero's 60/min, 5-at-once and 5,000/day, QBO's 10/s and 500/min.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { ACCOUNTING_SYSTEM_DEFINITIONS, type ConnectionLimiter, type RemoteSystem } from '@ledgerport/integrations/accounting';
import type { AccountingPort } from '@ledgerport/core/posting';
import type { Deps } from '../../http/deps';
import type { AccountingPortResolver } from '../../http/accounting-port-resolver';
import { accessTokenOf, endpointsFor, findAccountingConnection, settingsOfRow } from './accounting-connection-store';
import { createSharedConnectionLimiter } from './shared-connection-limiter';

const limiters = new WeakMap<Kysely<Database>, Map<string, ConnectionLimiter>>();

function limiterOf(db: Kysely<Database>, connectionKey: string, system: RemoteSystem): ConnectionLimiter {
  let ofDb = limiters.get(db);
  if (!ofDb) limiters.set(db, (ofDb = new Map<string, ConnectionLimiter>()));
  let limiter = ofDb.get(connectionKey);
  if (!limiter) {
    limiter = createSharedConnectionLimiter(db, connectionKey, ACCOUNTING_SYSTEM_DEFINITIONS[system].limits);
    ofDb.set(connectionKey, limiter);
  }
  return limiter;
}

export async function buildAccountingPort(deps: Deps, accountKey: string): Promise<AccountingPort | null> {
  const row = await findAccountingConnection(deps.db, accountKey);
  if (!row || row.status === 'DISCONNECTED' || !row.credentials_sealed || !row.remote_id) return null;
  const system = row.system as RemoteSystem;
  const definition = ACCOUNTING_SYSTEM_DEFINITIONS[system];
  if (!definition) return null;
  const settings = settingsOfRow(row);
  return definition.createPort({
    endpoints: endpointsFor(deps, system, settings),
    remoteId: system === 'SAGE' && settings.businessId ? settings.businessId : row.remote_id,
    settings,
    limiter: limiterOf(deps.db, `${row.connection_id}:${row.remote_id}`, system),
    accessToken: (force) => accessTokenOf(deps, accountKey, force),
  });
}

export function createAccountingPortResolver(getDeps: () => Deps): AccountingPortResolver {
  return async (accountKey, system) => {
    const deps = getDeps();
    const row = await findAccountingConnection(deps.db, accountKey);
    if (!row || row.system !== system) return null;
    return buildAccountingPort(deps, accountKey);
  };
}
