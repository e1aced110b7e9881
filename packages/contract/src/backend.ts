/**
 * The support backend (issue 19; spec section 2, /backend): cross-account lists for root admins,
 * support leads and support admins. Every call is admin-only; to anyone else it does not exist.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { salesChannelSchema } from './enums';
import { decimalAmountSchema } from './money';
import { historyRequestSchema } from './channel-connections';
import { backendSettlementFields } from './backend-account-area';

export const inconsistentSettlementSchema = z
  .object({
    accountKey: z.string(),
    accountName: z.string(),
    salesChannel: salesChannelSchema,
    ...backendSettlementFields,
    /** total minus linesTotal. */
    difference: decimalAmountSchema,
    reason: z.string().nullable(),
    isOnHold: z.boolean(),
    postingStatus: z.enum(['POSTED', 'PARTIALLY_POSTED', 'NOT_POSTED']),
  })
  .meta({ id: 'InconsistentSettlement' });
export type InconsistentSettlement = z.infer<typeof inconsistentSettlementSchema>;

export const listInconsistentSettlements = defineEndpoint({
  method: 'GET',
  url: '/backend/inconsistent-settlements',
  summary: 'Every inconsistent settlement across accounts, newest first, with its difference (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  querystring: z.strictObject({
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(500, 'limit must be at most 500.').default(100),
  }),
  response: z.object({ settlements: z.array(inconsistentSettlementSchema) }),
});

export const fetchHistoryStatusSchema = historyRequestSchema
  .extend({ accountKey: z.string(), accountName: z.string(), salesChannel: salesChannelSchema })
  .meta({ id: 'FetchHistoryStatus' });
export type FetchHistoryStatus = z.infer<typeof fetchHistoryStatusSchema>;

export const listFetchHistoryStatus = defineEndpoint({
  method: 'GET',
  url: '/backend/fetch-history-status',
  summary: 'Every history fetch requested across accounts, newest first, with its status (admin only).',
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  querystring: z.strictObject({
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(500, 'limit must be at most 500.').default(100),
  }),
  response: z.object({ requests: z.array(fetchHistoryStatusSchema) }),
});
