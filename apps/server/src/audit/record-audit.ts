/**
 * The audit log: who changed what, when, in which account, with the state before and after.
 * Always written with the same transaction (or handle) as the change itself, so one is never
 * saved without the other.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';

export interface AuditEntry {
  actorUserId: string | null;
  accountKey?: string | null;
  organizationId?: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/** A support staff member's action in an account: its after state names them (staffName, staffEmail), as History shows. */
export async function recordStaffAudit(db: Kysely<Database>, entry: AuditEntry & { actorUserId: string }): Promise<void> {
  const staff = await db.selectFrom('users').select(['name', 'email']).where('user_id', '=', entry.actorUserId).executeTakeFirstOrThrow();
  await recordAudit(db, { ...entry, after: { ...entry.after, staffName: staff.name, staffEmail: staff.email } });
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      account_key: entry.accountKey ?? null,
      organization_id: entry.organizationId ?? null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_state: entry.before ? JSON.stringify(entry.before) : null,
      after_state: entry.after ? JSON.stringify(entry.after) : null,
      created_at: entry.at,
    })
    .execute();
}
