/**
 * A settlement's own history (issue 26, decision 0055): what happened to it, who did it and when,
 * from what is already recorded (its row and import, its documents, the audit entries about it, the
 * account's mapping saves); core's buildSettlementHistory words it. A deleted settlement's history is
 * still readable by the account; another account's is not found.
 */
import { z } from 'zod';
import { SETTLEMENT_HISTORY_KINDS } from '@ledgerport/core/settlements';
import { defineEndpoint } from './endpoint';
import { settlementKeySchema } from './settlements';
import { postingDiffSchema } from './reprocess-preview';

export const settlementHistoryEntrySchema = z
  .object({
    at: z.string(),
    kind: z.enum(SETTLEMENT_HISTORY_KINDS),
    title: z.string(),
    detail: z.string().nullable(),
    /** Who: a person's name or email, "Automation", "Ledgerport" or the channel. */
    by: z.string(),
    /** A confirmed reprocess of a posted settlement: what it changed, as shown before confirming. */
    diff: postingDiffSchema.optional(),
  })
  .meta({ id: 'SettlementHistoryEntry' });
export type SettlementHistoryEntry = z.infer<typeof settlementHistoryEntrySchema>;

export const getSettlementHistory = defineEndpoint({
  method: 'GET',
  url: '/settlement/history',
  summary: "A settlement's history, oldest first: imported, mapped, sent, posted, failed, reversed, reprocessed, held, released, deleted; each with who and when.",
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ settlementKey: settlementKeySchema }),
  response: z.object({ settlementKey: z.string(), isDeleted: z.boolean(), entries: z.array(settlementHistoryEntrySchema) }).meta({ id: 'SettlementHistory' }),
});
