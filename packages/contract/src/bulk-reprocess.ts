/**
 * Bulk reprocess (issue 28, decision 0062): first a summary of what reprocessing the chosen settlements
 * would change (how many change and by how much in total, per currency), then the confirm, which sends
 * back each settlement's preview token: a settlement that changed since the summary is skipped, saying so.
 */
import { z } from 'zod';
import { BULK_SETTLEMENTS_MAX } from './limits';
import { defineEndpoint } from './endpoint';
import { settlementKeySchema } from './settlements';
import { movedAmountSchema, previewTokenSchema } from './reprocess-preview';

const bulkKeysSchema = z
  .array(settlementKeySchema)
  .min(1, 'Choose at least one settlement.')
  .max(BULK_SETTLEMENTS_MAX, `Choose at most ${BULK_SETTLEMENTS_MAX} settlements for one bulk action.`);

export const BULK_REPROCESS_OUTCOMES = ['changes', 'unchanged', 'not-posted', 'blocked'] as const;

export const bulkReprocessSummarySchema = z
  .object({
    settlementCount: z.number().int(),
    /** Posted settlements whose documents would change. */
    changeCount: z.number().int(),
    unchangedCount: z.number().int(),
    /** Not posted yet: reprocess only rebuilds their flags and documents. */
    notPostedCount: z.number().int(),
    /** Would not post now (unmapped type, missing account...): left as they are. */
    blockedCount: z.number().int(),
    /** In total, per currency, what moves between accounts. */
    moved: z.array(movedAmountSchema),
    settlements: z.array(
      z.object({
        settlementKey: z.string(),
        settlementId: z.string(),
        outcome: z.enum(BULK_REPROCESS_OUTCOMES),
        message: z.string(),
        reverseCount: z.number().int(),
        postCount: z.number().int(),
        lineCount: z.number().int(),
        moved: z.array(movedAmountSchema),
        /** Send back to confirm this settlement (null when not posted). */
        previewToken: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BulkReprocessSummary' });
export type BulkReprocessSummary = z.infer<typeof bulkReprocessSummarySchema>;

export const previewBulkReprocess = defineEndpoint({
  method: 'POST',
  url: '/bulkReprocess/preview',
  summary: 'What reprocessing the chosen settlements (of one account) would change: how many change and by how much in total. Changes nothing.',
  tag: 'settlements',
  access: 'user',
  effect: 'read',
  body: z.strictObject({ bulkSettlement: bulkKeysSchema }),
  response: bulkReprocessSummarySchema,
});

export const confirmBulkReprocess = defineEndpoint({
  method: 'POST',
  url: '/bulkReprocess',
  summary: "Reprocess the chosen settlements as their summary showed them: each posted one with its preview token; one that changed since is skipped, saying so.",
  tag: 'settlements',
  access: 'user',
  effect: 'write',
  body: z.strictObject({
    settlements: z
      .array(z.strictObject({ settlementKey: settlementKeySchema, previewToken: previewTokenSchema.nullable() }))
      .min(1, 'Choose at least one settlement.')
      .max(BULK_SETTLEMENTS_MAX, `Choose at most ${BULK_SETTLEMENTS_MAX} settlements for one bulk action.`),
  }),
  response: z
    .object({
      done: z.array(z.string()),
      skipped: z.array(z.object({ settlementKey: z.string(), reason: z.string() })),
      message: z.string(),
    })
    .meta({ id: 'BulkReprocessResult' }),
});
