import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { health } from '@ledgerport/contract';
import { addRoute } from './add-route';
import type { Deps } from './deps';

/** Answers only when the database does, so a supervisor restarting on failure sees real health. */
export function registerHealthRoute(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, health, async () => {
    await sql`select 1`.execute(deps.db);
    return { ok: true as const };
  });
}
