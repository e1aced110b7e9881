/**
 * A connection row as the connect path leaves it, for tests whose accounting port is a fake: the
 * connection state (core's deriveConnectionState, decision 0056) then says connected, as Home, the
 * send and every other reader will.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { createSecretBox } from '../src/security/secret-box';

export async function insertAccountingConnection(db: Kysely<Database>, accountKey: string, system: string, now: Date, secret = 'test-secret-not-for-production'): Promise<void> {
  const sealed = createSecretBox(secret).sealJson({ tokens: { accessToken: 'test', refreshToken: 'test', accessTokenExpiresAt: now.getTime() + 3_600_000 } }, `accounting-tokens:${accountKey}`);
  const values = { system, status: 'CONNECTED' as const, remote_id: `${system.toLowerCase()}-test`, remote_name: `${system} test company`, credentials_sealed: sealed, settings: '{}', updated_at: now };
  await db
    .insertInto('connections')
    .values({ connection_id: `acc-${accountKey}`, account_key: accountKey, role: 'accounting', created_at: now, ...values })
    .onConflict((oc) => oc.columns(['account_key', 'role']).doUpdateSet(values))
    .execute();
}
