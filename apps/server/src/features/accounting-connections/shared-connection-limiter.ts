/**
 * The per-connection limiter (integrations' ConnectionLimiter) with its budget in the database, so
 * every server and worker process of one PostgreSQL shares it: Xero's 60 a minute, 5 at once and
 * 5,000 a day are the organisation's, not one process's.
 *
 * Taking a turn is one short transaction under an advisory lock on the connection (so two processes
 * never both take the last slot): count the calls started in each window and the leases still live,
 * and either record this call (started now, leased while it runs) or learn how long to wait. Time is
 * the database's clock, the same for every process. A call's lease is released when it ends; the
 * lease of a call whose process died lapses after `leaseMs`. A 429's Retry-After (`pauseFor`) is kept
 * in connection_call_pauses for the other processes and honoured here at once.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import type { ConnectionLimiter, LimiterPolicy } from '@ledgerport/integrations/accounting';

export interface SharedLimiterOptions {
  /** How long a call may hold its concurrency slot if its process dies mid-call (default 2 minutes). */
  leaseMs?: number;
  /** How often to look again while every slot is taken (default 250 ms). */
  slotPollMs?: number;
}

type Turn = { callId: string } | { waitMs: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSharedConnectionLimiter(db: Kysely<Database>, connectionKey: string, policy: LimiterPolicy, options: SharedLimiterOptions = {}): ConnectionLimiter {
  const leaseMs = options.leaseMs ?? 120_000;
  const slotPollMs = options.slotPollMs ?? 250;
  const longestMs = Math.max(0, ...policy.windows.map((w) => w.windowMs));
  const stats = { waiting: 0, running: 0, started: 0 };
  let localPauseUntil = 0;

  const takeTurn = (): Promise<Turn> =>
    db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`connection-calls:${connectionKey}`}, 0))`.execute(trx);
      const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(trx);
      const now = new Date(rows[0]!.now).getTime();
      const at = (ms: number) => new Date(now + ms);
      // Calls a minute older than the longest window and no longer running count for nothing.
      await trx
        .deleteFrom('connection_calls')
        .where('connection_key', '=', connectionKey)
        .where('started_at', '<', at(-longestMs - 60_000))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at(0))]))
        .execute();
      const calls = await trx
        .selectFrom('connection_calls')
        .select(['started_at', 'lease_until'])
        .where('connection_key', '=', connectionKey)
        .orderBy('started_at')
        .execute();
      const pause = await trx.selectFrom('connection_call_pauses').select('paused_until').where('connection_key', '=', connectionKey).executeTakeFirst();
      let waitMs = Math.max(0, (pause ? new Date(pause.paused_until).getTime() : 0) - now, localPauseUntil - Date.now());
      for (const w of policy.windows) {
        const inWindow = calls.map((c) => new Date(c.started_at).getTime()).filter((t) => t > now - w.windowMs);
        if (inWindow.length >= w.limit) waitMs = Math.max(waitMs, inWindow[inWindow.length - w.limit]! + w.windowMs - now);
      }
      const running = calls.filter((c) => c.lease_until !== null && new Date(c.lease_until).getTime() > now).length;
      if (running >= policy.concurrency) waitMs = Math.max(waitMs, slotPollMs);
      if (waitMs > 0) return { waitMs };
      const callId = crypto.randomUUID();
      await trx.insertInto('connection_calls').values({ call_id: callId, connection_key: connectionKey, started_at: at(0), lease_until: at(leaseMs) }).execute();
      return { callId };
    });

  const release = (callId: string) => db.updateTable('connection_calls').set({ lease_until: null }).where('call_id', '=', callId).execute();

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      stats.waiting += 1;
      let turn: Turn;
      try {
        turn = await takeTurn();
        while ('waitMs' in turn) {
          await sleep(Math.min(turn.waitMs, 5_000));
          turn = await takeTurn();
        }
      } finally {
        stats.waiting -= 1;
      }
      stats.running += 1;
      stats.started += 1;
      try {
        return await task();
      } finally {
        stats.running -= 1;
        await release(turn.callId);
      }
    },
    pauseFor(ms: number) {
      localPauseUntil = Math.max(localPauseUntil, Date.now() + ms);
      // Told to the other processes too; this process already waits by localPauseUntil.
      void db
        .insertInto('connection_call_pauses')
        .values({ connection_key: connectionKey, paused_until: sql<Date>`clock_timestamp() + ${`${ms} milliseconds`}::interval` })
        .onConflict((oc) => oc.column('connection_key').doUpdateSet({ paused_until: sql<Date>`greatest(connection_call_pauses.paused_until, excluded.paused_until)` }))
        .execute()
        .catch(() => undefined);
    },
    get stats() {
      return { ...stats };
    },
  };
}
