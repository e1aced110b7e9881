/**
 * One run of a settlement's send at a time, across every process (issue 31). pg-boss can start a
 * second run while the first is alive: a singletonKey does not hold back a second job on a standard
 * queue (two Send clicks served by two web processes queue two), and a job whose heartbeat was late
 * (a starved process) is handed to another worker while its first run goes on. Two runs of one part
 * then both find its SENDING row and both call the system; a system whose idempotency is a lookup
 * before the create (Sage: by the document number) then makes the document twice.
 *
 * On PostgreSQL the lock is a session advisory lock on a connection held for the send: it goes with
 * the connection when the process dies, so a killed send never blocks its retry. On the embedded
 * database there is one process, and a set in its memory is the lock.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

const heldHere = new Set<string>();

/** Runs `send` unless another run holds the settlement's send; answers whether it ran. */
export async function withSendLock(db: Kysely<Database>, isPostgres: boolean, settlementKey: string, send: () => Promise<void>): Promise<boolean> {
  if (heldHere.has(settlementKey)) return false;
  heldHere.add(settlementKey);
  try {
    if (!isPostgres) {
      await send();
      return true;
    }
    // Two 32-bit hashes of the key: two settlements sharing both is not a practical case.
    const key = `send-settlement:${settlementKey}`;
    return await db.connection().execute(async (conn) => {
      const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${key}), hashtext(${`lp:${key}`})) as locked`.execute(conn);
      if (got.rows[0]?.locked !== true) return false;
      try {
        await send();
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${key}), hashtext(${`lp:${key}`}))`.execute(conn);
      }
      return true;
    });
  } finally {
    heldHere.delete(settlementKey);
  }
}
