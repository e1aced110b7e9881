/** The audit entry of an action on one settlement; its history (settlement-history.ts) reads these. */
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { recordAudit } from '../../audit/record-audit';
import type { Caller } from '../../http/caller';
import type { Deps } from '../../http/deps';
import type { SettlementRow } from '../stored-settlements/load-settlement';

/** One audit entry of a settlement action: before is the settlement as it was, after what the action made of it (null when deleted). */
export async function auditSettlement(deps: Deps, caller: Caller, row: SettlementRow, action: string, after: Record<string, unknown> | null, db: Kysely<Database> = deps.db): Promise<void> {
  await recordAudit(db, {
    actorUserId: caller.userId,
    accountKey: row.account_key,
    action,
    entityType: 'settlement',
    entityId: row.settlement_key,
    before: { settlementId: row.settlement_id, postingStatus: row.posting_status, total: row.total, currency: row.currency },
    after: after === null ? null : { settlementId: row.settlement_id, ...after },
    at: deps.clock(),
  });
}

