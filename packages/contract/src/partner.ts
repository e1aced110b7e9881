import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { accountIdentityFields } from './account';

const isoTimestamp = z.iso.datetime({ offset: true });

/** One client account on the Partner Dashboard: read from its status summary row (decision 0035). */
export const partnerAccountStatusSchema = z
  .object({
    ...accountIdentityFields,
    isCurrent: z.boolean(),
    waitingCount: z.number().int().nonnegative(),
    unmappedCount: z.number().int().nonnegative(),
    inconsistentCount: z.number().int().nonnegative(),
    onHoldCount: z.number().int().nonnegative(),
    failedCount: z.number().int().nonnegative(),
    connectionStatus: z.string().nullable(),
    connectionError: z.string().nullable(),
    lastPostedAt: isoTimestamp.nullable(),
    lastFetchedAt: isoTimestamp.nullable(),
    /** Core's attentionReasons: 'connection error', 'unmapped types', 'inconsistent', 'failed sends', 'waiting'. */
    attentionReasons: z.array(z.string()),
  })
  .meta({ id: 'PartnerAccountStatus' });
export type PartnerAccountStatus = z.infer<typeof partnerAccountStatusSchema>;

export const listPartnerAccountsStatus = defineEndpoint({
  method: 'GET',
  url: '/partner/accounts-status',
  summary: "The caller's client accounts (those carrying the caller's partner code) with their status, sorted by name.",
  tag: 'partner',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({}),
  response: z.object({ partnerCode: z.string().nullable(), accounts: z.array(partnerAccountStatusSchema) }),
});
